// SPDX-License-Identifier: Apache-2.0
// `adjutant variant check FILE`: validates a variant file and reports every problem as
// FILE:PATH: message, so a GM can fix a whole file in one round.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "cli/commands.h"
#include "cli/options.h"
#include "variant/variant_json.h"

namespace adjutant::cli {

namespace {

// stdio rather than iostreams: it reports EISDIR and read errors through errno.
bool read_whole_file(const char* path, std::string& out) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    char buffer[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
    const bool ok = std::ferror(f) == 0;
    std::fclose(f);
    return ok;
}

}  // namespace

int variant_command(Args args) {
    if (!args.empty() && std::string_view(args[0]) == "import")
        return variant_import_command(args.subspan(1));
    std::string path;
    CLI::App parser{"Variant files.", "adjutant variant"};
    parser.require_subcommand(1);
    CLI::App* check =
        parser.add_subcommand("check", "validate a variant file, every problem named");
    check->add_option("FILE", path, "the variant file")->required();
    // Listed for --help only: `variant import` is dispatched above, before this parser.
    parser.add_subcommand("import", "read a DPjudge .map file: variant import FILE [--out F]");
    if (auto code = parse_options(parser, args)) return *code;
    const char* file = path.c_str();
    std::string text;
    if (!read_whole_file(file, text)) {
        std::fprintf(stderr, "adjutant variant: cannot read %s: %s\n", file, std::strerror(errno));
        return kExNoInput;
    }
    const VariantLoad load = load_variant(text);
    if (!load.ok()) {
        for (const VariantError& e : load.errors) {
            if (e.path.empty())
                std::fprintf(stderr, "%s: %s\n", file, e.message.c_str());
            else
                std::fprintf(stderr, "%s:%s: %s\n", file, e.path.c_str(), e.message.c_str());
        }
        return kExDataErr;
    }
    const Variant& v = *load.variant;
    std::printf("ok: %s: %zu provinces, %zu powers\n", v.name.c_str(), v.provinces.size(),
                v.powers.size());
    return 0;
}

}  // namespace adjutant::cli
