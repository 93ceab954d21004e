// SPDX-License-Identifier: Apache-2.0
// Reads a map in DPjudge's `.map` format (the format the python `diplomacy` engine's maps use
// too) and writes the variant file that describes it (docs/variants.md, "Importing a DPjudge
// map"). No file I/O: the caller passes the main file's text and a reader for the files it
// includes (`USE`, `MAP`), so the same code serves the command line and an upload.
//
// Every problem is reported with the file and line that causes it. What the format says and this
// engine cannot honour (a `RULE` flag, a changing victory count, a phase flow, dummies, leagues,
// special adjacency rules) is refused, naming the directive and its line, never dropped.
// The produced text always passes `load_variant()`: the importer checks its own output.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant {

// The largest map file (each one, includes too) the importer reads.
inline constexpr std::size_t kMaxMapFileBytes = 1024 * 1024;

struct MapImportError {
    std::string file;  // the file as the map names it ("standard.geography")
    int line = 0;      // 1-based; 0 when the problem is the whole file or the result
    std::string message;
};

// Text of an included file, or nullopt when there is none by that name. The name is a plain
// file name (no folder), with ".map" added when it has no extension, as DPjudge does.
using MapFileReader = std::function<std::optional<std::string>(const std::string& file_name)>;

struct MapImportOptions {
    std::string name;         // the variant's `name` ("standard"); required
    std::string title;        // the variant's `title`; empty: the name
    std::string description;  // the variant's `description` (the credit); empty: none
    // DPjudge's PostScript drawing of the map (`standard.ps`), whose label places become the
    // drawing points; empty: points laid out from the adjacency graph.
    std::string drawing;
};

struct MapImport {
    std::string variant_json;  // the variant file, set exactly when `errors` is empty
    std::vector<MapImportError> errors;
    bool ok() const { return errors.empty(); }
};

MapImport import_dpjudge_map(const std::string& file_name, std::string_view text,
                             const MapFileReader& read_include, const MapImportOptions& options);

// "standard.geography:12: message", or "standard.map: message" for line 0.
std::string map_error_text(const MapImportError& error);

}  // namespace adjutant
