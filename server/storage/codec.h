// SPDX-License-Identifier: Apache-2.0
// The stored forms of a phase row's documents: positions, adjudications (the results), the
// seats' orders and the resolution's events, and the verdicts stored with a seat's orders, as
// JSON; and the results, events and seats read back as the values the service cuts for each
// reader (storage/stored_report.h, storage/stored_seat.h), written back byte for byte. The position
// and report formats belong to the adjudicator (position/position_json.h,
// report/adjudication_json.h) and the CLI (`adjutant adjudicate`); this file only writes and
// reads them as the database holds them. A stored document that does not read back is a problem
// to report, never a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "orders/parser.h"
#include "position/position.h"
#include "position/sight.h"
#include "report/week_summary.h"
#include "result/adjudication.h"
#include "storage/position_standing.h"
#include "storage/report_order.h"
#include "storage/stored_report.h"
#include "storage/stored_seat.h"
#include "storage/verdict.h"
#include "variant/variant.h"

namespace adjutant::storage {

nlohmann::json position_json(const Variant& variant, const Position& position);
// The position as stored in a phase row: position_json's document as text.
std::string position_text(const Variant& variant, const Position& position);

// A stored position read back, or why it cannot be: `problem` names it for an error answer.
struct StoredPosition {
    std::optional<Position> position;
    std::string problem;
};
StoredPosition read_position(const Variant& variant, std::string_view text);
// What a reader in the fog of war is shown of `position` (position/sight.h's
// seen_position_json), as the text a stored report's "next" holds.
std::string seen_position_text(const Variant& variant, const Position& position,
                               const Sight& sight);

// What the mails show of `position` by power (storage/position_standing.h), read from its
// position document as a reader reads it: with `sight`, the document of a reader in the fog of
// war (seen_position_json), else the whole one. A section's entry of another form keeps the
// defaults.
PositionStanding position_standing(const Variant& variant, const Position& position,
                                   const Sight* sight);

// The report `adjutant adjudicate` prints, so the API and the CLI show results alike; stored as
// a phase's results.
nlohmann::json adjudication_json(const Variant& variant, const ParsedOrders& parsed,
                                 const Adjudication& adjudication);
std::string adjudication_text(const Variant& variant, const ParsedOrders& parsed,
                              const Adjudication& adjudication);
// The same report without the orders' explanations: the form of the phases stored before the
// results explained themselves, which replay recomputes for them (docs/design.md,
// "Explanations").
std::string adjudication_text_unexplained(const Variant& variant, const ParsedOrders& parsed,
                                          const Adjudication& adjudication);
// Whether a stored report's orders carry explanations.
bool report_explains(std::string_view results_text);

// A phase's stored results read back as the week's record (report/week_summary.h): its phase,
// the position it left and its events, by the names the report writes (an event's power and
// province). Never throws: a field missing or of another kind reads as empty, a `next` the
// variant cannot read as no position, an unknown name as no power or province.
WeekRecord decode_week(const Variant& variant, const nlohmann::json& results);
WeekRecord decode_week(const Variant& variant, const StoredReport& report);

// A phase's stored results read as values (storage/stored_report.h), and written back: exact for
// every object whose lists hold objects (a list's item that is not one is skipped). None when
// `text` is not a JSON object; decode_report reads `report` the same way.
std::optional<StoredReport> read_report(std::string_view text);
std::optional<StoredReport> decode_report(const nlohmann::json& report);
nlohmann::json report_json(const StoredReport& report);
// The same as text, as a phase row stores it: byte for byte the text read_report read.
std::string report_text(const StoredReport& report);

// A phase row's events (or a report's "events") read as values, and written back: exact for
// every list of objects; an item that is not an object is skipped. read_events gives none when
// `text` is not a JSON list.
std::optional<std::vector<StoredEvent>> read_events(std::string_view text);
std::vector<StoredEvent> decode_events(const nlohmann::json& list);
nlohmann::json stored_events_json(const std::vector<StoredEvent>& events);

// The strings a kept field's JSON text (an `other` value of stored_report.h) holds, at any
// depth, but those under a "power" or "kind" key: where the fog of war looks for the provinces
// an entry names (service/fog.h). None when the text is not JSON.
std::vector<std::string> strings_in(std::string_view json_text);

// A stored report's "orders" (or a part of it) read as values, and written back: exact for every
// list of objects, whatever keys they hold (storage/report_order.h); an item that is not an
// object is skipped.
std::vector<ReportOrder> decode_report_orders(const nlohmann::json& list);
nlohmann::json report_orders_json(const std::vector<ReportOrder>& orders);

// A phase's stored orders (or a reader's redacted copy) read as values, and written back: exact
// for every list of objects (storage/stored_seat.h); an item that is not an object is skipped.
std::vector<StoredSeat> decode_seats(const nlohmann::json& list);
// The same from a phase row's text; none when it is not a JSON list.
std::optional<std::vector<StoredSeat>> read_seats(std::string_view text);
nlohmann::json seats_json(const std::vector<StoredSeat>& seats);

// A verdict as stored and served: {"line", "input", "status": "accepted"|"rejected",
// "order"|"error", "note" (when there is one)}.
nlohmann::json verdicts_json(const std::vector<Verdict>& verdicts);
// The same list as JSON text, byte for byte the dump of verdicts_json(verdicts) with invalid
// UTF-8 replaced, written without building the document: a submission stores it and answers
// with it.
std::string verdicts_text(const std::vector<Verdict>& verdicts);
// Appends `text` as a JSON string, byte for byte as that dump writes it.
void append_json_string(std::string& out, const std::string& text);
// The stored list back; `list` must be an array. Exact for every list verdicts_json wrote; a
// field another writer left out reads as empty.
std::vector<Verdict> decode_verdicts(const nlohmann::json& list);
// The same from a seat's stored text (the orders' `verdicts` column). Throws nlohmann::json's
// exception when `text` is not JSON, as a stored row that cannot be read.
std::vector<Verdict> read_verdicts(std::string_view text);
// Whether `text` reads as a stored list of verdicts (a JSON list).
bool is_verdict_list(std::string_view text);

// A seat's orders as a resolved phase row stores them: the text as submitted (so replay
// reproduces the very same verdicts), the orders read from it, and where they came from.
struct StoredOrders {
    std::string power;
    std::string text;
    std::vector<std::string> orders;
    std::string source;
};
// The phase row's orders: [{"power", "text", "orders", "source"}].
std::string orders_text(const std::vector<StoredOrders>& seats);
// The same read back, for replay: each seat's power and text (`orders` and `source` are left
// empty). Throws nlohmann::json's exception when `text` is not such a list, as a stored row
// that cannot be recomputed.
std::vector<StoredOrders> read_orders(std::string_view text);

// What a resolution reports of its seats, stored as the phase row's events.
struct UnreadableOrdersEvent {  // the stored orders cannot be read: they count as missing
    std::string power;
    std::string reason;
};
struct MissingOrdersEvent {  // a seat that had to order did not
    std::string power;
    std::string policy;  // the game's missing-orders policy
};
struct DeadlineExtendedEvent {  // an automatic extension a seat was charged this phase
    std::string power;
    std::int64_t seconds = 0;
    std::int64_t deadline = 0;
    std::int64_t remaining = 0;
};
struct CivilDisorderEvent {  // a seat went into civil disorder
    std::string power;
    std::int64_t missed_phases = 0;
};
using PhaseEvent = std::variant<UnreadableOrdersEvent, MissingOrdersEvent, DeadlineExtendedEvent,
                                CivilDisorderEvent>;
// The phase row's events: [{"type": "unreadable_orders" | "missing_orders" |
// "deadline_extended" | "civil_disorder", "power", ...the event's fields}].
std::string events_text(const std::vector<PhaseEvent>& events);

}  // namespace adjutant::storage
