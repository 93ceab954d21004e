// SPDX-License-Identifier: Apache-2.0
// What GameService's lists answer, as values; the HTTP layer renders them (http/json_views.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "service/attendance.h"
#include "service/game_document.h"
#include "service/power_assignment.h"
#include "service/press_rules.h"
#include "storage/game_status.h"
#include "storage/records.h"

namespace adjutant::service {

struct VariantListing {
    std::string name;
    std::string title;
    std::size_t powers = 0;
    std::size_t provinces = 0;
    int victory_centers = 0;
};

// One game of the lobby.
struct GameListing {
    std::int64_t id = 0;
    std::string name;
    std::string variant;
    GameStatus status = GameStatus::forming;
    std::optional<std::string> phase;  // the current phase's code; none for a game without one
    std::optional<std::int64_t> deadline;
    std::vector<std::string> open_seats;  // powers nobody has taken, for the lobby
    bool sandbox = false;                 // one person plays every power: no seats to take
};

// Which games the lobby lists (empty: any).
struct GameFilter {
    std::optional<GameStatus> status;  // none: any
    std::string variant;               // a variant's name
    bool open_only = false;            // only games with a seat nobody has taken
};

struct GamePage {
    std::vector<GameListing> games;
    std::optional<std::int64_t> next_after;  // the `after` of the next page, if there is one
};

// A new game as its GM asks for it (POST /games); every field but the name has a default.
struct CreateGameRequest {
    std::string name;
    std::string variant = "standard";
    std::int64_t movement_seconds = 86400;
    std::int64_t retreat_seconds = 43200;
    std::int64_t adjustment_seconds = 43200;
    std::int64_t grace_seconds = 0;
    std::string missing_policy = "hold";  // hold | civil_disorder | wait
    bool resolve_when_ready = true;
    // A sandbox (docs/server.md, "Sandbox games"): the GM orders for every power and resolves
    // when they say.
    bool sandbox = false;
    PressRulesChange press;                     // over the default press rules
    attendance::SettingsChange missing_orders;  // over the default missing-orders settings
    // Absences (docs/absence.md); none: the defaults.
    std::optional<std::int64_t> min_reliability;  // percent; 0 or none: no minimum
    std::optional<std::int64_t> absence_days_per_player;
    std::optional<std::int64_t> absence_cooldown_phases;
    // How the powers go to the players (docs/assignment.md).
    AssignmentMode assignment = AssignmentMode::first_come;
};

struct CreatedGame {
    std::int64_t id = 0;
    std::string gm_token;  // shown only this once
    GameDocument game;     // as its GM reads it
};

struct VariantUpload {
    std::string name;
    std::string title;
};

struct GameVariantUpload {
    std::string variant;  // the registry's key, "name@g<game>"
    GameDocument game;    // the game, restarted on it, as its GM reads it
};

// What a GM action answers: the game as it left it, as its GM reads it, and what the kind of
// action adds.
struct GmActionResult {
    GameDocument game;
    std::optional<int> resolved;      // resolve: how many phases it resolved
    std::optional<PressRules> press;  // press: the rules now
    bool settings = false;            // settings: the answer carries the GM's address
    std::optional<std::string> gm_email;
};

struct AuditLog {
    std::int64_t game_id = 0;
    std::vector<storage::AuditRow> entries;  // oldest first; each detail is a JSON document
};

}  // namespace adjutant::service
