// SPDX-License-Identifier: Apache-2.0
// Tabletop battles (Lone Warrior 4e; docs/tabletop-battles.md): which orders make armies meet, and
// the GM's results in the position document. What the results do to the week is in the cases,
// tests/rules/tabletop_battles; the server's wait for them in
// tests/integration/test_tabletop_battles.py.
#include <doctest/doctest.h>

#include <string>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "rules/module_api.h"
#include "rules/tabletop_battles/battles.h"
#include "rules_case.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

// PAR - MEA - (CHA | SOI) - REI - ARG - VER - MET - SAA.
const Variant& tabletop() {
    return variant_named("tests/variants/campaign-test.json + tabletop_battles");
}

Position position_of(const char* document) {
    PositionLoad load = position_from_json(tabletop(), json::parse(document));
    std::string errors;
    for (const std::string& e : load.errors) errors += e + "\n";
    INFO(errors);
    REQUIRE(load.ok());
    return *load.position;
}

const char* const kArmies = R"({"phase": "1914W32M",
    "units": {"France": [{"unit": "A CHA", "id": 1, "points": 300},
                         {"unit": "A REI", "id": 3, "points": 300}],
              "Germany": [{"unit": "A MEA", "id": 2, "points": 600}]}})";

// The provinces of the battles that the orders bring about, by abbreviation.
std::vector<std::string> battles_for(const Position& position,
                                     std::vector<std::pair<const char*, const char*>> orders) {
    const Variant& v = tabletop();
    std::vector<Order> all;
    for (const auto& [power, text] : orders) {
        ParsedOrders parsed = parse_orders(v, position, text, v.find_power(power));
        REQUIRE(parsed.orders.size() == 1);
        all.push_back(parsed.orders[0]);
    }
    std::vector<std::string> out;
    for (const auto& b : tabletop_battles::battles(v, position, all))
        out.push_back(v.provinces[b.province].abbr + ":" + std::to_string(b.armies.size()));
    return out;
}

}  // namespace

TEST_CASE("Tabletop battles: armies of enemies meet where one stays or both march") {
    const Position p = position_of(kArmies);
    using List = std::vector<std::string>;
    CHECK(battles_for(p, {{"Germany", "A MEA - CHA"}}) == List{"CHA:2"});
    CHECK(battles_for(p, {{"Germany", "A MEA - CHA"}, {"France", "A CHA S A REI"}}) ==
          List{"CHA:2"});
    // The defender leaves for elsewhere: no battle is fought for CHA.
    CHECK(battles_for(
              p, {{"Germany", "A MEA - CHA"}, {"France", "A CHA - REI"}, {"France", "A REI - ARG"}})
              .empty());
    // Head on: one battle, not two.
    CHECK(battles_for(p, {{"Germany", "A MEA - CHA"}, {"France", "A CHA - MEA"}}).size() == 1);
    // Two marching into the province both want, the French army in it staying.
    CHECK(battles_for(p, {{"Germany", "A MEA - SOI"}, {"France", "A REI - SOI"}}) == List{"SOI:2"});
    // Nobody marches: nobody meets.
    CHECK(battles_for(p, {{"Germany", "A MEA H"}}).empty());
}

TEST_CASE("Tabletop battles: an ally is not met, and only undecided battles hold the week") {
    // On the 1914 map Britain and Belgium are on one side: a British army marching into a
    // Belgian army's province meets no enemy (the resolver keeps it out as its rules say).
    const Variant& w = variant_named("western-front-1914 + tabletop_battles");
    PositionLoad allies = position_from_json(w, json::parse(R"({"phase": "1914W32M",
        "units": {"Belgium": [{"unit": "A LIE", "id": 1, "points": 300}],
                  "Britain": [{"unit": "A AAC", "id": 2, "points": 600}]}})"));
    REQUIRE(allies.ok());
    const auto british =
        parse_orders(w, *allies.position, "A AAC - LIE", w.find_power("Britain")).orders;
    REQUIRE(british.size() == 1);
    CHECK(tabletop_battles::battles(w, *allies.position, british).empty());
    const Variant& v = tabletop();
    Position decided = position_of(R"({"phase": "1914W32M",
        "units": {"France": [{"unit": "A CHA", "id": 1, "points": 300}],
                  "Germany": [{"unit": "A MEA", "id": 2, "points": 600}]},
        "battle_results": {"Germany": [{"province": "CHA"}]}})");
    const auto march = parse_orders(v, decided, "A MEA - CHA", v.find_power("Germany")).orders;
    CHECK(tabletop_battles::battles(v, decided, march).size() == 1);
    CHECK(tabletop_battles::undecided_battles(v, decided, march).empty());
    tabletop_battles::state(decided).results.clear();
    CHECK(tabletop_battles::undecided_battles(v, decided, march).size() == 1);
    // A variant without the module never waits.
    CHECK(tabletop_battles::undecided_battles(variant_named("tests/variants/campaign-test.json"),
                                              decided, march)
              .empty());
}

TEST_CASE("Tabletop battles: the GM's results round-trip, and broken ones are refused") {
    const Variant& v = tabletop();
    const char* const kResults = R"({"phase": "1914W32M",
        "units": {"France": [{"unit": "A CHA", "id": 1, "points": 300}],
                  "Germany": [{"unit": "A MEA", "id": 2, "points": 600}]},
        "battle_results": {"France": [{"province": "CHA", "losses": {"MEA": 120, "CHA": 40},
                                       "generals_killed": ["Kluck"]}]}})";
    const Position p = position_of(kResults);
    const auto& results = tabletop_battles::state(p).results;
    REQUIRE(results.size() == 1);
    CHECK(results[0].winner == v.find_power("France"));
    CHECK(results[0].losses.size() == 2);
    const json out = position_to_json(v, p);
    CHECK(out["battle_results"] == json::parse(kResults)["battle_results"]);
    CHECK(position_of(out.dump().c_str()) == p);
    CHECK(position_is_ok(v, p) == "");
    // Losses for a province where no army stood.
    json broken = json::parse(kResults);
    broken["battle_results"]["France"][0]["losses"] = {{"PAR", 10}};
    const PositionLoad load = position_from_json(v, broken);
    CHECK((!load.ok() || position_is_ok(v, *load.position).find("no army") != std::string::npos));
    // Two results for one battle.
    broken = json::parse(kResults);
    broken["battle_results"]["Germany"] = json::parse(R"([{"province": "CHA"}])");
    CHECK_FALSE(position_from_json(v, broken).ok());
    // Negative losses.
    broken = json::parse(kResults);
    broken["battle_results"]["France"][0]["losses"] = {{"CHA", -5}};
    CHECK_FALSE(position_from_json(v, broken).ok());
}

TEST_CASE("Tabletop battles: a result kills only the generals of the armies in its battle") {
    // The GM entered the result for CHA with Moltke killed, and Moltke's army at MET marches
    // elsewhere (or the result was written by hand): he is not in the battle, and lives
    // (docs/tabletop-battles.md, "What a result does").
    const Variant& v = tabletop();
    const Position p = position_of(R"({"phase": "1914W32M",
        "units": {"France": [{"unit": "A CHA", "id": 1, "points": 300, "supply": 2,
                              "general": "Ruffey", "general_roll": 4}],
                  "Germany": [{"unit": "A MEA", "id": 2, "points": 600, "supply": 2,
                               "general": "Kluck", "general_roll": 6},
                              {"unit": "A MET", "id": 3, "points": 300, "supply": 2,
                               "general": "Moltke", "general_roll": 2}]},
        "battle_results": {"France": [{"province": "CHA",
                                       "generals_killed": ["Moltke", "Kluck"]}]}})");
    const auto orders = parse_orders(v, p, "A MEA - CHA\nA MET - VER", v.find_power("Germany"));
    REQUIRE(orders.orders.size() == 2);
    const Adjudication week = adjudicate(v, p, orders.orders);
    auto general_of = [&](const char* province) {
        for (const Unit& u : week.next.units)
            if (v.provinces[u.location.province].abbr == province) return u.stats.general;
        for (const DislodgedUnit& d : week.next.dislodged)
            if (v.provinces[d.unit.location.province].abbr == province) return d.unit.stats.general;
        return std::string("(no army)");
    };
    CHECK(general_of("VER") == "Moltke");
    CHECK(general_of("MEA") == "");  // Kluck fought at CHA and fell there
    std::vector<std::string> kinds;
    for (const Event& e : week.events)
        if (e.kind.starts_with("tabletop.general")) kinds.push_back(e.kind + ": " + e.text);
    // The names are kept sorted (the position's canonical form): Kluck first.
    CHECK(kinds == std::vector<std::string>{
                       "tabletop.general_killed: Kluck was killed in the battle at CHA; A MEA has "
                       "no general",
                       "tabletop.general_set_aside: Moltke commands no army that fought at CHA: "
                       "the GM's result does not kill him"});
}

TEST_CASE("Tabletop battles: the GM's view before the results, through the registry") {
    const Variant& v = tabletop();
    Position p = position_of(R"({"phase": "1914W32M",
        "units": {"France": [{"unit": "A CHA", "id": 1, "points": 300}],
                  "Germany": [{"unit": "A MEA", "id": 2, "points": 600, "general": "G1"}]}})");
    const auto march = parse_orders(v, p, "A MEA - CHA", v.find_power("Germany")).orders;
    REQUIRE(gm_action_enabled(v, "battles"));
    const auto view = gm_action_view(v, "battles", p, march);
    REQUIRE(view.has_value());
    REQUIRE((*view)["battles"].size() == 1);
    const json& battle = (*view)["battles"][0];
    CHECK(battle["province"] == "CHA");
    CHECK(battle["armies"].size() == 2);
    CHECK(battle["result"].is_null());
    // A variant that does not fight on the tabletop has no battles to show, whatever the orders;
    // an action without a view has none.
    const Variant& standard = standard_variant();
    CHECK_FALSE(gm_action_enabled(standard, "battles"));
    const auto none = gm_action_view(standard, "battles", Position{}, {});
    REQUIRE(none.has_value());
    CHECK(none->dump() == R"({"battles":[]})");
    CHECK_FALSE(gm_action_view(v, "interdict", p, march).has_value());
    CHECK_FALSE(gm_action_view(v, "no such action", p, march).has_value());
}
