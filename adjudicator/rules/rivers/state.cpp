// SPDX-License-Identifier: Apache-2.0
#include "rules/rivers/state.h"

#include <algorithm>
#include <utility>

#include "position/position.h"

namespace adjutant::rivers {

bool RiversState::has(PowerId power, ProvinceId city) const {
    return std::any_of(flotillas.begin(), flotillas.end(),
                       [&](const Flotilla& f) { return f.power == power && f.city == city; });
}

void RiversState::normalise() {
    std::sort(flotillas.begin(), flotillas.end(), [](const Flotilla& a, const Flotilla& b) {
        return std::pair(a.city, a.power) < std::pair(b.city, b.power);
    });
}

const RiversState& state(const Position& position) {
    return position.modules.get_or_empty<RiversState>();
}

RiversState& state(Position& position) {
    return position.modules.get<RiversState>();
}

}  // namespace adjutant::rivers
