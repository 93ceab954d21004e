// SPDX-License-Identifier: Apache-2.0
// Joins carried out as the movement ends (seed 004, 4c: "Combined field armies may exceed 750
// points"; docs/army-strength.md). The joining army held the week; now, if it and the army it
// joins both still stand where they stood when the week began, it marches into that army's
// province and the two become one: the army joined keeps its number, and gains the joiner's
// points, engineers and siege guns, and its general if it had none. Otherwise the join is not
// carried out and both armies stay as they are.
//
// Their supply becomes the weeks the food of both feeds the whole (points-weighted, rounded
// down), the joined army's change on the event. Trains on their way to the joiner go on to the
// joined army; the joiner's standing supply order ends with it.
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

constexpr std::string_view kNotJoined =
    "the armies did not both stand where they stood as the week began";
constexpr std::string_view kTwoGenerals = "each army has a general: one army has one";

// The whole's weeks of supply: every man's food shared out, rounded down.
std::int32_t shared_supply(const Unit& a, const Unit& b) {
    const std::int64_t pa = std::max<std::int64_t>(a.stats.points, 0);
    const std::int64_t pb = std::max<std::int64_t>(b.stats.points, 0);
    if (pa + pb == 0) return std::min(a.stats.supply, b.stats.supply);
    return static_cast<std::int32_t>((pa * a.stats.supply + pb * b.stats.supply) / (pa + pb));
}

}  // namespace

void join_armies(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        if (!is(o, kJoin)) continue;
        const ProvinceId from = o.unit.province;
        const ProvinceId to = o.destination.province;
        const std::string name = "A " + v.provinces[from].abbr;
        const std::string other = "A " + v.provinces[to].abbr;
        Unit* joiner = ctx.army_still_at(from, o.power);
        Unit* joined = ctx.army_still_at(to, o.power);
        if (joiner == nullptr || joined == nullptr) {
            not_carried_out(ctx, o, kNotJoined, "army.join_failed",
                            name + " did not join " + other +
                                ": the two did not both stand where they were as the week began");
            continue;
        }
        if (!joiner->stats.general.empty() && !joined->stats.general.empty()) {
            not_carried_out(ctx, o, kTwoGenerals, "army.join_failed",
                            name + " did not join " + other + ": each has a general");
            continue;
        }
        const std::int32_t supply = shared_supply(*joiner, *joined);
        // The event counts the joined army's change; the joiner leaves the board with its own
        // supply, as any army that leaves it does (the week's accounts read them so).
        const std::int64_t change = static_cast<std::int64_t>(supply) - joined->stats.supply;
        const std::uint32_t gone = joiner->stats.id;
        const std::uint32_t id = joined->stats.id;
        const std::int64_t points = joiner->stats.points;
        joined->stats.points += points;
        joined->stats.supply = supply;
        joined->stats.engineers += joiner->stats.engineers;
        joined->stats.siege_guns += joiner->stats.siege_guns;
        if (joined->stats.general.empty()) {
            joined->stats.general = joiner->stats.general;
            joined->stats.general_roll = joiner->stats.general_roll;
        }
        // Trains follow armies by number; an army without one (a GM's position) has none coming.
        if (gone != 0 && v.campaign->supply_rules) {
            auto& supply_state = supply::state(next);
            for (SupplyTrain& t : supply_state.trains)
                if (t.target == gone) t.target = id;
            std::erase_if(supply_state.standing_supply,
                          [&](const supply::StandingSupply& s) { return s.army == gone; });
        }
        ctx.event("army.joined", o.power, to,
                  name + " joined " + other + ", now " + std::to_string(joined->stats.points) +
                      " points as army " + std::to_string(id) + ", with " + std::to_string(supply) +
                      " week" + (supply == 1 ? "" : "s") + " of supply for the whole",
                  change);
        std::erase_if(next.units, [&](const Unit& u) {
            return u.location.province == from && u.power == o.power;
        });
        next.normalise();
    }
}

}  // namespace adjutant::army_strength
