// SPDX-License-Identifier: Apache-2.0
#include "synthetic_standard.h"

#include <map>

#include "tiling.h"

namespace adjutant::bench {

namespace {

using json = nlohmann::json;

// The standard map's eastern edge joined to the next copy's western edge: two army links and
// two fleet links, so the copies make one map and units can cross, while every province keeps
// nearly the neighbours it has on the standard map (the per-unit work of a phase stays that of
// the standard game).
struct Link {
    const char* east;  // in copy i
    const char* west;  // in copy i + 1
    const char* kind;  // "army" or "fleet"
};
constexpr Link kStandardLinks[] = {
    {"SYR", "NAF", "army"},
    {"MOS", "SPA", "army"},
    {"BAR", "NAO", "fleet"},
    {"EAS", "MAO", "fleet"},
};

constexpr int kWidth = 1000;  // the standard map's canvas; copy i is drawn i canvases east

}  // namespace

// One set of powers for the whole map, each with `copies` times its home centres and starting
// units, rather than seven new powers per copy: a bigger variant has more units per power, not
// ten Austrias, and whatever the adjudicator does per power (adjustments, victory counts) then
// grows with the map as it would on a real one, where it would show in the cost per unit.
std::string synthetic_standard_json(int copies) {
    const json standard = read_variant_json("standard");
    json doc = standard;
    doc["name"] = "standard-x" + std::to_string(copies);
    doc["title"] = "Standard Diplomacy tiled " + std::to_string(copies) + " times";
    doc["map"]["width"] = kWidth * copies;
    doc["provinces"] = json::array();
    std::map<std::string, std::size_t> index;  // abbreviation -> place in doc["provinces"]
    for (int copy = 0; copy < copies; ++copy)
        for (const json& province : standard["provinces"]) {
            json p = province_in_copy(province, copy, "x", kWidth * copy);
            index[p["abbr"].get<std::string>()] = doc["provinces"].size();
            doc["provinces"].push_back(std::move(p));
        }
    for (int copy = 0; copy + 1 < copies; ++copy)
        for (const Link& link : kStandardLinks) {
            const std::string east = in_copy(link.east, copy);
            const std::string west = in_copy(link.west, copy + 1);
            doc["provinces"][index[east]][link.kind].push_back(west);
            doc["provinces"][index[west]][link.kind].push_back(east);
        }
    for (std::size_t pw = 0; pw < standard["powers"].size(); ++pw) {
        json homes = json::array();
        for (int copy = 0; copy < copies; ++copy)
            for (const json& home : standard["powers"][pw]["home_centers"])
                homes.push_back(in_copy(home.get<std::string>(), copy));
        doc["powers"][pw]["home_centers"] = homes;
    }
    for (auto& [power, units] : doc["start"]["units"].items()) {
        json all = json::array();
        for (int copy = 0; copy < copies; ++copy)
            for (const json& unit : standard["start"]["units"][power])
                all.push_back(in_copy(unit.get<std::string>(), copy));
        units = all;
    }
    doc["victory"]["centers"] = standard["victory"]["centers"].get<int>() * copies;
    return doc.dump();
}

Variant synthetic_standard(int copies) {
    return load_or_exit(synthetic_standard_json(copies), "standard map x" + std::to_string(copies));
}

}  // namespace adjutant::bench
