// SPDX-License-Identifier: Apache-2.0
// The web UI (server/web/): its files are compiled into the binary at build time
// (embed_web.cmake), so an installed `adjutant` needs no asset directory and a URL can only
// ever name one of the embedded files — there is no file system path to traverse.
//
// Served by the router at GET / (index.html) and GET /web/{file}. Thread-safe: the table and
// the ETags are computed once, on first use, and never change.
#pragma once

#include <span>
#include <string_view>

#include "http/message.h"

namespace adjutant::http {

struct EmbeddedFile {
    std::string_view name;  // base name: "app.js"
    std::string_view content;
};

// The embedded files, sorted by name. Defined in the generated web_embedded.cpp.
std::span<const EmbeddedFile> embedded_web_files();

// The response for GET of the web file `name` (a base name, as it appears after /web/): 200 with
// its Content-Type, a strong ETag and Cache-Control: no-cache (set by the session for any
// ETag), 304 when `if_none_match` names that ETag, or a JSON 404 for any other name (including
// anything with a slash, a dot-dot or a percent escape, which no embedded name has).
Response static_file(std::string_view name, std::string_view if_none_match);

// The Content-Type for a file name, by its extension (application/octet-stream if unknown).
std::string_view content_type_for(std::string_view name);

}  // namespace adjutant::http
