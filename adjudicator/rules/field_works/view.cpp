// SPDX-License-Identifier: Apache-2.0
// What a power sees of the field works under fog of war (position/sight.h;
// docs/fog-of-war.md): its own works, and another's where it sees the province.
#include <algorithm>

#include "position/position.h"
#include "position/sight.h"
#include "rules/field_works/field_works.h"

namespace adjutant::field_works {

void hide(const Variant& /*variant*/, const Sight& sight, Position& view) {
    std::erase_if(state(view).works,
                  [&](const Works& w) { return !sight.shows(w.power, w.province); });
}

}  // namespace adjutant::field_works
