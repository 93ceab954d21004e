// SPDX-License-Identifier: Apache-2.0
#include <algorithm>

#include "rules/tabletop_battles/battles.h"

namespace adjutant::tabletop_battles {

const BattleResult* TabletopState::in(ProvinceId province) const {
    for (const BattleResult& r : results)
        if (r.province == province) return &r;
    return nullptr;
}

void TabletopState::normalise() {
    for (BattleResult& r : results) {
        std::sort(r.losses.begin(), r.losses.end());
        std::sort(r.generals_killed.begin(), r.generals_killed.end());
        std::sort(r.experience.begin(), r.experience.end());
    }
    std::sort(results.begin(), results.end(),
              [](const BattleResult& a, const BattleResult& b) { return a.province < b.province; });
}

const TabletopState& state(const Position& position) {
    return position.modules.get_or_empty<TabletopState>();
}

TabletopState& state(Position& position) {
    return position.modules.get<TabletopState>();
}

}  // namespace adjutant::tabletop_battles
