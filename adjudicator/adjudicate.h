// The adjudicator's one entry point: resolve a phase.
//
//   adjudicate(variant, position, orders, seed) -> results, dislodged units, next position
//
// Pure and deterministic: no I/O, no clock, no global state; the same inputs give the same
// output on every machine. `orders` must be legal orders for `position.phase` as the order
// parser (orders/parser.h) accepts them, at most one per unit; units without an order hold
// (movement), disband (retreat) or fall under civil disorder rules (adjustment).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "orders/order.h"
#include "position/position.h"

namespace adjutant {

struct Variant;

// Why an order failed. Succeeded orders carry Reason::None.
enum class Reason : std::uint8_t {
    None,
    Bounced,       // move lost a standoff
    Dislodged,     // the unit was dislodged (hold, support, convoy)
    Cut,           // support cut
    Void,          // support/convoy not matched by the supported unit's order
    NoConvoy,      // no convoy route, or the convoy was disrupted
    Paradox,       // convoy failed by the Szykman paradox rule (DATC 4.A.2)
    Disbanded,     // retreat bounced: every unit retreating there is disbanded
    StoppedShort,  // a rail move stopped before its destination (Colonial rules 9.24-9.25)
    CanalClosed,   // a canal move or support without passage (no permission, keeper left)
    Illegal,       // rejected by the order parser; reported with its message
};

std::string_view reason_text(Reason reason);

struct OrderResult {
    Order order;
    bool succeeded = false;
    Reason reason = Reason::None;
    bool defaulted = false;  // no order was given; the adjudicator supplied it
};

struct Adjudication {
    Phase phase;                           // the phase adjudicated
    std::vector<OrderResult> results;      // one per unit / adjustment, sorted by unit location
    std::vector<DislodgedUnit> dislodged;  // movement phases: who must retreat and where to
    Position next;                         // empty retreat phases already skipped
};

Adjudication adjudicate(const Variant& variant, const Position& position,
                        std::span<const Order> orders, std::uint64_t seed = 0);

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
                     std::span<const Order> orders, std::uint64_t seed = 0);

  private:
    std::unique_ptr<MovementResolver> movement_;
};

// The winner, if a power owns at least variant.victory_centers centres; kNoPower otherwise.
PowerId winner(const Variant& variant, const Position& position);

}  // namespace adjutant
