// SPDX-License-Identifier: Apache-2.0
#include "synthetic_front.h"

#include <map>

#include "tiling.h"

namespace adjutant::bench {

namespace {

using json = nlohmann::json;

// The 1914 map's southern edge (Paris to Strasbourg) joined to the next copy's northern one:
// French to French, French to Belgian and German to German ground, each with a road and
// double-track rail, so supply lines, the rail network and its LOC flow span the whole front.
constexpr std::pair<const char*, const char*> kFrontLinks[] = {
    {"PAR", "LIL"},  // in copy i, in copy i + 1
    {"TRY", "MNS"},
    {"STR", "KOL"},
};

constexpr int kHeight = 800;  // the 1914 canvas; copy i is drawn i canvases south

json rail_link_in_copy(const json& link, int copy) {
    json l = link;
    l["between"] = renamed_list(link["between"], copy);
    if (l.contains("line")) l["line"] = named_in_copy(link["line"].get<std::string>(), copy);
    if (l.contains("structures"))
        for (json& s : l["structures"])
            if (s.contains("name")) s["name"] = named_in_copy(s["name"].get<std::string>(), copy);
    return l;
}

// A starting unit or garrison, "A KOL" or {"unit": "A KOL", "general": ...}, in copy `copy`.
json start_item_in_copy(const json& item, const char* place_key, int copy) {
    if (item.is_string()) return in_copy(item.get<std::string>(), copy);
    json out = item;
    out[place_key] = in_copy(item[place_key].get<std::string>(), copy);
    if (out.contains("general"))
        out["general"] = named_in_copy(item["general"].get<std::string>(), copy);
    return out;
}

// Every power's list in `section` (units, garrisons, trains, control), repeated per copy.
void tile_per_power(json& section, const json& original, const char* place_key, int copies) {
    for (auto& [power, list] : section.items()) {
        json all = json::array();
        for (int copy = 0; copy < copies; ++copy)
            for (const json& item : original[power])
                all.push_back(start_item_in_copy(item, place_key, copy));
        list = all;
    }
}

void tile_map(json& doc, const json& front, int copies) {
    doc["map"]["height"] = kHeight * copies;
    doc["provinces"] = json::array();
    doc["roads"] = json::array();
    doc["rail_links"] = json::array();
    std::map<std::string, std::size_t> index;  // abbreviation -> place in doc["provinces"]
    for (int copy = 0; copy < copies; ++copy) {
        for (const json& province : front["provinces"]) {
            json p = province_in_copy(province, copy, "y", kHeight * copy);
            index[p["abbr"].get<std::string>()] = doc["provinces"].size();
            doc["provinces"].push_back(std::move(p));
        }
        for (const json& road : front["roads"]) doc["roads"].push_back(renamed_list(road, copy));
        for (const json& link : front["rail_links"])
            doc["rail_links"].push_back(rail_link_in_copy(link, copy));
    }
    for (int copy = 0; copy + 1 < copies; ++copy)
        for (const auto& [south, north] : kFrontLinks) {
            const std::string a = in_copy(south, copy);
            const std::string b = in_copy(north, copy + 1);
            doc["provinces"][index[a]]["army"].push_back(b);
            doc["provinces"][index[b]]["army"].push_back(a);
            doc["roads"].push_back(json::array({a, b}));
            doc["rail_links"].push_back({{"between", json::array({a, b})}, {"track", "double"}});
        }
}

void tile_rules(json& rail, const json& original, int copies) {
    // The Belgian port exception names one port and stays copy 0's: the other copies' Belgian
    // lines run from their own map edge at Oostende, as the French and German ones do.
    json& single = rail["single_track_exception"]["links"];
    single = json::array();
    for (int copy = 0; copy < copies; ++copy)
        for (const json& link : original["single_track_exception"]["links"])
            single.push_back(renamed_list(link, copy));
    for (auto& [power, capacity] : rail["rail_capacity"].items())
        capacity = original["rail_capacity"][power].get<int>() * copies;
    json lines = json::object();
    for (int copy = 0; copy < copies; ++copy)
        for (const auto& [line, armies] : original["exceptional_lines"].items())
            lines[named_in_copy(line, copy)] = armies;
    rail["exceptional_lines"] = lines;
}

}  // namespace

// The same four powers over the whole front, each with `copies` times its cities, armies,
// rail capacity and money, rather than new powers per copy: a longer front is fought by the
// same nations with more armies, and the work done per power (supply tracing from its
// sources, its rail network's LOC max-flow, its rail capacity) then covers a network `copies`
// times larger, as it would on a real larger map; anything there that grows faster than the
// armies shows as a rising cost per unit.
std::string synthetic_front_json(int copies) {
    const json front = read_variant_json("western-front-1914");
    json doc = front;
    doc["name"] = "western-front-1914-x" + std::to_string(copies);
    doc["title"] = "The Western Front 1914 tiled " + std::to_string(copies) + " times";
    tile_map(doc, front, copies);
    for (std::size_t pw = 0; pw < front["powers"].size(); ++pw) {
        json homes = json::array();
        for (int copy = 0; copy < copies; ++copy)
            for (const json& home : front["powers"][pw]["home_centers"])
                homes.push_back(in_copy(home.get<std::string>(), copy));
        doc["powers"][pw]["home_centers"] = homes;
    }
    const json& start = front["start"];
    tile_per_power(doc["start"]["units"], start["units"], "unit", copies);
    tile_per_power(doc["start"]["garrisons"], start["garrisons"], "province", copies);
    tile_per_power(doc["start"]["trains"], start["trains"], "province", copies);
    tile_per_power(doc["start"]["control"], start["control"], "", copies);
    for (auto& [power, money] : doc["start"]["treasury"].items())
        money = start["treasury"][power].get<int>() * copies;
    tile_rules(doc["rules"]["rail_network"], front["rules"]["rail_network"], copies);
    doc["victory"]["centers"] = front["victory"]["centers"].get<int>() * copies;
    return doc.dump();
}

Variant synthetic_front(int copies) {
    return load_or_exit(synthetic_front_json(copies), "1914 front x" + std::to_string(copies));
}

std::string synthetic_front_first_week(int copies) {
    struct Order {
        const char* power;
        const char* unit;
        const char* rest;  // what follows the unit, with the places to rename
        const char* to;
    };
    static constexpr Order kWeek[] = {
        {"Germany", "A TRI", " - RAIL - ", "SAA"}, {"Germany", "A THI", " - RAIL - ", "MET"},
        {"Germany", "A AAC", " - ", "LIE"},        {"Germany", "A MAL", " - ", "MAR"},
        {"Germany", "A KOL", " - ", "AAC"},        {"France", "A MEZ", " - ", "GIV"},
        {"France", "A ARG", " - ", "CHA"},         {"Belgium", "A LOU", " - ", "BRU"},
    };
    std::string text;
    for (int copy = 0; copy < copies; ++copy)
        for (const Order& o : kWeek)
            text += std::string(o.power) + ": " + in_copy(o.unit, copy) + o.rest +
                    in_copy(o.to, copy) + "\n";
    return text;
}

}  // namespace adjutant::bench
