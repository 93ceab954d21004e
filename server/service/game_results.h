// SPDX-License-Identifier: Apache-2.0
// What GameService's lists answer, as values; the HTTP layer renders them (http/json_views.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

struct AuditLog {
    std::int64_t game_id = 0;
    std::vector<storage::AuditRow> entries;  // oldest first; each detail is a JSON document
};

}  // namespace adjutant::service
