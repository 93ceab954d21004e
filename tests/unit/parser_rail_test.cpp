// SPDX-License-Identifier: Apache-2.0
// The order parser on the western-front-1914 map: the network rail order A X - RAIL - Y in its
// spellings, and the exact errors the rules cases do not already name
// (tests/rules/rail-movement/ holds the others).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "orders/parser.h"
#include "position/position_json.h"
#include "rules/rail/parameters.h"
#include "rules_case.h"

using namespace adjutant;

namespace {

const Variant& western_front() {
    return testing::variant_named("western-front-1914");
}

Position rail_position(const char* json) {
    PositionLoad load = position_from_json(western_front(), nlohmann::json::parse(json));
    REQUIRE_MESSAGE(load.position, json);
    return *load.position;
}

constexpr const char* kGermanLine = R"({"phase": "1914W32M",
    "units": {"Germany": [{"unit": "A KOL", "points": 500, "supply": 2},
                          {"unit": "A AAC", "points": 500, "supply": 2}],
              "Britain": [{"unit": "A BOU", "points": 250, "supply": 2}]},
    "supply_centers": {"Germany": ["AAC", "KOL", "LIE"]},
    "rail": {"Germany": {"capacity_3": ["KOL", "AAC", "LIE"]}}})";

// The last line's verdict: its canonical order when accepted, "error: ..." when refused.
std::string rail_verdict(const Position& pos, const std::string& text) {
    return testing::last_verdict(western_front(), pos, text);
}

}  // namespace

TEST_CASE("rail network: the RAIL order is read in every spelling") {
    const Position pos = rail_position(kGermanLine);
    CHECK(rail_verdict(pos, "Germany: A KOL-RAIL-LIE") == "A KOL - RAIL - LIE");
    CHECK(rail_verdict(pos, "Germany: a kol - rail - lie") == "A KOL - RAIL - LIE");
    CHECK(rail_verdict(pos, "Germany: A Koeln -> RAIL -> Liege") == "A KOL - RAIL - LIE");
    CHECK(rail_verdict(pos, "Germany: Army Cologne - Rail - Luik") == "A KOL - RAIL - LIE");
}

TEST_CASE("rail network: misuse gets a precise error") {
    const Position pos = rail_position(kGermanLine);
    CHECK(rail_verdict(pos, "Germany: A KOL-RAIL-KOL") == "error: A KOL is already in KOL");
    CHECK(rail_verdict(pos, "Germany: A KOL-RAIL-TRI") ==
          "error: the rail in TRI is not operational for Germany: a rail move cannot disembark "
          "there");
    CHECK(rail_verdict(pos, "Britain: A BOU-RAIL-CAL") ==
          "error: the rail in BOU is not operational for Britain: a rail move cannot embark there");
    CHECK(rail_verdict(pos, "Germany: A KOL - RAIL -") ==
          "error: missing destination for the rail move");
    // Two rides of one power are both accepted: they share the capacity at adjudication.
    const ParsedOrders both =
        parse_orders(western_front(), pos, "Germany: A KOL-RAIL-LIE\nGermany: A AAC-RAIL-KOL");
    CHECK(both.orders.size() == 2);
}

TEST_CASE("rail network: a power without rail capacity cannot ride") {
    Variant v = western_front();
    v.campaign->modules.get<rail::RailNetworkRules>().rail_capacity.assign(v.powers.size(), 0);
    const Position pos = rail_position(kGermanLine);
    const ParsedOrders parsed = parse_orders(v, pos, "Germany: A KOL-RAIL-LIE");
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(parsed.verdicts[0].error == "Germany has no rail capacity");
}

TEST_CASE("rail network: march to the railhead next door, then ride (OCS rail movement step 1)") {
    const Position pos = rail_position(R"({"phase": "1914W32M",
        "units": {"Germany": [{"unit": "A MOR", "points": 400, "supply": 2},
                              {"unit": "A MET", "points": 300, "supply": 2}]},
        "supply_centers": {"Germany": ["MET", "SAA", "TRI"]},
        "rail": {"Germany": {"capacity_3": ["MOR", "MET", "THI", "LUX", "TRI", "SAA"]}}})");
    CHECK(rail_verdict(pos, "Germany: A MOR-MET-RAIL-LUX") == "A MOR - MET - RAIL - LUX");
    CHECK(rail_verdict(pos, "Germany: a mor - met - rail - lux") == "A MOR - MET - RAIL - LUX");
    CHECK(rail_verdict(pos, "Germany: Army Morchingen -> Metz -> Rail -> Luxemburg") ==
          "A MOR - MET - RAIL - LUX");
    // An old-style path without RAIL stays a plain move, refused as before.
    CHECK(rail_verdict(pos, "Germany: A MOR - MET - LUX")
              .rfind("error: a move has one destination", 0) == 0);
    CHECK(rail_verdict(pos, "Germany: A MET - MET - RAIL - LUX") ==
          "error: A MET is already in MET: write A MET - RAIL - LUX");
    CHECK(rail_verdict(pos, "Germany: A MOR - MET - RAIL - MET") ==
          "error: A MOR would march to MET and ride nowhere: write A MOR - MET");
    CHECK(rail_verdict(pos, "Germany: A MOR - MET - RAIL -") ==
          "error: missing destination for the rail move");
}
