// SPDX-License-Identifier: Apache-2.0
// "Combined field armies may exceed 750 points but the excess points may not be used in battle
// and suffer any consequences of such an engagement" (Lone Warrior 4c; docs/army-strength.md): an
// army over the most points fights with the most, wherever its points count (holding, moving,
// supporting), and every loss falls on all of its points.
//
// Equipment alone has no points to fight with: it holds with none, and moves with the strength of
// one, enough to march into a province nobody holds or enters, never to take a held one.
#include "rules/army_strength/army_strength.h"
#include "rules/army_strength/parameters.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

std::int64_t excess_points(const Variant& v, const Position&, std::span<const Order>,
                           const Unit& unit) {
    if (unit.type != UnitType::Army) return 0;
    const std::int64_t most = army_strength::parameters(v).max_points;
    return unit.stats.points > most ? most - unit.stats.points : 0;
}

std::int64_t equipment_attack(const Variant&, const Position&, std::span<const Order>,
                              const Unit& unit) {
    return equipment_only(unit) ? 1 : 0;
}

}  // namespace adjutant::army_strength
