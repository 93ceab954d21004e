// SPDX-License-Identifier: Apache-2.0
#include "http/static_files.h"

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

namespace adjutant::http {

namespace {

struct Entry {
    std::string_view content;
    std::string etag;
};

// FNV-1a is enough for an ETag: it only has to change when the content does, and the content
// is fixed at build time (no adversary chooses it).
std::string etag_of(std::string_view content) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (unsigned char c : content) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    char text[24];
    std::snprintf(text, sizeof text, "\"%016llx\"", static_cast<unsigned long long>(hash));
    return text;
}

const std::map<std::string_view, Entry>& table() {
    static const auto files = [] {
        std::map<std::string_view, Entry> out;
        for (const auto& file : embedded_web_files())
            out.emplace(file.name, Entry{file.content, etag_of(file.content)});
        return out;
    }();
    return files;
}

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

std::string_view content_type_for(std::string_view name) {
    if (ends_with(name, ".html")) return "text/html; charset=utf-8";
    if (ends_with(name, ".js")) return "text/javascript; charset=utf-8";
    if (ends_with(name, ".css")) return "text/css; charset=utf-8";
    if (ends_with(name, ".svg")) return "image/svg+xml";
    if (ends_with(name, ".txt")) return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

Response static_file(std::string_view name, std::string_view if_none_match) {
    Response response;
    const auto& files = table();
    auto it = files.find(name);
    if (it == files.end()) {
        // Not echoed back: the name is whatever the client sent.
        response.status = 404;
        response.body = R"({"error":{"code":"not_found","message":"no such web file"}})";
        return response;
    }
    response.etag = it->second.etag;
    // The UI talks only to this origin and loads no inline script or style, so the policy can
    // be strict; nosniff keeps a browser from reading a script as anything else.
    response.headers.emplace_back("X-Content-Type-Options", "nosniff");
    response.headers.emplace_back("Referrer-Policy", "no-referrer");
    if (ends_with(name, ".html"))
        response.headers.emplace_back("Content-Security-Policy",
                                      "default-src 'self'; img-src 'self' data:; "
                                      "object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    if (!if_none_match.empty() && if_none_match.find(it->second.etag) != std::string_view::npos) {
        response.status = 304;
        response.content_type.clear();
        return response;
    }
    response.content_type = std::string(content_type_for(name));
    response.body = std::string(it->second.content);
    return response;
}

}  // namespace adjutant::http
