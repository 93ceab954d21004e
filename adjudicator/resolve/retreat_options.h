// SPDX-License-Identifier: Apache-2.0
// Where a dislodged unit may retreat (rules of retreat; DATC 4.A.5 and section 6.H).
//
// A unit may retreat to a place it could move to without convoy that is empty after movement,
// was not left empty by a standoff, and is not the province its attacker came from — unless
// that attacker came by convoy (DATC 4.A.5, choice b, as in the 2023 rulebook).
#pragma once

#include <vector>

#include "position/position.h"

namespace adjutant {

struct Variant;

// `after` holds the units that stay on the board and the standoff provinces. Sorted result.
std::vector<Location> retreat_options(const Variant& variant, const Position& after,
                                      const Unit& unit, ProvinceId attacker_from,
                                      bool attacker_convoyed);

}  // namespace adjutant
