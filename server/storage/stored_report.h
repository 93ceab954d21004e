// SPDX-License-Identifier: Apache-2.0
// A resolved phase's stored adjudication report (report/adjudication_json.h) and the phase row's
// events, as values: the service reads, cuts and redacts these (service/fog.h,
// service/visibility.h), and only storage/codec.h reads them from the stored JSON and writes them
// back. Every field the adjudicator writes is typed; a key the codec does not read, or one of
// another type than the writers give it, is kept as its JSON text (as the stored dump writes it),
// so a stored report renders back byte for byte. The report's "next" position stays its JSON
// text: the service reads it as a position through the codec (storage::read_position).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/report_order.h"

namespace adjutant::storage {

// The keys of an object the codec does not type, each with its value's JSON text.
using OtherFields = std::vector<std::pair<std::string, std::string>>;

// A die an event rolled: {"purpose", "subject", "d10", "table", "modifiers" (when any applied)}.
struct StoredRoll {
    std::optional<std::string> purpose;
    std::optional<std::string> subject;
    std::optional<std::int64_t> d10;
    std::optional<std::string> table;
    std::optional<std::string> modifiers;
    OtherFields other;
};

// An event: the adjudicator's (the report's "events": {"kind", "text", "power", "province",
// "supply_change", "roll"}, campaign rules) or the resolution's (the phase row's events:
// {"type", "power", and the type's fields, kept in `other`: "reason", "policy", "seconds",
// "deadline", "remaining", "missed_phases"}; storage::events_text writes them).
struct StoredEvent {
    std::optional<std::string> kind;
    std::optional<std::string> type;
    std::optional<std::string> power;
    std::optional<std::string> province;
    std::optional<std::string> text;
    std::optional<std::int64_t> supply_change;
    std::optional<StoredRoll> roll;
    OtherFields other;
};

// A dislodged unit: {"power", "unit", "from" (where its attacker came from), "retreats"}.
struct StoredDislodged {
    std::optional<std::string> power;
    std::optional<std::string> unit;
    std::optional<std::string> from;
    std::optional<std::vector<std::string>> retreats;
    OtherFields other;
};

// The report: {"variant", "phase", "orders", "dislodged", "events" (campaign rules), "next",
// "winner" (once a power owns the victory count)}. A list item that is not an object is skipped.
struct StoredReport {
    std::optional<std::string> variant;
    std::optional<std::string> phase;
    std::optional<std::vector<ReportOrder>> orders;
    std::optional<std::vector<StoredDislodged>> dislodged;
    std::optional<std::vector<StoredEvent>> events;
    std::optional<std::string> next;  // the position document's JSON text
    std::optional<std::string> winner;
    OtherFields other;
};

}  // namespace adjutant::storage
