// SPDX-License-Identifier: Apache-2.0
// One function per phase kind; adjudicate() dispatches on position.phase.kind.
#pragma once

#include <span>

#include "adjudication.h"

namespace adjutant {

class MovementResolver;

// Writes into `out`, whose vectors' room is kept: every field is set anew, whatever it held.
void adjudicate_movement(const Variant& variant, const Position& position,
                         std::span<const Order> orders, MovementResolver& resolver,
                         Adjudication& out);
Adjudication adjudicate_retreats(const Variant& variant, const Position& position,
                                 std::span<const Order> orders);
Adjudication adjudicate_adjustments(const Variant& variant, const Position& position,
                                    std::span<const Order> orders);

}  // namespace adjutant
