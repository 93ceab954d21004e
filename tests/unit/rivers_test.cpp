// SPDX-License-Identifier: Apache-2.0
// Rivers and barges (Lone Warrior 4a; docs/rivers.md): the variant's rivers, the flotillas and the
// river leg of a supply line in the position document, a province with no bridge, what the fog
// tells, and BUY read by two modules. The rules themselves are cases (tests/rules/rivers/).
#include <doctest/doctest.h>

#include <string>

#include "orders/parser.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "rules/rivers/river_route.h"
#include "rules/rivers/state.h"
#include "rules/supply/supply.h"
#include "rules_case.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

json map_1914() {
    return json::parse(read_text_file(std::string(ADJUTANT_SOURCE_DIR) +
                                      "/config/variants/western-front-1914.json"));
}

json& meuse(json& doc) {
    for (json& river : doc["rules"]["rivers"]["rivers"])
        if (river["name"] == "Meuse") return river;
    FAIL("no Meuse");
    return doc;
}

// The errors of loading `doc`, one a line.
std::string load_errors(const json& doc) {
    const VariantLoad load = load_variant(doc.dump());
    std::string out;
    for (const VariantError& e : load.errors) out += e.path + ": " + e.message + "\n";
    return out;
}

Variant loaded(const json& doc) {
    VariantLoad load = load_variant(doc.dump());
    INFO(load_errors(doc));
    REQUIRE(load.ok());
    return *load.variant;
}

Position load(const Variant& v, const json& document) {
    PositionLoad loaded = position_from_json(v, document);
    std::string errors;
    for (const std::string& e : loaded.errors) errors += e + "\n";
    INFO(errors);
    REQUIRE(loaded.ok());
    return *loaded.position;
}

// Why `document` is no position: what its reading found, else the invariant it breaks.
std::string load_error(const Variant& v, const json& document) {
    PositionLoad loaded = position_from_json(v, document);
    std::string errors;
    for (const std::string& e : loaded.errors) errors += e + "\n";
    return loaded.ok() ? position_is_ok(v, *loaded.position) : errors;
}

// A French army at DIN with a German army at GIV on the Meuse, and France's flotilla at VER,
// four reaches up the river; by road France's cities are five roads off.
const char* const kUpTheMeuse = R"({"variant": "western-front-1914", "phase": "1914W36M",
    "units": {"France": [{"unit": "A DIN", "id": 1, "points": 300, "supply": 1}],
              "Germany": [{"unit": "A GIV", "id": 2, "points": 300, "supply": 1}]},
    "supply_centers": {"France": ["PAR", "VER"], "Germany": ["KOL"]},
    "flotillas": {"France": ["VER"]}})";

}  // namespace

TEST_CASE("Rivers: the variant's rivers are checked as they are read") {
    CHECK(load_errors(map_1914()).empty());
    {
        json doc = map_1914();
        meuse(doc)["course"] = json::array({"VER", "MEZ"});
        CHECK(load_errors(doc).find("no road joins VER and MEZ") != std::string::npos);
    }
    {
        json doc = map_1914();
        meuse(doc)["course"] = json::array({"CAL", "NTH"});
        CHECK(load_errors(doc).find("NTH is a sea") != std::string::npos);
    }
    {
        json doc = map_1914();
        meuse(doc)["course"] = json::array({"VER"});
        CHECK(load_errors(doc).find("at least two provinces") != std::string::npos);
    }
    {
        json doc = map_1914();
        meuse(doc)["bridges"]["PAR"] = "Paris";
        CHECK(load_errors(doc).find("a bridge of the Meuse is on its course; PAR is not") !=
              std::string::npos);
    }
    {
        json doc = map_1914();
        meuse(doc)["name"] = "Marne";
        CHECK(load_errors(doc).find("two rivers named") != std::string::npos);
    }
    {
        json doc = map_1914();
        doc["rules"].erase("supply");
        CHECK(load_errors(doc).find("needs the supply module") != std::string::npos);
    }
}

TEST_CASE("Rivers: where the river has no bridge an enemy army on its bank does not cut it") {
    // 4a: only "an enemy army holding a bridge hexside" cuts a river line.
    json doc = map_1914();
    meuse(doc)["bridges"].erase("GIV");
    const Variant unbridged = loaded(doc);
    const Variant bridged = loaded(map_1914());
    for (const Variant* v : {&unbridged, &bridged}) {
        const Position position = load(*v, json::parse(kUpTheMeuse));
        const Unit* army = position.unit_at(v->find_province("DIN"));
        REQUIRE(army != nullptr);
        const rivers::Route line = supply::trace_route(*v, position, *army);
        std::string text;
        for (ProvinceId p : line.provinces) text += v->provinces[p].abbr + " ";
        if (v == &unbridged) {
            CHECK(text == "DIN GIV MEZ LGW VER ");
            CHECK(line.river >= 0);
            CHECK(line.river_from == 0);
        } else {
            CHECK(line.river < 0);  // by road, round the German army at GIV
            CHECK(line.provinces.size() == 6);
        }
    }
}

TEST_CASE("Rivers: an enemy army is told of a river line only at a bridge (4a)") {
    json doc = map_1914();
    meuse(doc)["bridges"].erase("GIV");
    const Variant v = loaded(doc);
    UnitStats stats;
    for (const char* p : {"DIN", "GIV", "MEZ", "LGW", "VER"})
        stats.supply_line.push_back(v.find_province(p));
    CHECK(rivers::told_of_line(v, stats, 1));    // all by road: told everywhere
    rivers::attributes(stats).supply_river = 0;  // the Meuse is the map's first river
    rivers::attributes(stats).supply_river_from = 0;
    CHECK(rivers::told_of_line(v, stats, 0));        // where it takes to the river
    CHECK_FALSE(rivers::told_of_line(v, stats, 1));  // GIV: barges pass the bank
    CHECK(rivers::told_of_line(v, stats, 2));        // MEZ: Sedan's bridge
}

TEST_CASE("Rivers: flotillas and the river leg round-trip through the position document") {
    const Variant v = loaded(map_1914());
    const json document = json::parse(R"({"variant": "western-front-1914", "phase": "1914W36M",
        "units": {"France": [{"unit": "A DIN", "id": 1, "points": 300, "supply": 1,
                              "supply_line": ["DIN", "NAM", "LIE"],
                              "supply_river": {"river": "Meuse", "from": "DIN"}}]},
        "flotillas": {"Belgium": ["LIE", "NAM"], "France": ["PAR"]}})");
    const Position position = load(v, document);
    CHECK(position_is_ok(v, position).empty());
    const json written = position_to_json(v, position);
    CHECK(written["flotillas"] == document["flotillas"]);
    CHECK(written["units"]["France"][0]["supply_river"] ==
          document["units"]["France"][0]["supply_river"]);
    CHECK(position_to_json(v, load(v, written)) == written);
}

TEST_CASE("Rivers: a position with a flotilla or a river leg that cannot be is refused") {
    const Variant v = loaded(map_1914());
    const auto with = [](const char* extra) {
        return json::parse(
            std::string(R"({"variant": "western-front-1914", "phase": "1914W36M", )") + extra +
            "}");
    };
    CHECK(
        load_error(v, with(R"("flotillas": {"France": ["BRU"]})")).find("on no navigable river") !=
        std::string::npos);
    CHECK(load_error(v, with(R"("flotillas": {"France": ["GIV"]})")).find("which is no city") !=
          std::string::npos);
    CHECK(load_error(v, with(R"("flotillas": {"France": ["PAR", "PAR"]})"))
              .find("two flotillas of France in PAR") != std::string::npos);
    const char* off_the_line = R"("units": {"France": [{"unit": "A DIN", "id": 1,
        "supply_line": ["DIN", "NAM"], "supply_river": {"river": "Meuse", "from": "LIE"}}]})";
    CHECK(load_error(v, with(off_the_line)).find("LIE is not on the supply line") !=
          std::string::npos);
    const char* off_the_river = R"("units": {"France": [{"unit": "A DIN", "id": 1,
        "supply_line": ["DIN", "CHR", "BRU"], "supply_river": {"river": "Meuse", "from": "DIN"}}]})";
    CHECK(load_error(v, with(off_the_river)).find("leaves the course of the Meuse at CHR") !=
          std::string::npos);
    const char* no_such_river = R"("units": {"France": [{"unit": "A DIN", "id": 1,
        "supply_line": ["DIN", "NAM"], "supply_river": {"river": "Seine", "from": "DIN"}}]})";
    CHECK(load_error(v, with(no_such_river)).find("no navigable river \"Seine\"") !=
          std::string::npos);
}

TEST_CASE("Rivers: under the fog a power sees another's flotilla only where it sees the city") {
    json doc = map_1914();
    const Variant v = loaded(doc);
    const Position position = load(v, json::parse(R"({"variant": "western-front-1914",
        "phase": "1914W36M",
        "units": {"Germany": [{"unit": "A DIN", "id": 1, "points": 300}]},
        "flotillas": {"Belgium": ["NAM"], "France": ["PAR"]}})"));
    const auto sight = sight_of(v, position, v.find_power("Germany"));
    REQUIRE(sight.has_value());
    const json view = seen_position_json(v, position, *sight);
    CHECK(view["flotillas"] == json::parse(R"({"Belgium": ["NAM"]})"));
}

TEST_CASE("Rivers: BUY is read by the module whose goods follow it") {
    const Variant& standard = variant_named("standard");
    const Variant v = loaded(map_1914());
    const Position position = load(v, json::parse(R"({"variant": "western-front-1914",
        "phase": "1914W36M", "supply_centers": {"Belgium": ["BRU", "NAM"]},
        "treasury": {"Belgium": 300}})"));
    const ParsedOrders parsed = parse_orders(
        v, position, "Belgium: BUY FLOTILLA NAM\nBelgium: BUY 2 T BRU\nBelgium: BUY 2 X BRU\n");
    REQUIRE(parsed.verdicts.size() == 3);
    CHECK(parsed.verdicts[0].canonical(v) == "BUY FLOTILLA NAM");
    CHECK(parsed.verdicts[1].canonical(v) == "BUY 2 T BRU");
    // Neither module buys an X: the first reader's words stand.
    CHECK(parsed.verdicts[2].error == "BUY buys supply trains: BUY 2 T PAR");
    const ParsedOrders classic = parse_orders(standard, Position{}, "France: BUY FLOTILLA PAR\n");
    REQUIRE(classic.verdicts.size() == 1);
    CHECK(classic.verdicts[0].error.find("this map has no navigable rivers") != std::string::npos);
}
