// SPDX-License-Identifier: Apache-2.0
#include "position/position.h"

#include <algorithm>
#include <tuple>

namespace adjutant {

const Unit* Position::unit_at(ProvinceId province) const {
    for (const Unit& u : units)
        if (u.location.province == province) return &u;
    return nullptr;
}

Unit* Position::unit_at(ProvinceId province) {
    for (Unit& u : units)
        if (u.location.province == province) return &u;
    return nullptr;
}

int Position::center_count(PowerId power) const {
    return static_cast<int>(std::count(owner.begin(), owner.end(), power));
}

void Position::normalise() {
    auto by_location = [](const auto& a, const auto& b) { return a.location < b.location; };
    std::sort(units.begin(), units.end(), by_location);
    std::sort(dislodged.begin(), dislodged.end(),
              [](const DislodgedUnit& a, const DislodgedUnit& b) {
                  return a.unit.location < b.unit.location;
              });
    std::sort(standoffs.begin(), standoffs.end());
    standoffs.erase(std::unique(standoffs.begin(), standoffs.end()), standoffs.end());
    modules.normalise();
}

}  // namespace adjutant
