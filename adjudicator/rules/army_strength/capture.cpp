// SPDX-License-Identifier: Apache-2.0
// Equipment moving alone met by an enemy army (Lone Warrior 4c "Equipment moving alone ...
// considered an army for order purposes"; 4a "Supply trains caught alone are captured or destroyed
// at the captor's option"; docs/army-strength.md, "Equipment alone"). An army of equipment alone
// has no points, so any enemy army that attacks it drives it from its province; it cannot fight and
// does not retreat. As the movement ends it is taken: its engineers and siege guns join the army
// that took its province, or are destroyed when that power's train policy says DESTROY TRAINS
// (the captor's option, as for supply trains: docs/campaign.md). The weeks of supply its crews
// carried leave the board with it.
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

bool destroys(const Position& pos, PowerId power) {
    const auto& policy = supply::state(pos).destroy_trains;
    return power < policy.size() && policy[power] != 0;
}

}  // namespace

void capture_equipment(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const DislodgedUnit& d : next.dislodged) {
        if (!equipment_only(d.unit)) continue;
        const ProvinceId where = d.unit.location.province;
        const std::string abbr = v.provinces[where].abbr;
        const std::string whose = "the " + v.powers[d.unit.power].adjective + " equipment";
        std::string what = " (";  // appended: GCC 12 warns falsely (-Wrestrict) otherwise
        what += equipment_words(d.unit.stats);
        what += ")";
        Unit* captor = next.unit_at(where);
        if (captor == nullptr || captor->type != UnitType::Army) {
            ctx.event("army.equipment_destroyed", d.unit.power, where,
                      whose + " alone in " + abbr + what + " was driven off and lost");
            continue;
        }
        const std::string by =
            "the " + v.powers[captor->power].adjective + " army that took " + abbr;
        if (destroys(next, captor->power)) {
            ctx.event("army.equipment_destroyed", captor->power, where,
                      by + " caught " + whose + " there alone" + what + " and destroyed it");
            continue;
        }
        captor->stats.engineers += d.unit.stats.engineers;
        captor->stats.siege_guns += d.unit.stats.siege_guns;
        ctx.event("army.equipment_captured", captor->power, where,
                  by + " caught " + whose + " there alone" + what + " and captured it; it has " +
                      equipment_words(captor->stats) + " now");
    }
    std::erase_if(next.dislodged, [](const DislodgedUnit& d) { return equipment_only(d.unit); });
}

}  // namespace adjutant::army_strength
