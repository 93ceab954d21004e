// SPDX-License-Identifier: Apache-2.0
// The rule modules' steps of a week (turn/turn_context.h declares run_turn_steps). Kept beside
// the entry point rather than in module/: after the steps it may skip a retreat phase they
// emptied, which is the phase flow's (resolve/phase_flow.h), and the module seam, which the
// resolver includes, includes nothing of the resolver.
#include <algorithm>

#include "module/rule_module.h"
#include "resolve/phase_flow.h"
#include "turn/turn_context.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

void drop_occupied_retreats(const std::vector<Unit>& units, std::vector<DislodgedUnit>& dislodged) {
    for (DislodgedUnit& d : dislodged)
        std::erase_if(d.retreats, [&](const Location& to) {
            return std::any_of(units.begin(), units.end(),
                               [&](const Unit& u) { return u.location.province == to.province; });
        });
}

}  // namespace

void run_turn_steps(const Variant& variant, const Position& before, std::span<const Order> orders,
                    Dice& dice, Adjudication& result, ModuleScratch& scratch) {
    // One order of steps every week (docs/design.md, "Phases"): all of them once the movement is
    // resolved. Running them after the retreats instead would lose what the siege steps read from
    // the movement (its orders, results and the besiegers before it); a retreat changes only where
    // the retreating armies stand, and they eat their week of supply where they are.
    if (before.phase.kind != PhaseKind::Movement) {
        result.next.normalise();
        return;
    }
    TurnContext context{variant, before, orders, dice, result, scratch, false};
    Phase following = before.phase.next();
    while (following.kind != PhaseKind::Movement) following = following.next();
    context.year_ended = following.year != before.phase.year;
    // Room for the week's events first: each unit has one or two a week (its supply, its line
    // of communication) besides the rail's and the garrisons', and a list grown by doubling
    // moved every event at each step. Room only: the events are the same.
    result.events.reserve(result.events.size() + 4 * before.units.size());
    for (const RuleModule* module : rule_modules()) {
        if (!module->enabled(variant)) continue;
        if (module->after_movement != nullptr) module->after_movement(context);
        if (module->end_of_week != nullptr) module->end_of_week(context);
    }
    // A step may have put a unit where a dislodged one was to retreat (an army withdrawing
    // under 5k): a retreat goes only to a province still empty after the steps, or two units
    // would stand in one province.
    drop_occupied_retreats(result.next.units, result.next.dislodged);
    drop_occupied_retreats(result.next.units, result.dislodged);
    // The steps may have left nobody to retreat (an army that melted away, a country lost):
    // an empty retreat phase is skipped, as the resolver skips one with nothing dislodged.
    if (result.next.phase.kind == PhaseKind::Retreat && result.next.dislodged.empty())
        advance_phase(variant, result.next.phase, result.next);
    // Every line gets a verdict (docs/design.md, "Order language"): a module order no step judged
    // was not carried out.
    context.verdicts.resize(orders.size());
    for (std::size_t i = 0; i < orders.size(); ++i) {
        if (orders_a_unit(orders[i]) || orders[i].type == OrderType::Permit) continue;
        if (context.verdicts[i])
            result.results.push_back(std::move(*context.verdicts[i]));
        else
            result.results.push_back(
                OrderResult{orders[i], false, Reason::NotCarriedOut, false, {}, {}});
    }
    result.next.normalise();
}

}  // namespace adjutant
