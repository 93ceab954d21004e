// SPDX-License-Identifier: Apache-2.0
// Who holds the ground (Oào 17.9's "friendly controlled hexes" on a province map;
// docs/rail.md): an army ending the week in a province takes it from the enemy or from nobody;
// allies never take ground from each other. The ground stays held after the army moves on, until
// an enemy army stands there.
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

void update_control(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (const Unit& u : next.units) {
        if (u.type != UnitType::Army) continue;
        const ProvinceId p = u.location.province;
        const PowerId holder = state(next).control[p];
        if (holder == u.power || (holder != kNoPower && !map.enemies(holder, u.power))) continue;
        state(next).control[p] = u.power;
        ctx.event("rail.ground", u.power, p,
                  v.provinces[p].abbr + " is now held by " + v.powers[u.power].name);
    }
}

}  // namespace adjutant::rail
