// SPDX-License-Identifier: Apache-2.0
#include "rules/generals/state.h"

#include <algorithm>

#include "position/position.h"

namespace adjutant::generals {

int Pool::rank_of(std::string_view name) const {
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i].name == name) return static_cast<int>(i) + 1;
    return 0;
}

const Pool* GeneralsState::of(PowerId power) const {
    for (const Pool& p : pools)
        if (p.power == power) return &p;
    return nullptr;
}

Pool* GeneralsState::of(PowerId power) {
    for (Pool& p : pools)
        if (p.power == power) return &p;
    return nullptr;
}

// The ranks are Lone Warrior's order and stay as they are; only the pools are sorted.
void GeneralsState::normalise() {
    std::stable_sort(pools.begin(), pools.end(),
                     [](const Pool& a, const Pool& b) { return a.power < b.power; });
}

const GeneralsState& state(const Position& position) {
    return position.modules.get_or_empty<GeneralsState>();
}

GeneralsState& state(Position& position) {
    return position.modules.get<GeneralsState>();
}

}  // namespace adjutant::generals
