// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "position/position_json.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using adjutant::testing::standard_variant;
using nlohmann::json;

namespace {

// The one error a document produces, or a note that there were none or several.
std::string only_error(const json& doc) {
    const PositionLoad load = position_from_json(standard_variant(), doc);
    if (load.errors.size() == 1) return load.errors[0];
    std::string all = std::to_string(load.errors.size()) + " errors:";
    for (const std::string& e : load.errors) all += "\n" + e;
    return all;
}

}  // namespace

TEST_CASE("unit text: abbreviations, names and both coast notations") {
    const Variant& v = standard_variant();
    const PowerId russia = v.find_power("Russia");
    const ProvinceId stp = v.find_province("STP");
    const Unit fleet_sc{UnitType::Fleet, russia, Location{stp, Coast::South}, {}};
    CHECK(parse_unit_text(v, "F STP/SC", russia) == fleet_sc);
    CHECK(parse_unit_text(v, "F STP(sc)", russia) == fleet_sc);
    CHECK(parse_unit_text(v, "f stp (sc)", russia) == fleet_sc);
    CHECK(parse_unit_text(v, "  F St Petersburg/south coast ", russia) == fleet_sc);
    CHECK(parse_unit_text(v, "Fleet st. petersburg (SC)", russia) == fleet_sc);
    const auto army = parse_unit_text(v, "A PAR", russia);
    REQUIRE(army);
    CHECK(army->type == UnitType::Army);
    CHECK(army->location == Location{v.find_province("PAR")});
    CHECK(unit_text(v, fleet_sc) == "F STP/SC");
    CHECK_FALSE(parse_unit_text(v, "PAR", russia));
    CHECK_FALSE(parse_unit_text(v, "X PAR", russia));
    CHECK_FALSE(parse_unit_text(v, "A", russia));
    CHECK_FALSE(parse_unit_text(v, "A XYZ", russia));
    CHECK_FALSE(parse_unit_text(v, "F STP/XC", russia));
    CHECK_FALSE(parse_unit_text(v, "F STP(sc", russia));
    CHECK_FALSE(parse_unit_text(v, "F STP/", russia));
    // Parsing does not judge where a unit may stand; standing_error does.
    const auto fleet_no_coast = parse_unit_text(v, "F STP", russia);
    REQUIRE(fleet_no_coast);
    CHECK(standing_error(v, *fleet_no_coast).find("must name its coast") != std::string::npos);
    CHECK(standing_error(v, fleet_sc).empty());
}

TEST_CASE("the starting position round-trips") {
    const Variant& v = standard_variant();
    const Position start = starting_position(v);
    const json doc = position_to_json(v, start);
    CHECK(doc["variant"] == "standard");
    CHECK(doc["phase"] == "S1901M");
    CHECK(doc["units"]["Russia"] == json({"A MOS", "F SEV", "F STP/SC", "A WAR"}));
    CHECK(doc["supply_centers"]["France"] == json({"BRE", "MAR", "PAR"}));
    CHECK_FALSE(doc.contains("dislodged"));
    CHECK_FALSE(doc.contains("standoffs"));
    const PositionLoad back = position_from_json(v, doc);
    REQUIRE(back.ok());
    CHECK(*back.position == start);
    CHECK(back.position->owner.size() == v.provinces.size());
    // Serialising is deterministic: the same position gives the same text.
    CHECK(position_to_json(v, *back.position).dump() == doc.dump());
}

TEST_CASE("a retreat position with the example document round-trips") {
    const Variant& v = standard_variant();
    const json doc = json::parse(R"({"variant": "standard", "phase": "S1901R",
        "units": {"France": ["A PAR", "F BRE"], "Russia": ["F STP/SC"], "Austria": ["A VIE"]},
        "dislodged": {"Italy": [{"unit": "A VIE", "from": "TRI", "retreats": ["GAL", "BOH"]}]},
        "standoffs": ["BUR"],
        "supply_centers": {"France": ["PAR", "BRE", "MAR"]}})");
    const PositionLoad load = position_from_json(v, doc);
    for (const std::string& e : load.errors) MESSAGE(e);
    REQUIRE(load.ok());
    const Position& pos = *load.position;
    CHECK(pos.units.size() == 4);
    REQUIRE(pos.dislodged.size() == 1);
    CHECK(pos.dislodged[0].attacker_from == v.find_province("TRI"));
    CHECK(pos.dislodged[0].retreats.size() == 2);
    CHECK(pos.standoffs == std::vector<ProvinceId>{v.find_province("BUR")});
    CHECK(pos.center_count(v.find_power("France")) == 3);
    const json out = position_to_json(v, pos);
    CHECK(out["dislodged"]["Italy"][0]["retreats"] == json({"BOH", "GAL"}));
    CHECK(out["standoffs"] == json({"BUR"}));
    CHECK(*position_from_json(v, out).position == pos);
}

TEST_CASE("position errors name the path") {
    const auto with = [](const char* extra) {
        json doc = json::parse(R"({"phase": "S1901M"})");
        doc.update(json::parse(extra));
        return doc;
    };
    CHECK(only_error(json::array()) == ": expected an object, found array");
    CHECK(only_error(json::parse("{}")) == ": missing field \"phase\"");
    CHECK(only_error(with(R"({"phase": "S1901X"})")).starts_with("/phase: bad phase code"));
    CHECK(only_error(with(R"({"variant": "colonial"})"))
              .starts_with("/variant: this position is for"));
    CHECK(only_error(with(R"({"unit": {}})")) == "/unit: unknown field \"unit\"");
    CHECK(only_error(with(R"({"units": {"Atlantis": ["A PAR"]}})")) ==
          "/units/Atlantis: unknown power \"Atlantis\"");
    CHECK(only_error(with(R"({"units": {"France": ["A XYZ"]}})")) ==
          "/units/France/0: unknown province \"XYZ\"");
    CHECK(only_error(with(R"({"units": {"France": "A PAR"}})")) ==
          "/units/France: expected an array, found string");
    CHECK(only_error(with(R"({"units": {"France": ["A ENG"]}})")) ==
          "/units/France/0: an army cannot stand in ENG (sea)");
    CHECK(only_error(with(R"({"units": {"France": ["F PAR"]}})")) ==
          "/units/France/0: a fleet cannot stand in PAR (land)");
    CHECK(only_error(with(R"({"units": {"Russia": ["F STP"]}})"))
              .starts_with("/units/Russia/0: a fleet in STP must name its coast"));
    CHECK(only_error(with(R"({"units": {"France": ["A PAR"], "Germany": ["A Paris"]}})")) ==
          "/units/Germany/0: two units in PAR (also at /units/France/0)");
    CHECK(only_error(with(R"({"supply_centers": {"France": ["BUR"]}})")) ==
          "/supply_centers/France/0: BUR is not a supply centre");
    CHECK(
        only_error(with(R"({"supply_centers": {"France": ["BEL"], "Germany": ["bel"]}})")) ==
        "/supply_centers/Germany/0: centre BEL is owned twice (also at /supply_centers/France/0)");
    CHECK(only_error(with(R"({"supply_centers": {"France": ["XYZ"]}})")) ==
          "/supply_centers/France/0: unknown province \"XYZ\"");
    CHECK(only_error(with(R"({"standoffs": ["XYZ"]})")) ==
          "/standoffs/0: unknown province \"XYZ\"");
    CHECK(only_error(with(R"({"dislodged": {"Italy": [{"unit": "A VIE"}]}})")) ==
          "/dislodged: dislodged units belong to a retreat phase, not S1901M");
    CHECK(only_error(with(R"({"phase": "S1901R", "dislodged": {"Italy": [{"unit": "A VIE",
        "retreats": ["BOH", "STP/XC"]}]}})")) ==
          "/dislodged/Italy/0/retreats/1: unknown coast \"XC\"");
    CHECK(only_error(with(R"({"phase": "S1901R", "dislodged": {"Italy": [{"from": "TRI"}]}})")) ==
          "/dislodged/Italy/0: missing field \"unit\"");
    // Every error is reported.
    const PositionLoad many = position_from_json(
        standard_variant(), with(R"({"phase": "X", "units": {"France": ["A XYZ", "F PAR"]}})"));
    CHECK(many.errors.size() == 3);
    CHECK_FALSE(many.position);
}

TEST_CASE("normalise: units in location order, each with its own stats, whatever the start") {
    // Every order of five units, some on coasts: normalise moves each unit once along its cycle
    // (position.cpp), and must give the sorted list with nothing mixed up or lost.
    std::vector<Unit> sorted;
    for (std::uint16_t p = 0; p < 5; ++p) {
        Unit u;
        u.location = {static_cast<ProvinceId>(10 - 2 * p), p == 2 ? Coast::North : Coast::None};
        u.stats.id = p;
        u.stats.general = "general " + std::to_string(p);
        u.stats.supply_line = {u.location.province, 99};
        sorted.push_back(u);
    }
    // In id order, the first permutation.
    std::vector<Unit> order = sorted;
    std::sort(sorted.begin(), sorted.end(),
              [](const Unit& a, const Unit& b) { return a.location < b.location; });
    int permutations = 0;
    do {
        Position pos;
        pos.units = order;
        pos.normalise();
        CHECK(pos.units == sorted);
        ++permutations;
    } while (std::next_permutation(order.begin(), order.end(), [](const Unit& a, const Unit& b) {
        return a.stats.id < b.stats.id;
    }));
    CHECK(permutations == 120);
}
