// SPDX-License-Identifier: Apache-2.0
// Rule modules' turn steps (docs/design.md, "The adjudicator contract" and "Campaign rules on a
// province map"): what campaign rules do around the resolver.
//
// A module names its steps in its `RuleModule` (module/rule_module.h); the resolver is never
// edited for a module. Every week the steps run once, right after its movement phase is
// adjudicated, in the order of the registry (rules/registry.cpp: supply, sieges, rail
// engineering and control; docs/campaign.md, "Turns"),
// whether or not a retreat phase follows: the armies waiting to retreat are in
// `result.next.dislodged` meanwhile. Each module runs
//   after_movement  its orders take effect (dispatches, sieges, demolitions)
//   end_of_week     the week's upkeep (control, supply lines, trains, consumption, engineering)
// Retreat phases run no steps. Steps change `result.next`, append to `result.events`, and give
// each of their orders that is no unit's a verdict. They roll dice only through `dice`, so a
// game replays exactly from its seed. What they keep from week to week to save allocations is
// in `scratch`, the caller's Adjudicator's (module/scratch.h; docs/design.md, "Scratch space").
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/keyed_rng.h"
#include "result/adjudication.h"

namespace adjutant {

struct Variant;
class ModuleScratch;

struct TurnContext {
    const Variant& variant;
    const Position& before;         // the position the phase started from
    std::span<const Order> orders;  // the orders of the phase
    Dice& dice;
    Adjudication& result;     // result.next is the position being built
    ModuleScratch& scratch;   // the steps' working space, kept by the caller's Adjudicator
    bool year_ended = false;  // the week just ended was the last of its year

    // Per order in `orders`: the verdict a module gave it, for orders that are no unit's.
    std::vector<std::optional<OrderResult>> verdicts{};

    Event& event(std::string kind, PowerId power, ProvinceId province, std::string text,
                 std::int64_t supply_change = 0);
    // The army of `power` that stood in `province` as the week began and stands there still
    // (not driven off, not moved away), or nullptr: the army a split, a join or a reinforcement
    // ordered for that province finds as the movement ends.
    Unit* army_still_at(ProvinceId province, PowerId power);
    // Records the outcome of `order`, which must be an element of `orders`.
    // `why`, static text, says in the module's words why it was not carried out.
    void verdict(const Order& order, bool succeeded, Reason reason = Reason::None,
                 std::string_view why = {});
};

// Runs the steps due after adjudicating `before.phase` (campaign variants only), with the
// working space of `scratch`. Defined beside the entry point (turn_steps.cpp), as it leans on
// the phase flow.
void run_turn_steps(const Variant& variant, const Position& before, std::span<const Order> orders,
                    Dice& dice, Adjudication& result, ModuleScratch& scratch);

}  // namespace adjutant
