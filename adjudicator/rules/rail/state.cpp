// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/state.h"

#include <algorithm>

#include "position/position.h"

namespace adjutant::rail {

void RailNetworkState::normalise() {
    std::sort(interdicted.begin(), interdicted.end());
    interdicted.erase(std::unique(interdicted.begin(), interdicted.end()), interdicted.end());
    std::sort(demolished.begin(), demolished.end());
    demolished.erase(std::unique(demolished.begin(), demolished.end()), demolished.end());
    std::sort(converted.begin(), converted.end());
    converted.erase(std::unique(converted.begin(), converted.end(),
                                [](const auto& a, const auto& b) { return a.first == b.first; }),
                    converted.end());
}

const RailNetworkState& state(const Position& position) {
    return position.modules.get_or_empty<RailNetworkState>();
}

RailNetworkState& state(Position& position) {
    return position.modules.get<RailNetworkState>();
}

}  // namespace adjutant::rail
