// SPDX-License-Identifier: Apache-2.0
#include "tiling.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "variant/variant_json.h"

namespace adjutant::bench {

using json = nlohmann::json;

nlohmann::json read_variant_json(const std::string& name) {
    const std::string path =
        std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/" + name + ".json";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
    if (!in || doc.is_discarded()) {
        std::fprintf(stderr, "cannot read %s.json\n", name.c_str());
        std::exit(66);
    }
    return doc;
}

std::string in_copy(const std::string& text, int copy) {
    if (copy == 0) return text;
    // "A PAR", "F STP/SC": the unit letter stays, the province gets the suffix before the coast.
    const std::size_t begin = text.size() > 2 && text[1] == ' ' ? 2 : 0;
    const std::size_t slash = text.find('/', begin);
    const std::size_t end = slash == std::string::npos ? text.size() : slash;
    return text.substr(0, end) + std::to_string(copy) + text.substr(end);
}

std::string named_in_copy(const std::string& name, int copy) {
    return copy == 0 ? name : name + " " + std::to_string(copy);
}

Variant load_or_exit(const std::string& text, const std::string& what) {
    VariantLoad load = load_variant(text);
    if (!load.ok()) {
        std::fprintf(stderr, "the synthetic %s does not load:\n", what.c_str());
        for (std::size_t i = 0; i < load.errors.size() && i < 10; ++i)
            std::fprintf(stderr, "  %s: %s\n", load.errors[i].path.c_str(),
                         load.errors[i].message.c_str());
        std::exit(70);
    }
    return std::move(*load.variant);
}

json renamed_list(const json& list, int copy) {
    json out = json::array();
    for (const json& item : list) out.push_back(in_copy(item.get<std::string>(), copy));
    return out;
}

json province_in_copy(const json& province, int copy, const char* axis, int offset) {
    json p = province;
    p["abbr"] = in_copy(province["abbr"].get<std::string>(), copy);
    p["name"] = named_in_copy(province["name"].get<std::string>(), copy);
    json aliases = json::array();
    for (const json& alias : province.value("aliases", json::array()))
        aliases.push_back(named_in_copy(alias.get<std::string>(), copy));
    p["aliases"] = aliases;
    p["draw"][axis] = province["draw"][axis].get<int>() + offset;
    if (p.contains("army")) p["army"] = renamed_list(province["army"], copy);
    if (p.contains("fleet")) p["fleet"] = renamed_list(province["fleet"], copy);
    if (p.contains("coasts"))
        for (json& coast : p["coasts"]) {
            coast["draw"][axis] = coast["draw"][axis].get<int>() + offset;
            coast["fleet"] = renamed_list(coast["fleet"], copy);
        }
    return p;
}

}  // namespace adjutant::bench
