// SPDX-License-Identifier: Apache-2.0
// Plain-text renderings for mail answers (and the Atom feed's entries), from the same documents
// and values the API serves, read into typed values (service/results_decode.h), so a player by
// mail reads what a player by web reads. Internal to the service.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "service/document_values.h"
#include "service/order_results.h"

namespace adjutant {
struct Variant;
}

namespace adjutant::service::mail_text {

// The commands a seat can send, with its own orders address.
std::string help(const std::string& seat_address);
// Phase, deadline, every power's centres and units.
std::string status(const GameStanding& game);
// What a new seat needs first: the phase, the deadline, its units and its page on the web
// (`web_url` + "/#/game/N"). Before the game starts there is no deadline yet: the welcome says
// it is set at the start, which the seat is mailed.
std::string welcome(const GameStanding& game, const std::string& power, const std::string& web_url);
// One line per phase; then the results of the latest resolved phase, if any.
std::string history(const std::vector<PhaseEntry>& phases,
                    const std::optional<PhaseResults>& latest, const Variant& variant);
// One line per submitted line: "  A PAR-BUR  ->  accepted: A PAR - BUR"; a refused line
// "REJECTED: <why>", or "not an order" for a friendly line (service/friendly_line.h).
std::string verdicts(const std::vector<Verdict>& verdicts, const Variant& variant);
// The accepted orders of a stored submission, one per line ("  (none)" when empty).
std::string orders_in_force(const std::vector<Verdict>& verdicts);
// A phase's results: each power's orders under its name, the powers in the variant's
// order (as the web page shows them), one line per order with its result (a refused friendly
// line "not an order"); then the units dislodged, and the events (campaign rules) with their
// die rolls.
std::string results(const PhaseReport& results, const Variant& variant);
// "2024-05-01 12:00 UTC", or "none" for no deadline.
std::string deadline(std::optional<std::int64_t> unix_seconds);
// RFC 5322 date-time in UTC.
std::string rfc5322_date(std::int64_t unix_seconds);
// RFC 3339 date-time in UTC ("2026-12-01T09:30:00Z"), as Atom wants it.
std::string rfc3339_date(std::int64_t unix_seconds);

}  // namespace adjutant::service::mail_text
