// SPDX-License-Identifier: Apache-2.0
// What a game's GM asks of it (POST /games/{id}/actions/{action}), typed: the HTTP adapter reads
// the request body into a GmAction (http/request_json.cpp), and GameService::gm_action runs the
// action of that kind. Only the fields of the action's kind are read; the others keep their
// defaults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "service/attendance.h"
#include "service/press_rules.h"

namespace adjutant::service {

enum class GmActionKind {
    start,      // a forming game begins: its first deadline is set
    pause,      // the clock stops, keeping the time left
    resume,     // the clock runs again with the time left
    extend,     // the deadline moves later
    resolve,    // the current phase is resolved now
    end,        // the game ends, with a winner or none
    interdict,  // the rail interdictions of this turn (docs/rail-movement.md)
    battles,    // the tabletop battles' results (docs/tabletop-battles.md)
    press,      // the press rules, before the game starts (docs/press.md)
    settings,   // the missing-orders policy and friends (docs/server.md, "Missing orders")
};

// The action's word in the API's path; parse_gm_action_kind is its inverse (none for a word
// that names no action).
std::string_view to_string(GmActionKind kind);
std::optional<GmActionKind> parse_gm_action_kind(std::string_view word);

// The settings a GM may change once the game exists; a field left out keeps its value.
struct SettingsChange {
    std::optional<std::string> missing_orders;  // hold | civil_disorder | wait
    std::optional<bool> resolve_when_ready;
    std::optional<std::int64_t> grace_seconds;
    attendance::SettingsChange attendance;
};

struct GmAction {
    GmActionKind kind = GmActionKind::start;
    // resolve: the phase it is for, by its code (body.phase) or its ETag (If-Match); at least one.
    std::optional<std::string> phase;
    std::string if_match;
    std::int64_t seconds = 0;            // extend: how much later
    std::optional<std::string> winner;   // end: the winning power, if any
    std::vector<std::string> provinces;  // interdict: the provinces marked, by name
    // battles: the results as the GM entered them; they go into the phase's position document
    // as they are, checked against the phase's battles (service/tabletop.h).
    nlohmann::json battle_results;
    PressRulesChange press;   // press
    SettingsChange settings;  // settings
};

}  // namespace adjutant::service
