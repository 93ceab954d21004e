// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the DPjudge map importer on arbitrary bytes must never crash, and any map it
// accepts must give a variant file that load_variant accepts (the importer's own promise,
// variant/dpjudge_map.h). A `USE` of `standard.politics`, `standard.geography` or
// `standard.military` reads DPjudge's standard sources (tests/variants/dpjudge), so the fuzzer
// also reaches the includes; any other name is a file that is not there.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "variant/dpjudge_map.h"
#include "variant/variant_json.h"

namespace {

const std::map<std::string, std::string>& standard_sources() {
    static const std::map<std::string, std::string> sources = [] {
        std::map<std::string, std::string> read;
        for (const char* name : {"standard.politics", "standard.geography", "standard.military"}) {
            std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/tests/variants/dpjudge/" + name,
                             std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            read[name] = text.str();
        }
        return read;
    }();
    return sources;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const adjutant::MapFileReader read_include =
        [](const std::string& name) -> std::optional<std::string> {
        const auto found = standard_sources().find(name);
        if (found == standard_sources().end()) return std::nullopt;
        return found->second;
    };
    const adjutant::MapImport imported =
        adjutant::import_dpjudge_map("fuzz.map", text, read_include, {"fuzzed", "", "", ""});
    if (!imported.ok()) return 0;
    if (!adjutant::load_variant(imported.variant_json).ok()) __builtin_trap();
    return 0;
}
