// SPDX-License-Identifier: Apache-2.0
// 4f "If an enemy supply train or equipment has been contacted they will be automatically be
// captured or destroyed": an enemy army of equipment alone (4c, docs/army-strength.md: A KOL SEND
// 2 SIEGE GUNS - AAC) where a detachment enters, or where it stands as the enemy's equipment comes
// to it. Captured, it becomes an army of the detachment's power, with its guns, engineers and
// supply, escorted by the detachment; destroyed at the power's train policy (DESTROY TRAINS),
// it leaves the board with its supply.
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::detachments {

void equipment_contacted(Week& week, const Piece& detachment, ProvinceId where) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const PowerId by = detachment.at.power;
    Unit* u = next.unit_at(where);
    if (u == nullptr || !army_strength::equipment_only(*u) || !v.campaign->enemies(u->power, by))
        return;
    const std::string whose = unit_text(v, u->type, u->location) + ", " +
                              v.powers[u->power].adjective + " equipment alone";
    const auto& policy = supply::state(next).destroy_trains;
    if (by < policy.size() && policy[by] != 0) {
        ctx.event("detachment.equipment_destroyed", by, where,
                  named(v, by, where) + " destroyed " + whose + " (4f)");
        const std::uint32_t id = u->stats.id;
        const PowerId power = u->power;
        std::erase_if(next.units,
                      [&](const Unit& x) { return x.stats.id == id && x.power == power; });
        return;
    }
    ctx.event("detachment.equipment_captured", by, where,
              named(v, by, where) + " captured " + whose + "; it is an army of " +
                  v.powers[by].name + " now (4f)");
    u->power = by;
    next.normalise();
}

}  // namespace adjutant::detachments
