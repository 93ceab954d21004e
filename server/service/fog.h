// SPDX-License-Identifier: Apache-2.0
// Fog of war through the server (docs/fog-of-war.md). In a game whose variant hides positions
// (position/sight.h), until the game ends, a player reads every position through its power's
// sight and the public through a sight of nothing; only the GM reads them whole. The same cut
// is made wherever a position or a phase's record leaves the server: the game and phase
// documents, a power's order history, the results and status mails, the feed. These are the
// only functions that make it, so every reader of a record is cut alike.
#pragma once

#include <string>
#include <vector>

#include "service/game_document.h"
#include "service/visibility.h"
#include "storage/game_status.h"
#include "storage/stored_report.h"
#include "storage/stored_seat.h"

namespace adjutant {
struct Variant;
struct Position;
}  // namespace adjutant

namespace adjutant::service {

struct LoadedVariant;

// Whether `viewer` reads a game of `variant` in state `status` through the fog.
bool in_fog(const Variant& variant, GameStatus status, const Viewer& viewer);

// What `viewer` is shown of `position` when in_fog(): `position` becomes the viewer's cut of
// it (position/sight.h), and the answer says what the viewer sees.
FogView fog_view(const Variant& variant, Position& position, const Viewer& viewer);

// A resolved phase's record as `viewer` reads it through the fog, after redact_results():
// the entries of the other powers' orders, results, retreats and events are kept where they
// stand in the viewer's sight before the phase (`before`, the phase's position) or after it
// (the report's "next", which becomes the viewer's view of it), but for the orders whose
// content is supply (the variant's parser reads them), which are their power's alone; another
// power's failed order gives only the resolver's reasons. `seats` are the stored seats'
// orders; `events` the phase's events, when the caller serves them.
void fog_record(const LoadedVariant& loaded, const Position& before, const Viewer& viewer,
                std::vector<storage::StoredSeat>& seats, storage::StoredReport& report,
                std::vector<storage::StoredEvent>* events);

// What every reader of a resolved phase's record calls: redact_results() (refused lines stay
// with their seat), then fog_record() when `viewer` reads the game (in state `status`) through
// the fog; `position` is the phase's stored position document. `seats` keeps the seats'
// texts: redact_orders() is the caller's, as it serves them.
void redact_record(const LoadedVariant& loaded, GameStatus status, const std::string& position,
                   const Viewer& viewer, std::vector<storage::StoredSeat>& seats,
                   storage::StoredReport& report, std::vector<storage::StoredEvent>* events);

}  // namespace adjutant::service
