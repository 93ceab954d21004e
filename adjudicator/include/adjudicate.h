// SPDX-License-Identifier: Apache-2.0
// The adjudicator's one entry point: resolve a phase.
//
//   adjudicate(variant, position, orders, seed) -> results, dislodged units, next position
//
// Pure and deterministic: no I/O, no clock, no state shared between calls but each thread's
// scratch space, which no result depends on; the same inputs give the same output on every
// machine. `orders` must be legal orders for `position.phase` as the order
// parser (orders/parser.h) accepts them, at most one per unit; units without an order hold
// (movement), disband (retreat) or fall under civil disorder rules (adjustment). The result
// types are in adjudication.h.
#pragma once

#include <memory>
#include <span>

#include "adjudication.h"
#include "core/keyed_rng.h"

namespace adjutant {

struct Variant;

// Reuses the calling thread's Adjudicator (below), so a thread that adjudicates again allocates
// only for the results.
Adjudication adjudicate(const Variant& variant, const Position& position,
                        std::span<const Order> orders, const DiceSeed& seed = {});
// The same into `out`, which the caller keeps from call to call (a server thread resolving game
// after game): its vectors' room is reused instead of a new result's being allocated and freed.
// Every field of `out` is set anew, whatever it held (another game, another variant); `position`
// must not be `out.next`. Adjudicator::run's rules, on the thread's Adjudicator.
void adjudicate(const Variant& variant, const Position& position, std::span<const Order> orders,
                Adjudication& out, const DiceSeed& seed = {});

class MovementResolver;

// The same, keeping the resolver's scratch space between calls: a server or benchmark that
// adjudicates many phases then allocates only for the results it returns. One per thread.
class Adjudicator {
  public:
    Adjudicator();
    ~Adjudicator();
    Adjudicator(const Adjudicator&) = delete;
    Adjudicator& operator=(const Adjudicator&) = delete;

    Adjudication run(const Variant& variant, const Position& position,
                     std::span<const Order> orders, const DiceSeed& seed = {});
    // The same into `out`, which the caller keeps from phase to phase: a movement phase then
    // reuses its vectors' room (results, the next position's units, owners, index) rather
    // than allocating them. Every field of `out` is set anew; what it held is never read.
    // `position` must not be `out.next` (swap them between phases, as a game loop does).
    void run(const Variant& variant, const Position& position, std::span<const Order> orders,
             Adjudication& out, const DiceSeed& seed = {});
    // The same with the dice given: tests play back fixed rolls through it.
    Adjudication run(const Variant& variant, const Position& position,
                     std::span<const Order> orders, Dice& dice);

  private:
    // `dice` may be null for a variant without campaign rules (nothing rolls).
    void run_phase(const Variant& variant, const Position& position, std::span<const Order> orders,
                   Dice* dice, Adjudication& out);

    std::unique_ptr<MovementResolver> movement_;
};

// The winner, if a power owns at least variant.victory_centers centres; kNoPower otherwise.
PowerId winner(const Variant& variant, const Position& position);

}  // namespace adjutant
