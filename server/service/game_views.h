// SPDX-License-Identifier: Apache-2.0
// Games as the API's documents (their schemas are in http/openapi.json): the game (settings,
// seats, position), its history of phases, one phase, and a resolved phase's week summary.
// They stay JSON in the service layer because they are what the cache holds and what the mail
// gateway renders as text, so a player by mail reads what a player by web reads.
//
// The game and history documents are cached per revision (view_cache.h): a hit is one atomic
// load, with no lock. The calls that take a Locked are for a caller that holds the lock.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/caller.h"
#include "service/context.h"

namespace adjutant::service {

class GameViews {
  public:
    explicit GameViews(ServiceContext& context) : context_(context) {}

    // The game document as `who` reads it: the cached view, except in a game in the fog of
    // war (service/fog.h), where the cache holds the public's cut and a seat or the GM gets
    // its own, rendered on the call under the lock, with an ETag of its own.
    std::shared_ptr<const View> game(const Viewer& who, std::int64_t game_id);
    std::shared_ptr<const View> game(const Locked& locked, const Viewer& who, std::int64_t game_id);
    std::shared_ptr<const View> history(std::int64_t game_id);
    std::shared_ptr<const View> history(const Locked& locked, std::int64_t game_id);
    // The game document of `game` as `who` reads it, rendered now (not cached): for answers
    // that carry the game as a write left it, and for mails to one seat.
    nlohmann::json game_json(const Locked& locked, const LoadedGame& game, const Viewer& who);

    // One phase. Once resolved it carries its orders and results, redacted for `caller`: the
    // public sees accepted orders only, a seat also its own refused lines, the GM everything.
    nlohmann::json phase(const Caller& caller, std::int64_t game_id, std::int64_t seq);
    nlohmann::json phase(const Locked& locked, const Caller& caller, std::int64_t game_id,
                         std::int64_t seq);
    // The week's summary of a resolved phase (week_summary.h): every power's for the GM, the
    // seat's own for a player; 401/403 for anyone else, 409 before the phase resolves.
    nlohmann::json phase_summary(const Caller& caller, std::int64_t game_id, std::int64_t seq);
    // One power's resolved phases, oldest first, after phase `after_seq` (exclusive), at most
    // `limit`: its accepted orders and their results, redacted for `caller` as phase() is (its
    // refused lines and text only for that seat and the GM). power_history.cpp.
    nlohmann::json power_history(const Caller& caller, std::int64_t game_id, std::string_view power,
                                 std::int64_t after_seq, int limit);

  private:
    std::shared_ptr<const View> fresh(const Locked& locked, ViewCache& cache, std::int64_t game_id);

    ServiceContext& context_;
};

}  // namespace adjutant::service
