// SPDX-License-Identifier: Apache-2.0
#include "rules/sieges/state.h"

#include <algorithm>
#include <tuple>

#include "position/position.h"

namespace adjutant::sieges {

const Siege* SiegeState::siege_of(ProvinceId province) const {
    for (const Siege& s : sieges)
        if (s.province == province) return &s;
    return nullptr;
}

Siege* SiegeState::siege_of(ProvinceId province) {
    for (Siege& s : sieges)
        if (s.province == province) return &s;
    return nullptr;
}

void SiegeState::normalise() {
    std::sort(garrisons.begin(), garrisons.end(), [](const Garrison& a, const Garrison& b) {
        return std::tie(a.province, a.power) < std::tie(b.province, b.power);
    });
    std::sort(sieges.begin(), sieges.end(),
              [](const Siege& a, const Siege& b) { return a.province < b.province; });
    std::sort(breaches.begin(), breaches.end());
}

const SiegeState& state(const Position& position) {
    return position.modules.get_or_empty<SiegeState>();
}

SiegeState& state(Position& position) {
    return position.modules.get<SiegeState>();
}

}  // namespace adjutant::sieges
