// SPDX-License-Identifier: Apache-2.0
// One function per phase kind; adjudicate() dispatches on position.phase.kind.
#pragma once

#include <span>

#include "result/adjudication.h"

namespace adjutant {

class MovementResolver;

// Each writes into `out`, whose vectors' room is kept: every field is set anew, whatever it
// held. With Explain::No no result is explained (Explanation::made stays false).
void adjudicate_movement(const Variant& variant, const Position& position,
                         std::span<const Order> orders, MovementResolver& resolver, Explain explain,
                         Adjudication& out);
void adjudicate_retreats(const Variant& variant, const Position& position,
                         std::span<const Order> orders, Explain explain, Adjudication& out);
void adjudicate_adjustments(const Variant& variant, const Position& position,
                            std::span<const Order> orders, Adjudication& out);

// What the retreat and adjustment phases start from: `out` emptied for `position`'s phase, its
// next position holding `position`'s units (not yet indexed) and what carries over.
void start_from_units(const Position& position, Adjudication& out);

}  // namespace adjutant
