// SPDX-License-Identifier: Apache-2.0
// What the order calls answer, as values: the HTTP layer renders them as JSON
// (http/json_views.h), the mail gateway as text (service/mail_text.h), from the same fields.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/verdict.h"

namespace adjutant::service {

// One line of a submission as the parser judged it (storage/verdict.h: it is stored with the
// orders, as JSON, storage/codec.h).
using Verdict = storage::Verdict;

// A text of orders for the current phase, judged.
struct OrderCheck {
    std::string phase;  // the phase's code
    std::int64_t seq = 0;
    std::vector<Verdict> verdicts;
    std::vector<std::string> orders;  // the orders in force with it, one per unit

    int accepted() const {
        return static_cast<int>(std::count_if(verdicts.begin(), verdicts.end(),
                                              [](const Verdict& v) { return v.accepted; }));
    }
    int rejected() const { return static_cast<int>(verdicts.size()) - accepted(); }
};

struct OrderSubmission {
    OrderCheck check;
    // False when no line was accepted: the earlier orders stand, and check.orders lists them.
    bool replaced = false;
    std::optional<std::int64_t> submitted_at;  // set when replaced: the orders are on disk
    // check.verdicts as JSON text (storage/codec.h, verdicts_text): what was stored when
    // replaced, and what the answer carries.
    std::string verdicts_text;
};

// A seat's stored orders for the current phase. A namespace-level struct, not one nested in
// SeatOrders: clang refuses optional<Nested>::emplace() while the enclosing class is incomplete
// when the nested struct has default member initializers.
struct SubmittedOrders {
    std::string text;  // as submitted (not necessarily UTF-8: see `unreadable`)
    std::string source;
    std::int64_t at = 0;
    std::vector<Verdict> verdicts;  // empty when unreadable
    std::string unreadable;         // why the stored set cannot be used, or empty
};

// What a seat has left to do this phase (service/guidance.h).
struct Guidance {
    std::string kind;  // "units", "retreats", "builds", "disbands" or "none"
    int to_order = 0;  // units (or builds, disbands) the phase asks orders for
    int ordered = 0;   // how many of them the orders in force cover
    bool ready = false;
    std::optional<std::int64_t> deadline;
    std::optional<std::int64_t> remind_from;  // when the reminder threshold is crossed
    bool remind = false;  // the deadline is near and the seat has not ordered or is not ready
    std::string text;     // "2 of 3 units ordered, not ready."
};

// A seat's orders for the current phase, as the seat or the GM reads them.
struct SeatOrders {
    std::string power;
    bool ready = false;
    bool needs_orders = false;
    std::optional<SubmittedOrders> submitted;
    Guidance guidance;
};

struct PhaseOrders {
    std::string phase;  // the phase's code
    std::int64_t seq = 0;
    std::vector<SeatOrders> seats;  // a player's own seat only; every seat for the GM
};

struct ReadyFlag {
    std::string power;
    bool ready = false;
};

}  // namespace adjutant::service
