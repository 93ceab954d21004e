// SPDX-License-Identifier: Apache-2.0
// Splits carried out as the movement ends (Lone Warrior 4c; docs/army-strength.md). The army held
// the week with all its points; now its detachment marches into the province it was ordered to,
// a new army with the next unit number, if its army still stands where it was and nothing stands
// in that province (an army, a fleet, or an enemy garrison in its fortress). Otherwise the split
// is not carried out and the army stays whole.
//
// The detachment takes half the supply points its army carries, the odd one with it, and the
// engineers and siege guns its order names (SPLIT 300 WITH 1 ENGINEER); the rest, and the
// general, stay with the army. Supply is bought with points, and "Each army ... uses up 1 point
// of supply per week no matter the size" (Lone Warrior 4a): a split shares the points and creates
// none, and halves feed both parts for as many weeks. The odd point goes with the detachment:
// the trains already on the road, and the standing supply order, follow the army's number.
//
// A SEND is a split of equipment alone ("Equipment moving alone ... considered an army for order
// purposes"): a new army of no points with the engineers and siege guns named, and its half of
// the army's supply for their crews.
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
constexpr std::string_view kArmyGoneSend =
    "the army did not stand where it was ordered to send its equipment";
constexpr std::string_view kHeldSend = "the equipment could not go: its province is held";

bool held(const Variant& v, const Position& next, PowerId power, ProvinceId province) {
    if (next.unit_at(province) != nullptr) return true;
    const auto& garrisons = sieges::state(next).garrisons;
    return std::any_of(garrisons.begin(), garrisons.end(), [&](const Garrison& g) {
        return g.province == province && v.campaign->enemies(g.power, power);
    });
}

// The detachment's share of the army's supply points: half, the odd one with the detachment.
std::int32_t detachment_supply(const Unit& army) {
    return (std::max(army.stats.supply, 0) + 1) / 2;
}

std::string weeks_of_supply(std::int64_t weeks) {
    return std::to_string(weeks) + (weeks == 1 ? " week of supply" : " weeks of supply");
}

}  // namespace

void split_armies(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        const bool send = is(o, kSend);
        if (!send && !is(o, kSplit)) continue;
        const ProvinceId where = o.unit.province;
        const ProvinceId to = o.destination.province;
        const std::string name = "A " + v.provinces[where].abbr;
        const std::string what = send ? "its equipment" : "its detachment";
        Unit* army = ctx.army_still_at(where, o.power);
        if (army == nullptr) {
            not_carried_out(ctx, o, send ? kArmyGoneSend : kArmyGone, "army.split_failed",
                            name + " was driven from " + v.provinces[where].abbr + ": " + what +
                                " did not " + (send ? "leave" : "form"));
            continue;
        }
        if (held(v, next, o.power, to)) {
            not_carried_out(ctx, o, send ? kHeldSend : kDestinationHeld, "army.split_failed",
                            std::string(send ? "the equipment" : "the detachment") + " of " + name +
                                " could not march to " + v.provinces[to].abbr +
                                ", which is held: the army stays whole");
            continue;
        }
        Unit detachment;
        detachment.type = UnitType::Army;
        detachment.power = o.power;
        detachment.location = Location{to, Coast::None};
        detachment.stats.id = next.new_unit_id();
        detachment.stats.points = send ? 0 : o.count;
        detachment.stats.supply = detachment_supply(*army);
        // What the order named, as far as the army still has it (a battle may have cost guns).
        detachment.stats.engineers = std::min(o.engineers, army->stats.engineers);
        detachment.stats.siege_guns = std::min(o.siege_guns, army->stats.siege_guns);
        army->stats.points -= detachment.stats.points;
        army->stats.supply -= detachment.stats.supply;
        army->stats.engineers -= detachment.stats.engineers;
        army->stats.siege_guns -= detachment.stats.siege_guns;
        const std::string taken = ", with " + weeks_of_supply(detachment.stats.supply);
        const std::string kept = weeks_of_supply(army->stats.supply);
        const std::string equipment = equipment_words(detachment.stats);
        const std::string text =
            send ? name + " sent " + equipment + " to " + v.provinces[to].abbr + " as army " +
                       std::to_string(detachment.stats.id) + ", equipment alone" + taken +
                       "; the army keeps " + kept
                 : name + " sent " + std::to_string(o.count) + " of its points" +
                       (equipment.empty() ? "" : " and " + equipment) + " to " +
                       v.provinces[to].abbr + " as army " + std::to_string(detachment.stats.id) +
                       taken + "; " + std::to_string(army->stats.points) + " points stay, with " +
                       kept;
        // Shared, not created: the supply on the board does not change.
        ctx.event("army.split", o.power, where, text);
        next.units.push_back(std::move(detachment));
        next.normalise();
    }
}

}  // namespace adjutant::army_strength
