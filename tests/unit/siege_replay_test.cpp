// SPDX-License-Identifier: Apache-2.0
// A whole siege replayed from its seed (docs/design.md, "The adjudicator contract";
// tests/rules/sieges/seeded.txt W.7): the keyed dice make every roll a function of the seed, so two
// runs of the same weeks give the same reports byte for byte, and the rolls are those the rules
// case records.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "rules/sieges/state.h"
#include "rules_case.h"

using namespace adjutant;

namespace {

const char* const kStart = R"({"phase": "1914W32M",
  "units": {"Germany": [{"unit": "A VER", "id": 2, "points": 300, "supply": 12, "engineers": 1,
                         "siege_guns": 4, "general": "Kluck"}]},
  "garrisons": {"France": [{"province": "VER", "points": 120, "stores": 20, "siege_guns": 2,
                            "general": "Dubail"}]},
  "supply_centers": {"France": ["PAR", "REI", "VER"], "Germany": ["MET"]}})";

const std::vector<std::string> kWeeks{
    "Germany: A VER BESIEGE", "Germany: A VER BESIEGE", "Germany: A VER BREACH",
    "Germany: A VER ASSAULT", "Germany: A VER BREACH",  "Germany: A VER BREACH",
    "Germany: A VER BREACH",  "Germany: A VER BREACH",
};

// Every week's report of the siege, played from `seed`.
std::vector<std::string> play(std::uint64_t seed) {
    const Variant& v = testing::variant_named("tests/variants/campaign-test.json");
    PositionLoad load = position_from_json(v, nlohmann::json::parse(kStart));
    REQUIRE(load.ok());
    Position position = *load.position;
    std::vector<std::string> reports;
    for (const std::string& orders : kWeeks) {
        const ParsedOrders parsed = parse_orders(v, position, orders);
        Adjudicator adjudicator;
        const Adjudication result = adjudicator.run(v, position, parsed.orders, seed);
        reports.push_back(adjudication_to_json(v, parsed, result).dump());
        position = result.next;
    }
    return reports;
}

}  // namespace

TEST_CASE("Campaign sieges: a whole siege replays identically from its seed") {
    const std::vector<std::string> first = play(1914);
    const std::vector<std::string> second = play(1914);
    REQUIRE(first.size() == kWeeks.size());
    for (std::size_t week = 0; week < first.size(); ++week) {
        INFO("week " << week + 1);
        CHECK(first[week] == second[week]);
    }
    // The rolls the rules case W.7 records: on terms in the eighth week.
    CHECK(first.back().find("surrenders on terms and is given safe conduct (rolled 5 +1 for a "
                            "2nd-class fortress = 6)") != std::string::npos);
    // Another seed plays another siege: the rolls really come from the seed.
    CHECK(play(1915) != first);
}

TEST_CASE("Campaign sieges: the siege records round-trip through a position document") {
    const Variant& v = testing::variant_named("tests/variants/campaign-test.json");
    const nlohmann::json doc = nlohmann::json::parse(R"({"phase": "1914W40M",
      "units": {"France": [{"unit": "A MET", "id": 2, "points": 200, "siege_guns": 4,
                            "engineers": 1, "general": "Joffre", "general_roll": 5,
                            "repulsed": {"province": "VER", "points": 90}}]},
      "garrisons": {"Germany": [{"province": "MET", "points": 100, "siege_guns": 2, "stores": 3,
                                 "general": "Kluck", "general_roll": 4, "half_rations": true,
                                 "half_week_eaten": true}]},
      "sieges": {"France": [{"province": "MET", "army": 2, "weeks": 2, "assaults": 1, "line": 1,
                             "breach_weeks": 3, "breach_needed": 8, "breached": true,
                             "breaching_total": 9, "short_weeks": 1, "abandoning": true,
                             "sick": true, "garrison_sick": true}]},
      "breaches": {"REI": 4, "MET": 0},
      "supply_centers": {"France": ["PAR", "REI", "VER"], "Germany": ["MET"]}})");
    const PositionLoad load = position_from_json(v, doc);
    for (const std::string& e : load.errors) MESSAGE(e);
    REQUIRE(load.ok());
    const Position& pos = *load.position;
    REQUIRE(sieges::state(pos).sieges.size() == 1);
    const sieges::Siege& s = sieges::state(pos).sieges[0];
    CHECK(s.line == 1);
    CHECK(s.breach_weeks == 3);
    CHECK(s.breach_needed == 8);
    CHECK(s.breached);
    CHECK(s.breaching_total == 9);
    CHECK(s.short_weeks == 1);
    CHECK(s.abandoning);
    CHECK(s.sick);
    CHECK(s.garrison_sick);
    CHECK(sieges::state(pos).garrisons[0].half_rations);
    CHECK(sieges::state(pos).garrisons[0].general_roll == 4);
    CHECK(sieges::attributes(pos.units[0].stats).repulsed_from == v.find_province("VER"));
    CHECK(sieges::attributes(pos.units[0].stats).repulsed_points == 90);
    // Sorted by province: MET comes before REI in the variant's order.
    REQUIRE(sieges::state(pos).breaches.size() == 2);
    const nlohmann::json out = position_to_json(v, pos);
    CHECK(out["breaches"] == nlohmann::json::parse(R"({"MET": 0, "REI": 4})"));
    CHECK(out["sieges"]["France"][0]["breach_needed"] == 8);
    CHECK(*position_from_json(v, out).position == pos);
    // An older document without the new fields reads as it did, and writes them nowhere.
    const nlohmann::json old = nlohmann::json::parse(R"({"phase": "1914W40M",
      "units": {"France": [{"unit": "A MET", "id": 2, "points": 200, "engineers": 1}]},
      "garrisons": {"Germany": [{"province": "MET", "points": 100}]},
      "sieges": {"France": [{"province": "MET", "army": 2, "weeks": 1}]}})");
    const PositionLoad old_load = position_from_json(v, old);
    REQUIRE(old_load.ok());
    const nlohmann::json written = position_to_json(v, *old_load.position);
    CHECK(written["sieges"]["France"][0] ==
          nlohmann::json::parse(R"({"province": "MET", "army": 2, "weeks": 1})"));
    CHECK_FALSE(written.contains("breaches"));
    CHECK(written["garrisons"]["Germany"][0] ==
          nlohmann::json::parse(R"({"province": "MET", "points": 100})"));
}

TEST_CASE("Campaign sieges: a bad siege line is refused with its path") {
    const Variant& v = testing::variant_named("tests/variants/campaign-test.json");
    const nlohmann::json doc = nlohmann::json::parse(R"({"phase": "1914W40M",
      "sieges": {"France": [{"province": "MET", "army": 2, "weeks": 2, "line": 3}]}})");
    const PositionLoad load = position_from_json(v, doc);
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0] == "/sieges/France/0/line: must be 0, 1 or 2");
}
