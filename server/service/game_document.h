// SPDX-License-Identifier: Apache-2.0
// The game and history documents as values (their JSON schemas are in http/openapi.json, their
// rendering in http/game_documents.h). A document holds only what its reader may read: in the
// fog of war (service/fog.h) the position is already the reader's cut of it, so no adapter can
// show more than the service chose.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "position/position.h"
#include "position/sight.h"
#include "service/draw_service.h"
#include "storage/attendance_store.h"
#include "storage/game_status.h"
#include "storage/press_store.h"

namespace adjutant::service {

struct LoadedVariant;

struct SeatView {
    std::string power;
    std::optional<std::string> player;
    bool taken = false;  // a player holds the seat's token
    bool ready = false;
    int centers = 0;
    bool needs_orders = false;          // the seat has something to order this phase
    storage::AttendanceRow attendance;  // read with the game's missing-orders settings
};

struct GameSettings {
    std::int64_t movement_seconds = 0;
    std::int64_t retreat_seconds = 0;
    std::int64_t adjustment_seconds = 0;
    std::int64_t grace_seconds = 0;
    std::string missing_policy;  // hold | civil_disorder | wait
    bool resolve_when_ready = true;
    storage::PressRulesRow press;  // service/press_rules.h
    storage::MissingOrdersSettings missing_orders;
};

// What a reader of a game in the fog of war is shown of its position.
struct FogView {
    std::string power;              // the reader's; empty for the public
    std::vector<std::string> seen;  // the provinces in its sight, in the variant's order
    std::optional<Sight> sight;     // none when the variant hides nothing
};

struct GameDocument {
    std::int64_t id = 0;
    std::string name;
    std::string variant;  // the registry's key
    GameStatus status = GameStatus::forming;
    std::string phase;  // the current phase's code
    std::int64_t seq = 0;
    std::string phase_etag;  // service/phase_etag.h
    std::optional<std::int64_t> deadline;
    // Until when the current phase waits for a player's absence (service/absence.h): its
    // deadline, when an absence moved it. Which seat and why are not shown.
    std::optional<std::int64_t> waiting_for_absence;
    bool sandbox = false;
    GameSettings settings;
    std::vector<storage::ExtensionRow> extensions;
    std::string seed_commitment;
    std::optional<std::string> winner;
    std::optional<GameResult> result;  // none while the game runs
    std::int64_t created_at = 0;
    std::int64_t revision = 0;
    std::vector<SeatView> seats;
    // The current position; in the fog, the reader's cut (`fog->sight` made it).
    std::shared_ptr<const LoadedVariant> loaded_variant;
    Position position;
    std::optional<FogView> fog;  // set when the reader reads through the fog of war
    int seed_bits = 64;
    // Once the game has ended: the seed (64 hex digits for a 256-bit seed, a decimal number for
    // an older 64-bit one) and when it ended.
    std::optional<std::string> seed;
    std::optional<std::int64_t> ended_at;
    std::optional<std::int64_t> paused_remaining;  // while paused
};

// One phase of the history.
struct PhaseListing {
    std::int64_t seq = 0;
    std::string phase;
    std::optional<std::int64_t> resolved_at;  // none while it is being played
    std::optional<std::string> hash;
    std::string prev_hash;
};

struct HistoryDocument {
    std::int64_t game_id = 0;
    std::vector<PhaseListing> phases;  // oldest first
};

// What a document holds outside itself, in bytes: its strings' and vectors' heap blocks, each
// with the allocator's header (game_document.cpp). An estimate, for the view cache's bound
// (service/view_cache.h): the variant is shared by every game on it and not counted, nor are a
// campaign position's rule-module parts.
std::size_t heap_bytes(const GameDocument& game);
std::size_t heap_bytes(const HistoryDocument& history);

}  // namespace adjutant::service
