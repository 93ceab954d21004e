// SPDX-License-Identifier: Apache-2.0
// One function per phase kind; adjudicate() dispatches on position.phase.kind.
#pragma once

#include <span>

#include "adjudication.h"

namespace adjutant {

class MovementResolver;

Adjudication adjudicate_movement(const Variant& variant, const Position& position,
                                 std::span<const Order> orders, MovementResolver& resolver);
Adjudication adjudicate_retreats(const Variant& variant, const Position& position,
                                 std::span<const Order> orders);
Adjudication adjudicate_adjustments(const Variant& variant, const Position& position,
                                    std::span<const Order> orders);

}  // namespace adjutant
