#include "position/position.h"

#include <algorithm>

#include "variant/variant.h"

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
}

Position starting_position(const Variant& variant) {
    Position pos;
    pos.phase = variant.start_phase;
    pos.owner.assign(variant.provinces.size(), kNoPower);
    for (std::size_t p = 0; p < variant.powers.size(); ++p)
        for (ProvinceId c : variant.powers[p].home_centers) pos.owner[c] = static_cast<PowerId>(p);
    for (const StartUnit& s : variant.start_units)
        pos.units.push_back(Unit{s.type, s.power, s.location});
    pos.normalise();
    return pos;
}

}  // namespace adjutant
