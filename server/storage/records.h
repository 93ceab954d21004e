// SPDX-License-Identifier: Apache-2.0
// Plain rows as the storage layer reads and writes them. JSON columns travel as text: the
// storage layer neither parses nor validates them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "storage/game_status.h"

namespace adjutant::storage {

struct GameRow {
    std::int64_t id = 0;
    std::string name;
    std::string variant;
    GameStatus status = GameStatus::forming;
    std::string gm_token_hash;
    std::int64_t seed = 0;  // a 64-bit seed's bit pattern (games older than 256-bit seeds)
    std::optional<std::string> seed_hex;  // a 256-bit seed, 64 hex digits; wins over `seed`
    std::string seed_commitment;
    std::int64_t movement_seconds = 0;
    std::int64_t retreat_seconds = 0;
    std::int64_t adjustment_seconds = 0;
    std::int64_t grace_seconds = 0;
    std::string missing_policy = "hold";  // hold | civil_disorder | wait
    bool resolve_when_ready = true;
    std::optional<std::int64_t> deadline;
    std::optional<std::int64_t> paused_remaining;
    std::optional<std::string> winner;
    std::int64_t created_at = 0;
    std::optional<std::int64_t> ended_at;
    std::int64_t revision = 0;
    bool sandbox = false;  // the GM orders for every power; no deadlines (schema/008)
};

struct SeatRow {
    std::int64_t game_id = 0;
    std::string power;
    std::optional<std::string> player;
    std::optional<std::string> email;
    std::optional<std::string> token_hash;
    bool ready = false;
    std::optional<std::int64_t> joined_at;
};

struct PhaseRow {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;
    std::string position;
    std::optional<std::string> orders;
    std::optional<std::string> results;
    std::optional<std::string> events;
    std::string prev_hash;
    std::optional<std::string> hash;
    std::optional<std::int64_t> deadline;
    std::optional<std::int64_t> resolved_at;
};

struct OrderRow {
    std::string power;
    std::string text;
    std::string verdicts;        // JSON
    std::string source = "api";  // web | email | api
    std::int64_t submitted_at = 0;
};

struct AuditRow {
    std::int64_t id = 0;
    std::string actor;
    std::string action;
    std::string detail;  // JSON
    std::int64_t at = 0;
};

struct VariantRow {
    std::string name;  // the registry's key (a GM's upload: "name@g<game>")
    std::string json;
    std::optional<std::int64_t> game_id;  // the game a GM uploaded it for; none: server-wide
};

struct OutboxRow {
    std::int64_t id = 0;
    std::string recipient;
    std::string subject;
    std::string body;
    std::string headers = "{}";
    std::int64_t attempts = 0;
};

}  // namespace adjutant::storage
