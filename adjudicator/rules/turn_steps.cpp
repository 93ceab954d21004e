// SPDX-License-Identifier: Apache-2.0
#include "rules/turn_steps.h"

#include <array>

#include "rules/rail/rail.h"
#include "rules/sieges/sieges.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant {

Event& TurnContext::event(std::string kind, PowerId power, ProvinceId province, std::string text,
                          std::int64_t supply_change) {
    result.events.push_back(
        Event{std::move(kind), power, province, std::move(text), std::nullopt, supply_change});
    return result.events.back();
}

std::span<const TurnStep> turn_steps() {
    // The order of DESIGN.md §3: supply, sieges, rail engineering, control.
    static const std::array kSteps{
        TurnStep{"supply", supply::enabled, supply::after_movement, supply::end_of_week},
        TurnStep{"sieges", sieges::enabled, sieges::after_movement, nullptr},
        TurnStep{"rail_network", rail::enabled, rail::after_movement, rail::end_of_week},
    };
    return kSteps;
}

void run_turn_steps(const Variant& variant, const Position& before, std::span<const Order> orders,
                    Dice& dice, Adjudication& result) {
    TurnContext context{variant, before, orders, dice, result, false};
    const bool movement = before.phase.kind == PhaseKind::Movement;
    // The week is over when the next phase is a movement phase of a later week.
    const bool week_over = result.next.phase.kind == PhaseKind::Movement;
    context.year_ended = week_over && result.next.phase.year != before.phase.year;
    for (const TurnStep& step : turn_steps()) {
        if (!step.enabled(variant)) continue;
        if (movement && step.after_movement != nullptr) step.after_movement(context);
        if (week_over && step.end_of_week != nullptr) step.end_of_week(context);
    }
    result.next.normalise();
}

}  // namespace adjutant
