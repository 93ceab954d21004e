// SPDX-License-Identifier: Apache-2.0
// The week's summary of a resolved phase (service/week_summary.h), as the API serves it: the GM
// gets every power's group, a seat its own power's, anyone else nothing (401/403).
#include "service/game_internal.h"
#include "service/week_summary.h"

namespace adjutant::service {

nlohmann::json GameService::phase_summary(const Caller& caller, std::int64_t game_id,
                                          std::int64_t seq) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.game_id != game_id ||
        (caller.role != Role::GameMaster && caller.role != Role::Player))
        throw forbidden("a seat or GM token of this game is required");
    const auto locked = context_.lock();
    const LoadedGame game = locked.load(game_id);
    auto phase = locked.store().phase(game_id, seq);
    if (!phase)
        throw not_found("game " + std::to_string(game_id) + " has no phase " + std::to_string(seq));
    if (!phase->resolved_at)
        throw ApiError(409, "not_resolved", "phase " + phase->phase + " is not resolved yet");
    const auto results = nlohmann::json::parse(phase->results.value_or("{}"), nullptr, false);
    nlohmann::json out = week_summary(game.variant->variant, results,
                                      caller.role == Role::Player ? caller.power : "");
    out["game"] = game_id;
    out["seq"] = seq;
    return out;
}

}  // namespace adjutant::service
