// SPDX-License-Identifier: Apache-2.0
#include "adjudicate.h"

#include <algorithm>
#include <cassert>

#include "core/keyed_rng.h"
#include "module/rule_module.h"
#include "module/scratch.h"
#include "position/position_check.h"
#include "resolve/movement.h"
#include "resolve/phases.h"
#include "turn/turn_context.h"
#include "variant/variant.h"

namespace adjutant {

Adjudicator::Adjudicator(Explain explain)
    : explain_(explain),
      movement_(std::make_unique<MovementResolver>()),
      modules_(std::make_unique<ModuleScratch>()) {}
Adjudicator::~Adjudicator() = default;

Adjudication Adjudicator::run(const Variant& variant, const Position& position,
                              std::span<const Order> orders, const DiceSeed& seed) {
    Adjudication out;
    run(variant, position, orders, out, seed);
    return out;
}

void Adjudicator::run(const Variant& variant, const Position& position,
                      std::span<const Order> orders, Adjudication& out, const DiceSeed& seed) {
    assert(&out.next != &position);  // the next position is built while the position is read
    // Only the campaign rules' turn steps roll dice: a classic phase does not key any (the
    // keyed prefix is two SHA-256 updates and the phase's code as a string).
    if (!variant.campaign) return run_phase(variant, position, orders, nullptr, out);
    KeyedDice dice(seed, position.phase.code());
    run_phase(variant, position, orders, &dice, out);
}

Adjudication Adjudicator::run(const Variant& variant, const Position& position,
                              std::span<const Order> orders, Dice& dice) {
    Adjudication out;
    run_phase(variant, position, orders, &dice, out);
    return out;
}

namespace {

// The movement phase's orders as the units carry them out (RuleModule::settle_orders): `orders`
// itself when no enabled module settles any, else a settled copy kept in `settled`.
std::span<const Order> settle(const Variant& variant, const Position& position,
                              std::span<const Order> orders, std::vector<Order>& settled) {
    if (!variant.campaign || position.phase.kind != PhaseKind::Movement) return orders;
    for (const RuleModule* module : rule_modules()) {
        if (module->settle_orders == nullptr || !module->enabled(variant)) continue;
        if (settled.empty()) settled.assign(orders.begin(), orders.end());
        module->settle_orders(variant, position, settled);
    }
    return settled.empty() ? orders : std::span<const Order>(settled);
}

}  // namespace

void Adjudicator::run_phase(const Variant& variant, const Position& position,
                            std::span<const Order> given, Dice* dice, Adjudication& result) {
    std::vector<Order> settled;
    const std::span<const Order> orders = settle(variant, position, given, settled);
    switch (position.phase.kind) {
        case PhaseKind::Movement:
            adjudicate_movement(variant, position, orders, *movement_, explain_, result);
            break;
        case PhaseKind::Retreat:
            adjudicate_retreats(variant, position, orders, explain_, result);
            break;
        case PhaseKind::Adjustment:
            adjudicate_adjustments(variant, position, orders, result);
            break;
    }
    if (variant.campaign) {
        // The rule modules edit the next position's units directly: no index while they run,
        // so their unit_at scans as it always did; indexed again once they are done.
        result.next.suspend_index();
        assert(dice != nullptr);  // run() keys dice for every campaign phase
        run_turn_steps(variant, position, orders, *dice, result, *modules_);
        result.next.resume_index();
        result.next.index_units();
    }
    // Debug builds (the sanitizer build among them) check every phase's result, so a resolver or
    // rule module that breaks a position fails at the phase that broke it.
    assert(position_is_ok(variant, result.next).empty());
}

Adjudication adjudicate(const Variant& variant, const Position& position,
                        std::span<const Order> orders, const DiceSeed& seed) {
    return Adjudicator().run(variant, position, orders, seed);
}

void adjudicate(const Variant& variant, const Position& position, std::span<const Order> orders,
                Adjudication& out, const DiceSeed& seed) {
    Adjudicator().run(variant, position, orders, out, seed);
}

PowerId winner(const Variant& variant, const Position& position) {
    if (variant.victory_centers <= 0) return kNoPower;
    for (std::size_t p = 0; p < variant.powers.size(); ++p)
        if (position.center_count(static_cast<PowerId>(p)) >= variant.victory_centers)
            return static_cast<PowerId>(p);
    return kNoPower;
}

}  // namespace adjutant
