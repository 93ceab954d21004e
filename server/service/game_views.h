// SPDX-License-Identifier: Apache-2.0
// Games as the API's documents (their schemas are in http/openapi.json): the game (settings,
// seats, position), its history of phases and one phase as values (service/game_document.h,
// service/phase_document.h), which the HTTP adapter renders (http/game_documents.h) and the mails
// read (service/results_decode.h); the service itself renders no JSON. A phase's record is the
// stored record of the phase as values, as the reader may read it (service/fog.h,
// service/visibility.h). A resolved phase's week summary is a value (service/week_summary.h),
// made from that record.
//
// The game and history documents are cached per revision (view_cache.h): a hit is one atomic
// load, with no lock. The calls that take a Locked are for a caller that holds the lock.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "service/caller.h"
#include "service/context.h"
#include "service/game_document.h"
#include "service/phase_document.h"
#include "service/week_summary.h"

namespace adjutant::service {

class GameViews {
  public:
    explicit GameViews(ServiceContext& context) : context_(context) {}

    // The game document as `who` reads it: the cached view, except in a game in the fog of
    // war (service/fog.h), where the cache holds the public's cut and a seat or the GM gets
    // its own, made on the call under the lock, with an ETag of its own.
    std::shared_ptr<const GameView> game_view(const Viewer& who, std::int64_t game_id);
    std::shared_ptr<const GameView> game_view(const Locked& locked, const Viewer& who,
                                              std::int64_t game_id);
    std::shared_ptr<const HistoryView> history_view(std::int64_t game_id);
    std::shared_ptr<const HistoryView> history_view(const Locked& locked, std::int64_t game_id);
    // The game document of `game` as `who` reads it, made now (not cached): for answers that
    // carry the game as a write left it, and for mails to one seat.
    GameDocument document(const Locked& locked, const LoadedGame& game, const Viewer& who);

    // One phase. Once resolved it carries its orders and results, redacted for `caller`: the
    // public sees accepted orders only, a seat also its own refused lines, the GM everything.
    PhaseDocument phase_document(const Caller& caller, std::int64_t game_id, std::int64_t seq);
    PhaseDocument phase_document(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                 std::int64_t seq);
    // The week's summary of a resolved phase (week_summary.h): every power's for the GM, the
    // seat's own for a player; 401/403 for anyone else, 409 before the phase resolves.
    PhaseSummary phase_summary(const Caller& caller, std::int64_t game_id, std::int64_t seq);
    // One power's resolved phases, oldest first, after phase `after_seq` (exclusive), at most
    // `limit`: its accepted orders and their results, redacted for `caller` as phase_document() is
    // (its refused lines and text only for that seat and the GM). power_history.cpp.
    PowerHistory power_history(const Caller& caller, std::int64_t game_id, std::string_view power,
                               std::int64_t after_seq, int limit);

  private:
    template <typename Document>
    std::shared_ptr<const View<Document>> fresh(const Locked& locked, ViewCache<Document>& cache,
                                                std::int64_t game_id);

    ServiceContext& context_;
};

}  // namespace adjutant::service
