// SPDX-License-Identifier: Apache-2.0
// The API's request documents read into the service's typed requests (docs/server.md, "HTTP
// API"). A field of the wrong type or out of range is 400 naming the field, and an unknown field
// where the request lists its fields (the GM's settings, the press rules) is 400 too, so a
// misspelt setting is never silently ignored. The service checks what needs the game (a power's
// name, a seat still open) and the text itself (a name's characters, an address's form).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/absence.h"
#include "service/game_results.h"
#include "service/gm_action.h"
#include "service/seat_service.h"

namespace adjutant::http {

// POST /games: {"name", "variant", "deadlines": {"movement", "retreat", "adjustment"},
// "grace_seconds", "missing_orders", "resolve_when_ready", "sandbox", "press": {...}, and the
// missing-orders settings}.
service::CreateGameRequest create_game_request(const nlohmann::json& body);

// Joining, or the GM's invite or replace: {"player", "email"}, both optional.
service::SeatRequest seat_request(const nlohmann::json& body);

// POST /games/{id}/actions/{action}. A word that names no action is 404.
service::GmAction gm_action_request(std::string_view action, const nlohmann::json& body,
                                    std::string_view if_match);

// POST /games/{id}/absences: {"from", "to", "note"} (docs/absence.md); from and to required.
service::AbsenceRequest absence_request(const nlohmann::json& body);

}  // namespace adjutant::http
