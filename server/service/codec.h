// SPDX-License-Identifier: Apache-2.0
// The service's bridge to the adjudicator's JSON forms: positions and adjudications as stored
// in phase rows and served by the API. The formats themselves belong to the adjudicator
// (position/position_json.h) and the CLI (`adjutant adjudicate`); this file only adapts them
// and turns a malformed stored document into a 500 rather than a crash.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "adjudication.h"
#include "orders/parser.h"
#include "report/week_summary.h"
#include "service/order_results.h"
#include "variant/variant.h"

namespace adjutant::service {

nlohmann::json position_json(const Variant& variant, const Position& position);
// Throws ApiError 500 "corrupt_state" when `text` is not a position of `variant`.
Position decode_position(const Variant& variant, std::string_view text);

// A phase's stored results read back as the week's record (report/week_summary.h): its phase,
// the position it left and its events, by the names the report writes (an event's power and
// province). Never throws: a field missing or of another kind reads as empty, a `next` the
// variant cannot read as no position, an unknown name as no power or province.
WeekRecord decode_week(const Variant& variant, const nlohmann::json& results);

// The report `adjutant adjudicate` prints, so the API and the CLI show results alike.
nlohmann::json adjudication_json(const Variant& variant, const ParsedOrders& parsed,
                                 const Adjudication& adjudication);

Verdict verdict_of(const Variant& variant, const OrderVerdict& verdict);
// A verdict as stored and served: {"line", "input", "status": "accepted"|"rejected",
// "order"|"error", "note" (when there is one)}.
nlohmann::json verdicts_json(const std::vector<Verdict>& verdicts);
// The same list as JSON text, byte for byte json_text(verdicts_json(verdicts)), written
// without building the document: a submission stores it and answers with it.
std::string verdicts_text(const std::vector<Verdict>& verdicts);
// Appends `text` as a JSON string, byte for byte as json_text writes it.
void append_json_string(std::string& out, const std::string& text);
// The stored list back; `list` must be an array (unreadable_orders() checks). Exact for every
// list verdicts_json wrote; a field another writer left out reads as empty.
std::vector<Verdict> decode_verdicts(const nlohmann::json& list);

}  // namespace adjutant::service
