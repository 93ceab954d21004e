// SPDX-License-Identifier: Apache-2.0
// The adjudicator's one entry point: resolve a phase.
//
//   adjudicate(variant, position, orders, seed) -> results, dislodged units, next position
//
// Pure and deterministic: no I/O, no clock, no global or per-thread state; the same inputs give
// the same output on every machine. `orders` must be legal orders for `position.phase` as the
// order parser (orders/parser.h) accepts them, at most one per unit; units without an order hold
// (movement), disband (retreat) or fall under civil disorder rules (adjustment). The result
// types are in adjudication.h.
#pragma once

#include <memory>
#include <span>

#include "core/keyed_rng.h"
#include "result/adjudication.h"

namespace adjutant {

struct Variant;

// With a new Adjudicator (below) each call: its scratch space is allocated and freed with it.
// A caller that resolves many phases keeps an Adjudicator of its own instead.
Adjudication adjudicate(const Variant& variant, const Position& position,
                        std::span<const Order> orders, const DiceSeed& seed = {});
// The same into `out`, which the caller keeps from call to call: its vectors' room is reused
// instead of a new result's being allocated and freed. Every field of `out` is set anew,
// whatever it held (another game, another variant); `position` must not be `out.next`.
void adjudicate(const Variant& variant, const Position& position, std::span<const Order> orders,
                Adjudication& out, const DiceSeed& seed = {});

class MovementResolver;
class ModuleScratch;

// The same, keeping scratch space between calls: a server, a benchmark or a game loop that
// adjudicates many phases then allocates little more than the results it returns. This is the
// library's one store of scratch space (docs/design.md, "Scratch space"): the resolver's
// working vectors and the rule modules' (module/scratch.h). None of it carries a phase's
// meaning to the next, so a kept Adjudicator, whatever game or variant it ran before, gives
// the result a new one gives. Its owner uses it from one thread at a time.
class Adjudicator {
  public:
    explicit Adjudicator(Explain explain = Explain::Yes);
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

    Explain explain_;
    std::unique_ptr<MovementResolver> movement_;
    std::unique_ptr<ModuleScratch> modules_;  // the rule modules' turn steps'
};

// The winner, if a power owns at least variant.victory_centers centres; kNoPower otherwise.
PowerId winner(const Variant& variant, const Position& position);

}  // namespace adjutant
