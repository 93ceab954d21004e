// SPDX-License-Identifier: Apache-2.0
// A game's first position, built from its variant: the start phase, the starting units (campaign
// units numbered), ownership of the home centres, and what the rule modules start with
// (garrisons, trains, treasuries, settled rail states).
//
// Apart from position/ because it reads the variant and calls rule modules (rules/rail), which
// sit above the position: the Position type itself needs neither.
#pragma once

#include "position/position.h"

namespace adjutant {

struct Variant;

Position starting_position(const Variant& variant);

}  // namespace adjutant
