// SPDX-License-Identifier: Apache-2.0
// What a power sees of the pools under fog of war (position/sight.h; docs/fog-of-war.md): its
// own pool, and no other. A nation's roster, its type rolls and who waits for a command are
// its own records; of an enemy's generals a power learns only what its units see of the
// enemy's armies and garrisons. The public sees no pool.
#include <algorithm>

#include "position/sight.h"
#include "rules/generals/generals.h"

namespace adjutant::generals {

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    std::erase_if(state(view).pools, [&](const Pool& p) { return p.power != sight.power; });
}

}  // namespace adjutant::generals
