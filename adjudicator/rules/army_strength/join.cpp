// SPDX-License-Identifier: Apache-2.0
// Joins carried out as the movement ends (Lone Warrior 4c: "Combined field armies may exceed 750
// points"; docs/army-strength.md). The joining army held the week; now, if it and the army it
// joins both still stand where they stood when the week began, it marches into that army's
// province and the two become one: the army joined keeps its number, and gains the joiner's
// points, engineers and siege guns, and its general if it had none. Otherwise the join is not
// carried out and both armies stay as they are.
//
// Their supply points add up ("Each army ... uses up 1 point of supply per week no matter the
// size", Lone Warrior 4a: supply is counted per army, not per man), as far as the joined army can
// carry them (`carry_weeks`, as for captured trains and stores); the rest is lost. The event
// carries the joined army's change. Trains on their way to the joiner go on to the joined army;
// the joiner's standing supply order ends with it.
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/sieges/state.h"
#include "rules/supply/parameters.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

constexpr std::string_view kNotJoined =
    "the armies did not both stand where they stood as the week began";
constexpr std::string_view kTwoGenerals = "each army has a general: one army has one";

// The points of the joiner's supply the joined army takes: what it can carry on top of its own.
std::int32_t supply_taken(const Variant& v, const Unit& joiner, const Unit& joined) {
    return std::clamp(supply::parameters(v).carry_weeks - joined.stats.supply, 0,
                      std::max(joiner.stats.supply, 0));
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
        const std::int32_t taken = supply_taken(v, *joiner, *joined);
        const std::int32_t lost = std::max(joiner->stats.supply, 0) - taken;
        const std::int32_t supply = joined->stats.supply + taken;
        // The event counts the joined army's change; the joiner leaves the board with its own
        // supply, as any army that leaves it does (the week's accounts read them so).
        const std::int64_t change = taken;
        const std::uint32_t gone = joiner->stats.id;
        const std::uint32_t id = joined->stats.id;
        const std::int64_t points = joiner->stats.points;
        joined->stats.points += points;
        joined->stats.supply = supply;
        joined->stats.engineers += joiner->stats.engineers;
        joined->stats.siege_guns += joiner->stats.siege_guns;
        if (joined->stats.general.empty()) {
            joined->stats.general = joiner->stats.general;
            sieges::attributes(joined->stats).general_roll =
                sieges::attributes(joiner->stats).general_roll;
        }
        // Trains follow armies by number; an army without one (a GM's position) has none coming.
        if (gone != 0 && v.campaign->modules.enabled("supply")) {
            auto& supply_state = supply::state(next);
            for (SupplyTrain& t : supply_state.trains)
                if (t.target == gone) t.target = id;
            std::erase_if(supply_state.standing_supply,
                          [&](const supply::StandingSupply& s) { return s.army == gone; });
        }
        ctx.event("army.joined", o.power, to,
                  name + " joined " + other + ", now " + std::to_string(joined->stats.points) +
                      " points as army " + std::to_string(id) + ", with " + std::to_string(supply) +
                      " week" + (supply == 1 ? "" : "s") + " of supply for the whole" +
                      (lost > 0 ? "; it carries no more than " +
                                      std::to_string(supply::parameters(v).carry_weeks) + ", and " +
                                      std::to_string(lost) + (lost == 1 ? " is" : " are") + " lost"
                                : ""),
                  change);
        std::erase_if(next.units, [&](const Unit& u) {
            return u.location.province == from && u.power == o.power;
        });
        next.normalise();
    }
}

}  // namespace adjutant::army_strength
