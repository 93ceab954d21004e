// SPDX-License-Identifier: Apache-2.0
// Splits carried out as the movement ends (seed 004, 4c; docs/army-strength.md). The army held
// the week with all its points; now its detachment marches into the province it was ordered to,
// a new army with the next unit number, if its army still stands where it was and nothing stands
// in that province (an army, a fleet, or an enemy garrison in its fortress). Otherwise the split
// is not carried out and the army stays whole.
//
// The detachment carries as many weeks of supply as its army (a week of supply is a week's food
// for every man, so both parts keep what they had) and none of its equipment: the engineers,
// siege guns and general stay with the army.
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

constexpr std::string_view kArmyGone = "the army did not stand where it was ordered to split";
constexpr std::string_view kDestinationHeld =
    "the detachment could not march: its province is held";

bool held(const Variant& v, const Position& next, PowerId power, ProvinceId province) {
    if (next.unit_at(province) != nullptr) return true;
    const auto& garrisons = sieges::state(next).garrisons;
    return std::any_of(garrisons.begin(), garrisons.end(), [&](const Garrison& g) {
        return g.province == province && v.campaign->enemies(g.power, power);
    });
}

}  // namespace

void split_armies(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        if (!is(o, kSplit)) continue;
        const ProvinceId where = o.unit.province;
        const ProvinceId to = o.destination.province;
        const std::string name = "A " + v.provinces[where].abbr;
        Unit* army = ctx.army_still_at(where, o.power);
        if (army == nullptr) {
            not_carried_out(ctx, o, kArmyGone, "army.split_failed",
                            name + " was driven from " + v.provinces[where].abbr +
                                ": its detachment did not form");
            continue;
        }
        if (held(v, next, o.power, to)) {
            not_carried_out(ctx, o, kDestinationHeld, "army.split_failed",
                            "the detachment of " + name + " could not march to " +
                                v.provinces[to].abbr + ", which is held: the army stays whole");
            continue;
        }
        Unit detachment;
        detachment.type = UnitType::Army;
        detachment.power = o.power;
        detachment.location = Location{to, Coast::None};
        detachment.stats.id = next.new_unit_id();
        detachment.stats.points = o.count;
        detachment.stats.supply = army->stats.supply;
        army->stats.points -= o.count;
        const std::string rest = std::to_string(army->stats.points);
        const std::int64_t supply = detachment.stats.supply;
        ctx.event("army.split", o.power, where,
                  name + " sent " + std::to_string(o.count) + " of its points to " +
                      v.provinces[to].abbr + " as army " + std::to_string(detachment.stats.id) +
                      ", with " + std::to_string(supply) + " week" + (supply == 1 ? "" : "s") +
                      " of supply; " + rest + " points stay",
                  supply);
        next.units.push_back(std::move(detachment));
        next.normalise();
    }
}

}  // namespace adjutant::army_strength
