// SPDX-License-Identifier: Apache-2.0
// What a power sees of the sieges module's part under fog of war (position/sight.h;
// docs/fog-of-war.md). A garrison occupies its city, so a power sees from its cities as from
// its armies. It sees its own garrisons and another's where it sees the city, but not another
// garrison's stores, rations or its general's type roll, nor another army's general's roll:
// those a GM keeps to himself. A siege or a breach shows where the viewer sees the city or
// the siege is its own.
#include <algorithm>

#include "position/position.h"
#include "position/sight.h"
#include "rules/sieges/sieges.h"
#include "variant/variant.h"

namespace adjutant::sieges {

void occupies(const Variant& /*variant*/, const Position& position, PowerId power,
              std::vector<std::uint8_t>& occupied) {
    for (const Garrison& g : state(position).garrisons)
        if (g.power == power && g.province < occupied.size()) occupied[g.province] = 1;
}

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    SiegeState& s = state(view);
    std::erase_if(s.garrisons,
                  [&](const Garrison& g) { return !sight.shows(g.power, g.province); });
    std::erase_if(s.sieges,
                  [&](const Siege& siege) { return !sight.shows(siege.power, siege.province); });
    std::erase_if(s.breaches, [&](const auto& breach) { return !sight.sees(breach.first); });
    const bool mine_only = sight.power != kNoPower;
    for (Garrison& g : s.garrisons) {
        if (mine_only && g.power == sight.power) continue;
        g.stores = 0;
        g.general_roll = 0;
        g.half_rations = false;
        g.half_week_eaten = false;
    }
    for_each_unit_of_others(view, sight, [](Unit& u) { attributes(u.stats).general_roll = 0; });
}

}  // namespace adjutant::sieges
