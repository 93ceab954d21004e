// SPDX-License-Identifier: Apache-2.0
// What a power sees of the rail under fog of war (position/sight.h; docs/fog-of-war.md): its
// own rail states everywhere, another power's only where it sees the province (an enemy's
// railhead far behind his front is his secret), and no other army's extended supply. Who
// holds the ground, the demolished and converted links and the GM's interdictions stay public,
// like the cities' owners: they are the state of the country, which newspapers and
// inhabitants tell.
#include "position/position.h"
#include "position/sight.h"
#include "rules/rail/rail.h"

namespace adjutant::rail {

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    RailNetworkState& net = state(view);
    for (std::size_t p = 0; p < net.rail.size(); ++p) {
        if (sight.power != kNoPower && p == sight.power) continue;
        for (std::size_t province = 0; province < net.rail[p].size(); ++province)
            if (!sight.sees(static_cast<ProvinceId>(province)))
                net.rail[p][province] = RailState::NonOperational;
    }
    for_each_unit_of_others(view, sight,
                            [](Unit& u) { attributes(u.stats).supply_extended = false; });
}

}  // namespace adjutant::rail
