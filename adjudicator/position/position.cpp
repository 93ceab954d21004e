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

RailState Position::rail_state(PowerId power, ProvinceId province) const {
    if (power >= rail.size() || province >= rail[power].size()) return RailState::NonOperational;
    return rail[power][province];
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
    std::sort(trains.begin(), trains.end(), [](const SupplyTrain& a, const SupplyTrain& b) {
        return std::tie(a.power, a.at, a.target, a.base, a.returning) <
               std::tie(b.power, b.at, b.target, b.base, b.returning);
    });
    std::sort(standoffs.begin(), standoffs.end());
    standoffs.erase(std::unique(standoffs.begin(), standoffs.end()), standoffs.end());
    for (auto* list : {&interdicted}) {
        std::sort(list->begin(), list->end());
        list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    std::sort(demolished.begin(), demolished.end());
    demolished.erase(std::unique(demolished.begin(), demolished.end()), demolished.end());
    std::sort(standing_supply.begin(), standing_supply.end(),
              [](const StandingSupply& a, const StandingSupply& b) {
                  return std::tie(a.power, a.army, a.from) < std::tie(b.power, b.army, b.from);
              });
    // "Capture" everywhere is the default the document leaves out: one form for one state, so a
    // position reads back equal to the one written.
    if (std::all_of(destroy_trains.begin(), destroy_trains.end(),
                    [](std::uint8_t d) { return d == 0; }))
        destroy_trains.clear();
    modules.normalise();
}

}  // namespace adjutant
