// SPDX-License-Identifier: Apache-2.0
// One phase as the API's document (its schema is in http/openapi.json, its rendering in
// http/game_documents.h): the phase and its position as values, as the game document holds
// them, and once resolved its record, redacted for the reader (service/visibility.h,
// service/fog.h): the seats' orders, the adjudicator's report and the phase's events as values
// (storage/stored_seat.h, storage/stored_report.h), which the fog and the redaction cut.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "position/position.h"
#include "service/game_document.h"
#include "storage/report_order.h"
#include "storage/stored_report.h"
#include "storage/stored_seat.h"

namespace adjutant::service {

struct PhaseRecord {
    std::int64_t resolved_at = 0;
    std::string hash;
    std::vector<storage::StoredSeat> orders;   // the seats' orders, without others' texts
    storage::StoredReport results;             // the adjudication report
    std::vector<storage::StoredEvent> events;  // the resolution's events
};

struct PhaseDocument {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;  // its code
    std::optional<std::int64_t> deadline;
    std::string prev_hash;
    // The phase's position; in the fog, the reader's cut (`fog->sight` made it).
    std::shared_ptr<const LoadedVariant> loaded_variant;
    Position position;
    std::optional<FogView> fog;         // set when the reader reads through the fog of war
    std::optional<PhaseRecord> record;  // once the phase has resolved
};

// One resolved phase of a power's order history (GameViews::power_history): its accepted
// orders and their results (the report's entries, storage/report_order.h), redacted as the
// phase's record is.
struct PowerPhase {
    std::int64_t seq = 0;
    std::string phase;  // its code
    std::int64_t resolved_at = 0;
    bool submitted = false;  // the seat sent orders this phase
    std::vector<std::string> orders;
    std::vector<storage::ReportOrder> results;
    std::optional<std::string> source;  // where the orders came from, when submitted
    std::optional<std::string> text;    // the text as sent: for the seat and the GM only
};

struct PowerHistory {
    std::int64_t game_id = 0;
    std::string power;
    std::vector<PowerPhase> phases;          // oldest first
    std::optional<std::int64_t> next_after;  // the `after` of the next page, if there is one
};

}  // namespace adjutant::service
