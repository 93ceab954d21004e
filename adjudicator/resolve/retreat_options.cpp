// SPDX-License-Identifier: Apache-2.0
#include "resolve/retreat_options.h"

#include <algorithm>

#include "variant/variant.h"

namespace adjutant {

std::vector<Location> retreat_options(const Variant& variant, const Position& after,
                                      const Unit& unit, ProvinceId attacker_from,
                                      bool attacker_convoyed) {
    std::vector<Location> candidates;
    const ProvinceId from = unit.location.province;
    if (unit.type == UnitType::Army) {
        for (ProvinceId p : variant.army_adjacency[from])
            candidates.push_back(Location{p, Coast::None});
    } else {
        for (const FleetEdge& e : variant.fleet_adjacency[from])
            if (e.from == unit.location.coast) candidates.push_back(e.to);
    }
    std::vector<Location> out;
    for (const Location& to : candidates) {
        if (!variant.can_stand(unit.type, to)) continue;
        if (to.province == attacker_from && !attacker_convoyed) continue;
        if (after.unit_at(to.province) != nullptr) continue;
        if (std::binary_search(after.standoffs.begin(), after.standoffs.end(), to.province))
            continue;
        out.push_back(to);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace adjutant
