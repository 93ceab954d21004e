// SPDX-License-Identifier: Apache-2.0
// `adjutant variant import FILE [--out OUT.json] [--name NAME] [--title T] [--description D]
// [--drawing FILE.ps]`:
// reads a map in DPjudge's `.map` format and writes the variant file (docs/variants.md, "Importing
// a DPjudge map"). The files FILE includes are looked up beside it. Every problem is printed as
// FILE:LINE: message; nothing is written unless the whole map imports.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "cli/commands.h"
#include "cli/options.h"
#include "variant/dpjudge_map.h"

namespace adjutant::cli {

namespace {

// Reads at most one byte past the importer's limit: a larger file is refused by the importer
// without being read whole.
constexpr std::size_t kMaxDrawingBytes = 8 * 1024 * 1024;

std::optional<std::string> read_limited(const std::filesystem::path& path,
                                        std::size_t limit = kMaxMapFileBytes) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) return std::nullopt;
    std::string out;
    char buffer[1 << 16];
    std::size_t n = 0;
    while (out.size() <= limit && (n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
        out.append(buffer, n);
    const bool ok = std::ferror(f) == 0;
    std::fclose(f);
    if (!ok) return std::nullopt;
    return out;
}

}  // namespace

int variant_import_command(Args args) {
    std::string path, out_path, name, title, description, drawing_path;
    CLI::App parser{"Imports a DPjudge .map file as a variant file.", "adjutant variant import"};
    parser.add_option("FILE", path, "the .map file; the files it includes are read beside it")
        ->required();
    parser.add_option("--out", out_path, "write the variant file here (default: standard output)");
    parser.add_option("--name", name, "the variant's name (default: FILE's name, lower case)");
    parser.add_option("--title", title, "the variant's title (default: the name)");
    parser.add_option("--description", description,
                      "the variant's description, where its credit goes (default: none)");
    parser.add_option("--drawing", drawing_path,
                      "DPjudge's PostScript drawing of the map (FILE.ps): its label places become "
                      "the drawing points (default: laid out from the adjacency)");
    if (auto code = parse_options(parser, args)) return *code;

    const std::filesystem::path file{path};
    const std::optional<std::string> text = read_limited(file);
    if (!text) {
        std::fprintf(stderr, "adjutant variant import: cannot read %s: %s\n", path.c_str(),
                     std::strerror(errno));
        return kExNoInput;
    }
    if (name.empty()) {
        name = file.stem().string();
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    std::string drawing;
    if (!drawing_path.empty()) {
        const std::optional<std::string> ps = read_limited(drawing_path, kMaxDrawingBytes);
        if (!ps) {
            std::fprintf(stderr, "adjutant variant import: cannot read %s: %s\n",
                         drawing_path.c_str(), std::strerror(errno));
            return kExNoInput;
        }
        if (ps->size() > kMaxDrawingBytes) {
            std::fprintf(stderr, "%s: the drawing is larger than %zu bytes\n", drawing_path.c_str(),
                         kMaxDrawingBytes);
            return kExDataErr;
        }
        drawing = *ps;
    }
    const std::filesystem::path folder = file.parent_path();
    const MapFileReader read_include = [&](const std::string& include) {
        return read_limited(folder / include);
    };
    const MapImport result = import_dpjudge_map(file.filename().string(), *text, read_include,
                                                {name, title, description, drawing});
    if (!result.ok()) {
        for (const MapImportError& e : result.errors)
            std::fprintf(stderr, "%s\n", map_error_text(e).c_str());
        return kExDataErr;
    }
    if (out_path.empty()) {
        std::fwrite(result.variant_json.data(), 1, result.variant_json.size(), stdout);
        return 0;
    }
    std::FILE* out = std::fopen(out_path.c_str(), "wb");
    if (out == nullptr) {
        std::fprintf(stderr, "adjutant variant import: cannot write %s: %s\n", out_path.c_str(),
                     std::strerror(errno));
        return kExCantCreate;
    }
    const bool written = std::fwrite(result.variant_json.data(), 1, result.variant_json.size(),
                                     out) == result.variant_json.size();
    if (std::fclose(out) != 0 || !written) {
        std::fprintf(stderr, "adjutant variant import: cannot write %s\n", out_path.c_str());
        return kExIoErr;
    }
    std::printf("ok: %s written to %s\n", name.c_str(), out_path.c_str());
    return 0;
}

}  // namespace adjutant::cli
