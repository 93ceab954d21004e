// SPDX-License-Identifier: Apache-2.0
// What a game's GM asks of it (POST /games/{id}/actions/{action}), typed: the HTTP adapter reads
// the request body into a GmAction (http/request_json.cpp), and GameService::gm_action runs the
// action of that kind. Only the fields of the action's kind are read; the others keep their
// defaults. The actions a rule module declares (the rail interdiction, the tabletop results)
// are one kind, `module`, which the service runs through rules/module_api.h by their word.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/attendance.h"
#include "service/power_assignment.h"
#include "service/press_rules.h"

namespace adjutant::service {

enum class GmActionKind {
    start,     // a forming game begins: its first deadline is set
    pause,     // the clock stops, keeping the time left
    resume,    // the clock runs again with the time left
    extend,    // the deadline moves later
    resolve,   // the current phase is resolved now
    end,       // the game ends, with a winner or none
    module,    // a rule module's, by its word (interdict, battles): GmAction::module_action
    press,     // the press rules, before the game starts (docs/press.md)
    settings,  // the missing-orders policy and friends (docs/server.md, "Missing orders")
};

// The action's word in the API's path; parse_gm_action_kind is its inverse (none for a word
// that names no action; `module` for a word a rule module declares). A module's action goes
// by its own word: action_name.
std::string_view to_string(GmActionKind kind);
std::optional<GmActionKind> parse_gm_action_kind(std::string_view word);

// The settings a GM may change once the game exists; a field left out keeps its value.
struct SettingsChange {
    std::optional<std::string> missing_orders;  // hold | civil_disorder | wait
    std::optional<bool> resolve_when_ready;
    std::optional<std::int64_t> grace_seconds;
    attendance::SettingsChange attendance;
    // Absences (docs/absence.md): days per seat occupant, and the phases between two.
    std::optional<std::int64_t> absence_days_per_player;
    std::optional<std::int64_t> absence_cooldown_phases;
    // The minimum reliability to join, percent (docs/accounts.md, "Reliability"); 0: none.
    std::optional<std::int64_t> min_reliability;
    std::optional<AssignmentMode> assignment;  // before the game starts (docs/assignment.md)
};

struct GmAction {
    GmActionKind kind = GmActionKind::start;
    // resolve: the phase it is for, by its code (body.phase) or its ETag (If-Match); at least one.
    std::optional<std::string> phase;
    std::string if_match;
    std::int64_t seconds = 0;           // extend: how much later
    std::optional<std::string> winner;  // end: the winning power, if any
    // module: the action's word and the request's body, which the module reads
    // (ModuleGmAction::read has passed it) and puts into the phase's position.
    std::string module_action;
    nlohmann::json module_input;
    PressRulesChange press;   // press
    SettingsChange settings;  // settings
};

// The word the API's path and the audit log name the action by.
std::string_view action_name(const GmAction& action);

}  // namespace adjutant::service
