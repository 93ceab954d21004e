// SPDX-License-Identifier: Apache-2.0
#include "rules/supply/state.h"

#include <algorithm>
#include <tuple>

#include "position/position.h"

namespace adjutant::supply {

void SupplyState::normalise() {
    std::sort(trains.begin(), trains.end(), [](const SupplyTrain& a, const SupplyTrain& b) {
        return std::tie(a.power, a.at, a.target, a.base, a.returning) <
               std::tie(b.power, b.at, b.target, b.base, b.returning);
    });
    std::sort(standing_supply.begin(), standing_supply.end(),
              [](const StandingSupply& a, const StandingSupply& b) {
                  return std::tie(a.power, a.army, a.from) < std::tie(b.power, b.army, b.from);
              });
    std::sort(lines_seen.begin(), lines_seen.end(), [](const SightedLine& a, const SightedLine& b) {
        return std::tie(a.power, a.provinces) < std::tie(b.power, b.provinces);
    });
    // "Capture" everywhere is the default the document leaves out: one form for one state, so a
    // position reads back equal to the one written.
    if (std::all_of(destroy_trains.begin(), destroy_trains.end(),
                    [](std::uint8_t d) { return d == 0; }))
        destroy_trains.clear();
}

const SupplyState& state(const Position& position) {
    return position.modules.get_or_empty<SupplyState>();
}

SupplyState& state(Position& position) {
    return position.modules.get<SupplyState>();
}

}  // namespace adjutant::supply
