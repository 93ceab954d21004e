// SPDX-License-Identifier: Apache-2.0
#include "tiling.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include "orders/keywords.h"
#include "variant/variant_json.h"

namespace adjutant::bench {

using json = nlohmann::json;

namespace {

bool numbered_names = false;

// The next unused three-letter code: those beginning with X, Z or Q, letters no real map's
// abbreviation begins with (standard, Colonial, western-front-1914), 2,028 in all, keywords
// passed over.
std::string next_code() {
    static int next = 0;
    constexpr char kFirst[] = {'X', 'Z', 'Q'};
    for (;;) {
        if (next >= 3 * 26 * 26) {
            std::fprintf(stderr, "the synthetic map needs more than 2,028 three-letter names\n");
            std::exit(70);
        }
        const int n = next++;
        std::string code{kFirst[n / (26 * 26)], static_cast<char>('A' + n / 26 % 26),
                         static_cast<char>('A' + n % 26)};
        if (keyword_of(code) == Keyword::None) return code;
    }
}

// Province `abbr`'s abbreviation in copy `copy` (> 0). Every real map names its provinces with
// three letters, and the classic reader reads such a name on its fastest path; copies named
// "PAR3" would make a larger map dearer per unit by its longer names, not by its size. Each
// (abbreviation, copy) is given the next code the first time it is asked for, the same one
// after: the map and its orders are written by the same process.
std::string three_letter_abbreviation(const std::string& abbr, int copy) {
    static std::map<std::pair<std::string, int>, std::string> given;
    auto [at, fresh] = given.try_emplace({abbr, copy});
    if (fresh) at->second = next_code();
    return at->second;
}

}  // namespace

void use_numbered_names() {
    numbered_names = true;
}

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
    const std::string abbr = text.substr(begin, end - begin);
    const std::string renamed =
        numbered_names ? abbr + std::to_string(copy) : three_letter_abbreviation(abbr, copy);
    return text.substr(0, begin) + renamed + text.substr(end);
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
