// SPDX-License-Identifier: Apache-2.0
// Loads a variant file (format in docs/variants.md) from its text. No file I/O: callers read
// the file and pass its contents, so the same code validates uploads and files on disk.
//
// Every problem is reported, each with a JSON Pointer to the offending value and a message; the
// Variant is returned only when there are none. The returned Variant is complete: names indexed,
// army adjacency sorted, fleet edges sorted, home centres set on provinces and powers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "variant/display.h"
#include "variant/variant.h"

namespace adjutant {

struct VariantError {
    std::string path;     // JSON Pointer, "" for the whole document
    std::string message;  // "unknown province \"XYZ\""
};

struct VariantLoad {
    std::optional<Variant> variant;  // engaged exactly when `errors` is empty
    VariantDisplay display;          // filled only alongside `variant`
    std::vector<VariantError> errors;
    // What the caller's StringCheck found, alongside `variant` only; they do not stop the load.
    std::vector<VariantError> string_problems;

    bool ok() const { return errors.empty(); }
};

// A check the caller makes of every string of the file, keys and values alike (the server's: a
// name or title is one line of text, with no control character): what is wrong with `text`, or
// empty. Each problem is reported at its string's JSON Pointer, a key's at the value it names.
using StringCheck = std::string (*)(std::string_view text);

VariantLoad load_variant(std::string_view json_text, StringCheck check = nullptr);

}  // namespace adjutant
