// SPDX-License-Identifier: Apache-2.0
// What a power sees of the classes under fog of war (position/sight.h; docs/fog-of-war.md): its
// own armies', and another power's armies' where it sees the army, as it sees its points.
#include <algorithm>

#include "position/position.h"
#include "position/sight.h"
#include "rules/experience/experience.h"

namespace adjutant::experience {

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    auto seen = [&](const ArmyClasses& a) {
        for (const Unit& u : view.units)
            if (u.power == a.power && u.stats.id == a.army)
                return sight.shows(a.power, u.location.province);
        for (const DislodgedUnit& d : view.dislodged)
            if (d.unit.power == a.power && d.unit.stats.id == a.army)
                return sight.shows(a.power, d.unit.location.province);
        return false;
    };
    std::erase_if(state(view).armies, [&](const ArmyClasses& a) { return !seen(a); });
}

}  // namespace adjutant::experience
