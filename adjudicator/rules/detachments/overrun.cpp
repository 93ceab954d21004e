// SPDX-License-Identifier: Apache-2.0
// A detachment an enemy army, fleet or garrison came upon where it stands (the enemy marched in,
// or took the city round it). 4f says what follows when a detachment enters an enemy's province,
// not when the enemy enters its own: here light cavalry gives way, retiring 1 hex as the tables
// retire it (Week::fallback: the first free neighbour by abbreviation, or where it came from
// this week), and is eliminated when it has nowhere to go (docs/detachments.md, "Choices").
#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "variant/variant.h"

namespace adjutant::detachments {

void detachments_overrun(Week& week) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    for (Piece& p : week.pieces) {
        if (!p.gone) equipment_contacted(week, p, p.at.province);  // came to it: taken
        if (p.gone || !enemy_army_or_garrison(v, ctx.result.next, p.at.province, p.at.power))
            continue;
        const ProvinceId where = p.at.province;
        const ProvinceId back = week.fallback(p, kNoProvince);
        if (back == kNoProvince) {
            p.gone = true;
            ctx.event("detachment.overrun", p.at.power, where,
                      named(v, p.at.power, where) +
                          " was caught by the enemy with nowhere to retire, and is eliminated");
            continue;
        }
        ctx.event("detachment.gave_way", p.at.power, where,
                  named(v, p.at.power, where) + " gave way to the enemy and retired 1 hex to " +
                      abbr(v, back));
        p.came_from = kNoProvince;
        p.at.province = back;
    }
}

}  // namespace adjutant::detachments
