// SPDX-License-Identifier: Apache-2.0
// The missing-orders policy (docs/server.md, "Missing orders"): one automatic deadline extension
// per seat occupant (by default), civil disorder after a number of missed phases in a row, and what
// a replacement player starts with. The scheduler asks extend_if_owed before it resolves a due
// phase; every resolution (scheduler, GM, all ready) writes the attendance it planned with
// plan_attendance in its own transaction, so a crash leaves neither half done.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "service/context.h"
#include "storage/attendance_store.h"
#include "storage/codec.h"

namespace adjutant::service::attendance {

// What a create or settings request changes of the missing-orders settings (read from the
// request in http/request_json.cpp); a field left out keeps its value.
struct SettingsChange {
    std::optional<std::int64_t> extensions_per_player;
    bool extension_seconds_given = false;
    std::optional<std::int64_t> extension_seconds;  // given as none: the automatic length again
    std::optional<std::int64_t> civil_disorder_after;
    bool gm_email_given = false;
    std::optional<std::string> gm_email;  // given as none: the GM's address is taken away
};
storage::MissingOrdersSettings apply(const SettingsChange& change,
                                     storage::MissingOrdersSettings base);

// Whether two settings differ in their public part, the part the game's documents show
// (http/game_documents.cpp): the GM's address stays out of the public game state.
bool same_public_settings(const storage::MissingOrdersSettings& a,
                          const storage::MissingOrdersSettings& b);

// How long an automatic extension of a phase of `phase_code` lasts.
std::int64_t extension_seconds(const storage::GameRow& game,
                               const storage::MissingOrdersSettings& settings,
                               std::string_view phase_code);

// At a due deadline: when a seat that must order has none and still has an extension left,
// and this phase was not extended before, moves the deadline (its own transaction), charges
// every such seat one extension and returns true; the phase is then not resolved.
bool extend_if_owed(const Locked& locked, LoadedGame& game, std::int64_t now);

// What one resolution changes: every seat's attendance and the events it reports.
struct Plan {
    std::vector<storage::AttendanceRow> rows;
    std::vector<storage::PhaseEvent> events;  // deadline_extended, civil_disorder
    std::vector<std::string> new_disorder;    // powers that go into civil disorder now
    // For the accounts' reliability (docs/accounts.md, "Reliability"): the seats that had to
    // order and did, and those that missed the phase.
    std::vector<std::string> on_time;
    std::vector<std::string> missed;
};
// `ordered`: the powers whose orders the resolution counts (readable ones); `now`: when it
// resolves. A seat without orders misses the phase only when the phase's deadline, with its
// extensions, has passed at `now`: a phase resolved before it (by the GM, or with everyone
// ready) neither counts nor breaks the seat's run.
Plan plan_attendance(const Locked& locked, const LoadedGame& game,
                     const std::vector<std::string>& ordered, std::int64_t now);
// Inside the resolving transaction.
void apply(const Locked& locked, const LoadedGame& game, const Plan& plan, std::int64_t now);

// Powers whose seat is in civil disorder: they hold up neither a game that resolves when ready
// nor one that waits for missing orders.
std::vector<std::string> civil_disorder_powers(const Locked& locked, std::int64_t game_id);
// Those, and the seats without a player: they accept a draw.
std::vector<std::string> absent_powers(const Locked& locked, std::int64_t game_id);

// A seat's orders arrived: a player back from civil disorder plays again.
void orders_received(const Locked& locked, std::int64_t game_id, const std::string& power,
                     std::int64_t now);

// The automatic extensions a seat's occupant has left, as the game view shows them.
std::int64_t extensions_left(const storage::AttendanceRow& row,
                             const storage::MissingOrdersSettings& settings);

}  // namespace adjutant::service::attendance
