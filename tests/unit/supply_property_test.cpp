// SPDX-License-Identifier: Apache-2.0
// Properties of the supply rules over many random weeks on the campaign test map:
// supply points are neither created nor lost except as the events say (purchases, consumption,
// destroyed trains, a lost country), and the same inputs give byte-identical reports.
#include <doctest/doctest.h>

#include <string>

#include "adjudicate.h"
#include "bench/random_orders.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "rules_case.h"
#include "starting_position.h"

using namespace adjutant;

namespace {

std::int64_t supply_on_board(const Position& p) {
    std::int64_t total = static_cast<std::int64_t>(supply::state(p).trains.size());
    for (const Unit& u : p.units) total += u.stats.supply;
    for (const DislodgedUnit& d : p.dislodged) total += d.unit.stats.supply;
    for (const Garrison& g : sieges::state(p).garrisons) total += g.stores;
    return total;
}

// Supply carried by units that left the board other than through a supply event: dislodged
// without a retreat, or disbanded in a retreat phase. Not the units of a power whose country was
// lost (`events` say so): that event counts their supply.
std::int64_t supply_of_vanished_units(const Position& before, const Position& after,
                                      const std::vector<Event>& events = {}) {
    std::int64_t lost = 0;
    auto country_lost = [&](PowerId power) {
        for (const Event& e : events)
            if (e.kind == "country.lost" && e.power == power) return true;
        return false;
    };
    auto present = [&](std::uint32_t id) {
        for (const Unit& u : after.units)
            if (u.stats.id == id) return true;
        for (const DislodgedUnit& d : after.dislodged)
            if (d.unit.stats.id == id) return true;
        return false;
    };
    for (const Unit& u : before.units)
        if (!present(u.stats.id) && !country_lost(u.power)) lost += u.stats.supply;
    for (const DislodgedUnit& d : before.dislodged)
        if (!present(d.unit.stats.id) && !country_lost(d.unit.power)) lost += d.unit.stats.supply;
    return lost;
}

// Random campaign orders: moves and holds (bench generator), plus purchases and dispatches.
std::string random_orders(const Variant& v, const Position& pos, bench::Random& random) {
    if (pos.phase.kind == PhaseKind::Retreat) return bench::random_retreat_orders(v, pos, random);
    std::string text = bench::random_movement_orders(v, pos, random);
    for (std::size_t p = 0; p < v.powers.size(); ++p) {
        const std::string name = v.powers[p].name;
        for (std::size_t c = 0; c < pos.owner.size(); ++c)
            if (pos.owner[c] == p && v.campaign->city_class[c] != 0 && random.below(3) == 0)
                text += name + ": BUY 1 T " + v.provinces[c].abbr + "\n";
        for (const Unit& u : pos.units)
            if (u.power == p && random.below(2) == 0)
                for (const SupplyTrain& t : supply::state(pos).trains)
                    if (t.power == p && t.target == 0 && !t.returning) {
                        text += name + ": T " + v.provinces[t.at].abbr + " SUPPLY A " +
                                v.provinces[u.location.province].abbr + "\n";
                        break;
                    }
    }
    if (random.below(5) == 0) text += "Germany: DESTROY TRAINS\n";
    // Now and then a standing supply order from one of the power's cities.
    for (const Unit& u : pos.units)
        if (u.type == UnitType::Army && random.below(6) == 0)
            for (std::size_t c = 0; c < pos.owner.size(); ++c)
                if (pos.owner[c] == u.power && v.campaign->city_class[c] != 0) {
                    text += v.powers[u.power].name + ": T " + v.provinces[c].abbr + " SUPPLY A " +
                            v.provinces[u.location.province].abbr + " EVERY WEEK\n";
                    break;
                }
    return text;
}

// The next position as the server stores it: written, read back; it must load and equal what
// was written.
Position reloaded(const Variant& v, const Position& next) {
    const PositionLoad load = position_from_json(v, position_to_json(v, next));
    INFO(position_to_json(v, next).dump());
    REQUIRE(load.errors == std::vector<std::string>{});
    CHECK(*load.position == next);
    return *load.position;
}

// Plays `games` random games of up to `phases` phases each; after every phase the change of all
// supply on the board must be what the events say, and the next position must read back equal.
// Returns the weeks played.
int play_random_weeks(const Variant& v, std::uint64_t seed, int games, int phases) {
    const OrderParser parser(v);
    bench::Random random(seed);
    int weeks = 0;
    for (int game = 0; game < games; ++game) {
        Position position = starting_position(v);
        for (int phase = 0; phase < phases && !position.units.empty(); ++phase) {
            const ParsedOrders parsed = parser.parse(position, random_orders(v, position, random));
            Adjudicator adjudicator;
            const Adjudication result =
                adjudicator.run(v, position, parsed.orders, static_cast<std::uint64_t>(game));
            std::int64_t by_events = 0;
            for (const Event& e : result.events) by_events += e.supply_change;
            const std::int64_t change = supply_on_board(result.next) - supply_on_board(position);
            const std::int64_t vanished =
                supply_of_vanished_units(position, result.next, result.events);
            std::string log;
            for (const Event& e : result.events)
                log += "\n  " + e.text + " [" + std::to_string(e.supply_change) + "]";
            INFO("game " << game << " phase " << position.phase.code() << log);
            REQUIRE(change == by_events - vanished);
            if (result.next.phase.kind == PhaseKind::Movement) ++weeks;
            position = reloaded(v, result.next);
        }
    }
    return weeks;
}

}  // namespace

TEST_CASE("supply points are conserved except as the events say, over random weeks") {
    CHECK(play_random_weeks(testing::variant_named("tests/variants/campaign-test.json"), 1914, 40,
                            24) > 300);
}

TEST_CASE("random weeks of the 1914 campaign: every next position loads, supply as events say") {
    // The whole map: sieges of fortresses that are no city, rail, allies, lost countries.
    CHECK(play_random_weeks(testing::variant_named("western-front-1914"), 1915, 8, 20) > 100);
}

TEST_CASE("a campaign turn gives byte-identical reports for the same inputs") {
    const Variant& v = testing::variant_named("config/variants/western-front-1914.json");
    const Position start = starting_position(v);
    bench::Random random(7);
    const std::string orders = random_orders(v, start, random);
    std::string first;
    for (int run = 0; run < 2; ++run) {
        const ParsedOrders parsed = parse_orders(v, start, orders);
        Adjudicator adjudicator;
        const Adjudication result = adjudicator.run(v, start, parsed.orders, 20260801);
        const std::string text = adjudication_to_json(v, parsed, result).dump();
        if (run == 0)
            first = text;
        else
            CHECK(text == first);
    }
    CHECK(first.find("\"events\"") != std::string::npos);
}
