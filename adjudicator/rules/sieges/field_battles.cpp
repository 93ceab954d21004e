// SPDX-License-Identifier: Apache-2.0
// The career modifiers of 4g from field battles (docs/sieges.md, "Generals (4g)"): "Decisive
// field victory +2, Major field victory +1, Major field defeat -1, Decisive field defeat -2".
//
// Lone Warrior names the results without defining them. On the province map a field battle is won
// where an army dislodges an enemy army (the points decide, docs/design.md, "The adjudicator
// contract"). It is decisive when the beaten army has nowhere to retreat, so it is destroyed, or
// when the victor brought at least twice its points; otherwise it is major. An attack that fails
// decides nothing Lone Warrior names, so it changes no career. A destroyed army's general is lost
// with it (the generals module replaces him).
#include "rules/sieges/internal.h"

namespace adjutant::sieges::detail {

void field_battles(TurnContext& ctx) {
    Position& next = ctx.result.next;
    // Every army dislodged this phase, those that will retreat and those with nowhere to go.
    for (const DislodgedUnit& beaten : ctx.result.dislodged) {
        if (beaten.unit.type != UnitType::Army) continue;
        const ProvinceId where = beaten.unit.location.province;
        Unit* victor = next.unit_at(where);
        if (victor == nullptr || victor->type != UnitType::Army) continue;
        const bool decisive =
            beaten.retreats.empty() || victor->stats.points >= 2 * beaten.unit.stats.points;
        career(ctx, victor->stats.general, attributes(victor->stats).general_roll, decisive ? 2 : 1,
               decisive ? "Decisive field victory" : "Major field victory", victor->power, where);
        // The beaten general's career goes on with his army in the retreat phase; an army with
        // nowhere to retreat is destroyed, and its general with it.
        for (DislodgedUnit& retreating : next.dislodged)
            if (retreating.unit.location == beaten.unit.location)
                career(ctx, retreating.unit.stats.general,
                       attributes(retreating.unit.stats).general_roll, decisive ? -2 : -1,
                       decisive ? "Decisive field defeat" : "Major field defeat",
                       retreating.unit.power, where);
    }
}

}  // namespace adjutant::sieges::detail
