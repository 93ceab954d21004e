// SPDX-License-Identifier: Apache-2.0
// Canals (Colonial's Suez): a fleet moves or supports directly between the canal's two seas
// only while a unit stands in the canal's province and that unit's power is the fleet's own or
// has ordered PERMIT for it; if that unit successfully leaves, the passage fails. Part of the
// PATH decision of a fleet's move and of the SUPPORT decision of a fleet.
#include <algorithm>

#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

bool MovementResolver::canal_open(int i, ProvinceId from, ProvinceId to) {
    if (variant_->canals.empty()) return true;  // most maps have no canal
    const Canal* canal = variant_->canal_between(from, to);
    if (canal == nullptr) return true;
    const int keeper = unit_in(canal->via);
    if (keeper < 0) return false;
    if (power(keeper) != power(i)) {
        const auto index = static_cast<std::uint8_t>(canal - variant_->canals.data());
        const bool permitted = std::any_of(permits_.begin(), permits_.end(), [&](const Permit& p) {
            return p.by == power(keeper) && p.canal == index && p.permitted == power(i);
        });
        if (!permitted) return false;
    }
    return !(is_move(keeper) && resolve(keeper));
}

}  // namespace adjutant
