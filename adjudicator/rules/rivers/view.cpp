// SPDX-License-Identifier: Apache-2.0
// What a power sees of the flotillas under fog of war (position/sight.h; docs/fog-of-war.md):
// its own and its allies', and another's where it sees the city.
#include <algorithm>

#include "position/position.h"
#include "position/sight.h"
#include "rules/rivers/rivers.h"

namespace adjutant::rivers {

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    std::erase_if(state(view).flotillas,
                  [&](const Flotilla& f) { return !sight.shows(f.power, f.city); });
}

}  // namespace adjutant::rivers
