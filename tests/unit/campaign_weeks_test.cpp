// SPDX-License-Identifier: Apache-2.0
// Twelve weeks of the western-front-1914 campaign from its start, played as a GM would: both sides
// give standing supply orders once, the front stays mostly quiet, Germany takes Luxembourg and
// besieges Liège and Longwy, and a French army that marches into the Ardennes is cut off. Each
// week's `next` position is written as the document the server stores, read back, and adjudicated
// again (docs/campaign.md). Armies near their railheads stay supplied; the one cut off starves.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "rules/sieges/sieges.h"
#include "rules/supply/state.h"
#include "rules_case.h"
#include "starting_position.h"

using namespace adjutant;

namespace {

// The orders of week `w` (0 is 1914W32).
std::string orders_for(int w) {
    std::string text;
    if (w == 0) {
        // Standing supply orders: each army from a city of its own (one train may leave a city
        // a week, Lone Warrior 4a), riding the rail to the army's base.
        text +=
            "Germany: T KOL SUPPLY A KOL EVERY WEEK\n"
            "Germany: T AAC SUPPLY A AAC EVERY WEEK\n"
            "Germany: T TRI SUPPLY A TRI EVERY WEEK\n"
            "Germany: T SAA SUPPLY A MAL EVERY WEEK\n"
            "Germany: T MET SUPPLY A THI EVERY WEEK\n"
            "Germany: T STR SUPPLY A STR EVERY WEEK\n"
            "Germany: T MUL SUPPLY A MOR EVERY WEEK\n"
            "France: T EPI SUPPLY A EPI EVERY WEEK\n"
            "France: T NAN SUPPLY A NAN EVERY WEEK\n"
            "France: T VER SUPPLY A VER EVERY WEEK\n"
            "France: T REI SUPPLY A ARG EVERY WEEK\n"
            "France: T AMI SUPPLY A MEZ EVERY WEEK\n"
            "France: T BEL SUPPLY A BEL EVERY WEEK\n"
            "Britain: T BOU SUPPLY A BOU EVERY WEEK\n"
            "Belgium: T BRU SUPPLY A LOU EVERY WEEK\n"
            "Germany: A AAC - LIE\n"
            "Germany: A TRI - LUX\n"
            "France: A MEZ - NEF\n";
    } else if (w == 1) {
        // Luxembourg is German now: the 4th Army draws from it, and Trier's trains go to the
        // 3rd (a new standing order for an army replaces its old one). Three armies' trains
        // end in LUX, all its double track carries (LOC capacity 3).
        text +=
            "Germany: T LUX SUPPLY A LUX EVERY WEEK\n"
            "Germany: T TRI SUPPLY A EIF EVERY WEEK\n"
            "Germany: A LIE BESIEGE\n"
            "Germany: A THI - LGW\n"
            "Germany: A MAL - NEF\n"
            "France: A NEF - ARL\n";
    } else {
        text += w <= 2 ? "Germany: A LIE BESIEGE\n" : "Germany: A LIE BREACH\n";
        text += w <= 3 ? "Germany: A LGW BESIEGE\n" : "Germany: A LGW H\n";
    }
    return text;
}

std::int64_t points_of(const Position& p, std::uint32_t id) {
    for (const Unit& u : p.units)
        if (u.stats.id == id) return u.stats.points;
    return -1;
}

std::uint32_t id_at(const Variant& v, const Position& p, const char* province) {
    const Unit* u = p.unit_at(v.find_province(province));
    REQUIRE(u != nullptr);
    return u->stats.id;
}

}  // namespace

TEST_CASE("Campaign weeks: the 1914 start played for twelve weeks, every next position reloaded") {
    const Variant& v = testing::variant_named("western-front-1914");
    Position position = starting_position(v);
    // The treasuries and train stocks of the order of battle
    // (docs/western-front-1914.md, "Supply trains" and "Treasuries").
    CHECK(supply::state(position).treasury.at(v.find_power("Germany")) == 280);
    CHECK(supply::state(position).treasury.at(v.find_power("Britain")) == 34);

    std::map<std::string, std::uint32_t> id;
    for (const char* a : {"KOL", "AAC", "TRI", "MAL", "THI", "STR", "MOR", "EIF", "EPI", "NAN",
                          "VER", "ARG", "MEZ", "BEL", "BOU", "LOU"})
        id[a] = id_at(v, position, a);
    std::map<std::string, std::int64_t> start_points;
    for (const auto& [name, number] : id) start_points[name] = points_of(position, number);

    Adjudicator adjudicator;
    std::set<std::uint32_t> starved;
    int weeks = 0;
    bool breach_accepted = false;
    while (weeks < 12) {
        const std::string text =
            position.phase.kind == PhaseKind::Movement ? orders_for(weeks) : std::string();
        const ParsedOrders parsed = parse_orders(v, position, text);
        for (const OrderVerdict& verdict : parsed.verdicts) {
            INFO(position.phase.code() << ": " << verdict.input());
            CHECK(verdict.error == "");
            if (verdict.accepted() && is(*verdict.order, sieges::kBreach)) breach_accepted = true;
        }
        const Adjudication result = adjudicator.run(v, position, parsed.orders, 1914);
        // Who starved this week: the armies an attrition event names.
        for (const Event& e : result.events)
            if (e.kind == "supply.attrition")
                if (const Unit* u = result.next.unit_at(e.province)) starved.insert(u->stats.id);

        // Every order line has a verdict: one result per unit, and one per order no unit's.
        std::size_t module_orders = 0;
        for (const Order& o : parsed.orders) module_orders += orders_a_unit(o) ? 0 : 1;
        CHECK(result.results.size() ==
              position.units.size() + position.dislodged.size() + module_orders);

        // Whatever the adjudicator writes as `next` loads, and reads back the same.
        const nlohmann::json document = position_to_json(v, result.next);
        const PositionLoad loaded = position_from_json(v, document);
        INFO(position.phase.code() << " -> " << document.dump());
        REQUIRE(loaded.errors == std::vector<std::string>{});
        CHECK(*loaded.position == result.next);
        CHECK(position_to_json(v, *loaded.position) == document);

        if (position.phase.kind == PhaseKind::Movement) ++weeks;
        position = *loaded.position;
    }
    CHECK(position.phase.code() == "1914W44M");
    CHECK(breach_accepted);  // Emmich's heavy howitzers reach 3:2 against Liège's guns

    // Armies near their railheads stay supplied: only the army cut off ever starved. The quiet
    // ones end at full strength (the besiegers of Liège and Longwy lose points to the sieges).
    CHECK(starved == std::set<std::uint32_t>{id["MEZ"]});
    for (const char* quiet : {"KOL", "TRI", "MAL", "STR", "MOR", "EIF", "EPI", "NAN", "VER", "ARG",
                              "BEL", "BOU", "LOU"}) {
        INFO(std::string(quiet) << " ends with " << position_to_json(v, position).dump());
        CHECK(points_of(position, id[quiet]) == start_points[quiet]);
    }
    // Lanrezac's 5th Army, cut off in Arlon by the 4th and 5th German Armies since week 34
    // (no road out but through them), eats what it carried and then starves.
    const std::int64_t cut_off = points_of(position, id["MEZ"]);
    CHECK(cut_off > 0);
    CHECK(cut_off < start_points["MEZ"] * 2 / 3);
}
