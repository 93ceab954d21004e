// SPDX-License-Identifier: Apache-2.0
// Rule modules' turn steps (DESIGN.md §3, §6): what campaign rules do around the resolver.
//
// A module registers its steps in turn_steps.cpp; the resolver is never edited for a module.
// Steps run in the fixed order of the registry (supply, sieges, rail engineering, control)
// after the phase has been adjudicated:
//   after_movement  at the end of every movement phase (orders such as dispatches take effect)
//   end_of_week     once the week is over: after its movement phase, or after its retreats
// Steps change `result.next` and append to `result.events`. They roll dice only through
// `dice`, so a game replays exactly from its seed.
#pragma once

#include <span>

#include "adjudicate.h"
#include "core/keyed_rng.h"

namespace adjutant {

struct Variant;

struct TurnContext {
    const Variant& variant;
    const Position& before;         // the position the phase started from
    std::span<const Order> orders;  // the orders of the phase
    Dice& dice;
    Adjudication& result;     // result.next is the position being built
    bool year_ended = false;  // the week just ended was the last of its year

    Event& event(std::string kind, PowerId power, ProvinceId province, std::string text,
                 std::int64_t supply_change = 0);
};

struct TurnStep {
    const char* module;
    bool (*enabled)(const Variant&);
    void (*after_movement)(TurnContext&);  // may be null
    void (*end_of_week)(TurnContext&);     // may be null
};

// Every registered step, in the order they run.
std::span<const TurnStep> turn_steps();

// Runs the steps due after adjudicating `before.phase` (campaign variants only).
void run_turn_steps(const Variant& variant, const Position& before, std::span<const Order> orders,
                    Dice& dice, Adjudication& result);

}  // namespace adjutant
