// SPDX-License-Identifier: Apache-2.0
// What happens between phases: which phase comes next, which empty phases are skipped, and
// when supply centres change hands.
//
// Retreat phases with no unit able to retreat are skipped; supply centres change owner when
// Fall ends (after its retreats); a Winter adjustment phase where no power can build or must
// disband is skipped too (docs/adjudication.md).
#pragma once

#include "position/position.h"

namespace adjutant {

struct Variant;

// Copies what a phase does not change by itself from `from` to `to`: centre ownership and the
// campaign state (the rule modules' parts, unit numbering).
void carry_over(const Position& from, Position& to);

// `next` holds the units (and dislodged units) after `done` was adjudicated. Sets next.phase
// and updates ownership. Clears standoffs when no retreat phase follows. `units_in_order`:
// the caller wrote next.units in location order (the movement phase), so normalising them
// does not check their order again.
void advance_phase(const Variant& variant, Phase done, Position& next, bool units_in_order = false);

// Builds (positive) or disbands (negative) `power` may or must make in `position`, counting
// only builds that have an empty owned home centre to go to.
int adjustment_allowance(const Variant& variant, const Position& position, PowerId power);

}  // namespace adjutant
