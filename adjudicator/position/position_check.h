// SPDX-License-Identifier: Apache-2.0
// The invariants every position the adjudicator returns keeps, checked in one place:
//
//   position_is_ok(variant, position) -> "" when all hold, else the first one broken, in words
//
// Units, dislodged units, garrisons and sieges stand on known provinces, one of each kind per
// province, units where their type may stand; `owner` has one entry per province and only
// supply centres are owned; the per-power and per-province tables have their sizes; every list
// is in the normal form Position::normalise() gives it (sorted, no repeats); dislodged units
// only in retreat phases. (Distinct unit ids are not among them: position documents may repeat
// an id, and the adjudicator keeps what it was given.)
//
// Debug builds check it after every adjudicated phase (adjudicate.cpp), and the rules cases and
// random games check it in every build, so a resolver or rule module that breaks a position is
// caught at the phase that broke it rather than phases later. Apart from position.h because it
// reads the variant, which the Position type itself does not need.
#pragma once

#include <string>

#include "position/position.h"

namespace adjutant {

struct Variant;

std::string position_is_ok(const Variant& variant, const Position& position);

}  // namespace adjutant
