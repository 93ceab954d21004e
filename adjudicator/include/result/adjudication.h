// SPDX-License-Identifier: Apache-2.0
// What an adjudication returns: each order's result and why it failed, the dislodged units, the
// next position and the campaign rules' events.
//
// Kept apart from the entry point (adjudicate.h) because the phases and rule modules that build
// these values sit below the entry point that calls them: they include this header, never
// adjudicate.h, so the include graph runs one way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.h"
#include "core/phase.h"
#include "orders/order.h"
#include "position/position.h"
#include "result/explanation.h"

namespace adjutant {

// Why an order failed. Succeeded orders carry Reason::None.
enum class Reason : std::uint8_t {
    None,
    Bounced,        // move lost a standoff
    Dislodged,      // the unit was dislodged (hold, support, convoy)
    Cut,            // support cut
    Void,           // support/convoy not matched by the supported unit's order
    NoConvoy,       // no convoy route, or the convoy was disrupted
    Paradox,        // convoy failed by the Szykman paradox rule (DATC 4.A.2)
    Disbanded,      // retreat bounced: every unit retreating there is disbanded
    StoppedShort,   // a rail move stopped before its destination (Colonial rules 9.24-9.25)
    CanalClosed,    // a canal move or support without passage (no permission, keeper left)
    Illegal,        // rejected by the order parser; reported with its message
    NotCarriedOut,  // a rule module's order could not be carried out (OrderResult::why)
};

std::string_view reason_text(Reason reason);

struct OrderResult {
    Order order;
    bool succeeded = false;
    Reason reason = Reason::None;
    bool defaulted = false;  // no order was given; the adjudicator supplied it
    // NotCarriedOut: the rule module's own words for why (static text), so the core's reasons
    // name no module; empty for the general words. A module's ride that could not start gives
    // its words here too (RidePlan::held).
    std::string_view why;
    // Why it came out so, as the movement resolver decided it; empty in the other phases.
    Explanation explanation;
};

// A die roll as the event log records it, so a player can recompute it by hand.
struct Roll {
    std::string purpose;  // the key's purpose, e.g. "garrison-supply"
    std::string subject;  // the key's subject, e.g. "LIE"
    int value = 0;        // the d10 as rolled (1..10, 0 read as 10)
    std::string table;    // the table row it was read on: "1-8 falls, prisoners"
    // The modifiers added to the die before the table was read, e.g. "+2 1st-class fortress";
    // empty when none applied.
    std::string modifiers;
};

// Something a campaign rule did this turn, in words a player understands.
struct Event {
    std::string kind;  // "supply.consumed", "supply.delivered", "supply.cut", ...
    PowerId power = kNoPower;
    ProvinceId province = kNoProvince;
    std::string text;  // "A LIE consumed 1 week of supply; 1 left"
    std::optional<Roll> roll;
    // Supply points this event created (+) or used up (-): purchases, consumption, trains
    // destroyed, supply lost with a disbanded unit. Moves of supply (deliveries, captures)
    // are 0. The sum over a turn is the change of all supply on the board (tested).
    std::int64_t supply_change = 0;
};

struct Adjudication {
    Phase phase;  // the phase adjudicated
    // One per unit / adjustment, sorted by unit location; then one per rule-module order that is
    // no unit's (supply trains, purchases, garrisons), in the order they were written.
    std::vector<OrderResult> results;
    std::vector<DislodgedUnit> dislodged;  // movement phases: who must retreat and where to
    Position next;                         // empty retreat phases already skipped
    std::vector<Event> events;             // campaign rules' turn steps, in the order they ran
};

}  // namespace adjutant
