// SPDX-License-Identifier: Apache-2.0
#include "starting_position.h"

#include <utility>

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

Position starting_position(const Variant& variant) {
    Position pos;
    pos.phase = variant.start_phase;
    pos.owner.assign(variant.provinces.size(), kNoPower);
    if (variant.start_owners.size() == variant.provinces.size())  // "start.centers"
        pos.owner = variant.start_owners;
    else
        for (std::size_t p = 0; p < variant.powers.size(); ++p)
            for (ProvinceId c : variant.powers[p].home_centers)
                pos.owner[c] = static_cast<PowerId>(p);
    for (const StartUnit& s : variant.start_units) {
        Unit unit{s.type, s.power, s.location, s.stats};
        // Campaign units are numbered in the variant file's order (sorted by location), so
        // supply trains can follow them.
        if (variant.campaign) unit.stats.id = ++pos.next_unit_id;
        pos.units.push_back(std::move(unit));
    }
    for (const RuleModule* m : rule_modules())
        if (m->start_position != nullptr) m->start_position(variant, pos);
    pos.normalise();
    return pos;
}

}  // namespace adjutant
