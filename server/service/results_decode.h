// SPDX-License-Identifier: Apache-2.0
// The game, history and phase documents (service/game_views.h) and the stored results made into
// the values the renderings read as text (service/document_values.h). Each reader gets the
// document as the API gives it to that reader: the fog of war (service/fog.h) and the redaction
// of other powers' refused lines (service/visibility.h) are applied before anything is read, so
// no rendering can show what the reader may not see. The position's sections by power are read
// from the reader's position document by storage's codec (storage::position_standing), the one
// place that reads JSON here.
//
// The functions that take a document read it; the others fetch it first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "service/caller.h"
#include "service/context.h"
#include "service/document_values.h"
#include "service/game_views.h"
#include "service/order_results.h"
#include "service/visibility.h"
#include "storage/stored_report.h"

namespace adjutant::service {

GameStanding game_standing(const GameDocument& game);
std::vector<PhaseEntry> phase_entries(const HistoryDocument& history);
PhaseReport decode_phase_report(const storage::StoredReport& results);

// The game document of `game` as `who` reads it, made now (GameViews::document).
GameStanding game_standing(GameViews& views, const Locked& locked, const LoadedGame& game,
                           const Viewer& who);
// The game document as `who` reads it, from the cache where it may (GameViews::game_view).
GameStanding game_standing(GameViews& views, const Locked& locked, const Viewer& who,
                           std::int64_t game_id);
// The game's phases, oldest first.
std::vector<PhaseEntry> phase_entries(GameViews& views, const Locked& locked, std::int64_t game_id);
// Phase `seq` with its results as `caller` reads them; none before it is resolved.
std::optional<PhaseResults> phase_results(GameViews& views, const Locked& locked,
                                          const Caller& caller, std::int64_t game_id,
                                          std::int64_t seq);

// The results of resolved phase `phase` of `game` as `reader` reads them; none when the stored
// record cannot be read.
std::optional<PhaseReport> stored_results(const LoadedGame& game, const storage::PhaseRow& phase,
                                          const Viewer& reader);
// The same for one seat, with its power's week's summary as text (service/week_summary.h;
// empty outside a campaign). An unreadable record reads as no results.
struct SeatResults {
    PhaseReport report;
    std::string week_summary;
};
SeatResults seat_results(const LoadedGame& game, const storage::PhaseRow& phase,
                         const std::string& power);

// A seat's stored verdicts (the orders' `verdicts` column), read by storage's codec
// (storage::read_verdicts).
std::vector<Verdict> stored_verdicts(std::string_view text);

}  // namespace adjutant::service
