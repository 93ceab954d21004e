// SPDX-License-Identifier: Apache-2.0
// The GM's result comes true in the movement: every army of the winner that fights in a
// decided battle brings kWinnersPoints to every strength of it (a defence_points hook counts in
// its attack too), so it carries the
// province, holds it, or wins the head-on clash; the loser's armies bounce or are dislodged as
// the resolver's rules for a beaten army say, and retreat as any beaten army does.
#include <algorithm>

#include "rules/tabletop_battles/tabletop_battles.h"

namespace adjutant::tabletop_battles {

namespace {

std::int64_t points_for(const Variant& variant, const Position& position,
                        std::span<const Order> orders, const Unit& unit) {
    if (state(position).empty()) return 0;
    for (const Battle& b : battles(variant, position, orders)) {
        const BattleResult* result = state(position).in(b.province);
        if (result == nullptr || result->winner != unit.power) continue;
        if (std::any_of(b.armies.begin(), b.armies.end(),
                        [&](const Unit& u) { return u.location == unit.location; }))
            return kWinnersPoints;
    }
    return 0;
}

}  // namespace

std::int64_t winner_points(const Variant& variant, const Position& position,
                           std::span<const Order> orders, const Unit& unit) {
    return points_for(variant, position, orders, unit);
}

}  // namespace adjutant::tabletop_battles
