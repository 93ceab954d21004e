// SPDX-License-Identifier: Apache-2.0
// Phase guidance for one seat: what it has to order this phase, how much of that its orders in
// force cover, whether it is ready, and whether the web should remind it (docs/server.md,
// "Phase guidance"). Counted from the adjudicator's own parse of the stored text, so "2 of 3
// units ordered" means what resolution will see, not what the player typed.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "orders/order.h"
#include "position/position.h"
#include "service/order_results.h"
#include "variant/variant.h"

namespace adjutant::service {

struct GuidanceInput {
    const std::vector<Order>* accepted = nullptr;  // the orders in force; null: none on file
    bool ready = false;
    bool open = true;                      // the game is not ended
    std::optional<std::int64_t> deadline;  // the game's, when it runs
    std::int64_t now = 0;
    std::int64_t reminder_seconds = 0;  // the mail reminders' threshold, mirrored
    std::int64_t phase_seconds = 0;     // the phase's length as the game sets it; 0: unknown
};

// How long before the deadline the web reminds a seat: mail.reminder_seconds, but never more
// than the last quarter of the phase, so that a game with hour-long phases does not greet its
// players with "Deadline near" the moment it starts (docs/server.md, "Phase guidance").
std::int64_t reminder_window(std::int64_t reminder_seconds, std::int64_t phase_seconds);

Guidance phase_guidance(const Variant& variant, const Position& position, PowerId power,
                        const GuidanceInput& input);

}  // namespace adjutant::service
