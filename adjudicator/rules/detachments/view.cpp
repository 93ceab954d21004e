// SPDX-License-Identifier: Apache-2.0
// What a power sees of the detachments under fog of war (position/sight.h;
// docs/fog-of-war.md): 4f "Detachments are employed ... for scouting". A detachment's province
// is occupied by its power, so the power sees it and its neighbours as it does round an army;
// a province scouted successfully this week is seen too; another power's detachments are
// hidden outside the viewer's sight, and another power's scouting reports always.
#include <algorithm>

#include "position/position.h"
#include "position/sight.h"
#include "rules/detachments/detachments.h"

namespace adjutant::detachments {

void occupies(const Variant& /*variant*/, const Position& position, PowerId power,
              std::vector<std::uint8_t>& occupied) {
    for (const Detachment& d : state(position).detachments)
        if (d.power == power && d.province < occupied.size()) occupied[d.province] = 1;
}

void reveals(const Variant& /*variant*/, const Position& position, Sight& sight) {
    for (const Scouted& s : state(position).scouted)
        if (s.power == sight.power && s.province < sight.seen.size()) sight.seen[s.province] = 1;
}

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    DetachmentsState& s = state(view);
    std::erase_if(s.detachments,
                  [&](const Detachment& d) { return !sight.shows(d.power, d.province); });
    std::erase_if(s.scouted, [&](const Scouted& sc) {
        return sight.power == kNoPower || sc.power != sight.power;
    });
}

}  // namespace adjutant::detachments
