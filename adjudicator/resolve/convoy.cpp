// SPDX-License-Identifier: Apache-2.0
// CONVOY decisions (DATC 5.B.3): a convoy succeeds while its fleet is not dislodged.
#include "resolve/movement.h"

namespace adjutant {

bool MovementResolver::adjudicate_convoy(int i) {
    if (!units_[i].matched) return true;
    // Attacks on the fleet are adjudicated directly instead of through resolve(): this keeps
    // every paradox a single clean cycle (DATC 5.D, Pandin's paradox).
    for (int k : attackers(origin(i)))
        if (!is_rail(static_cast<std::size_t>(k)) && adjudicate_move(k)) return false;
    return true;
}

}  // namespace adjutant
