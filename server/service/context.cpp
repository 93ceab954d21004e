// SPDX-License-Identifier: Apache-2.0
#include "service/context.h"

#include <chrono>

#include "service/codec.h"
#include "service/error.h"

namespace adjutant::service {

namespace {

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

ServiceContext::ServiceContext(storage::Database& db, VariantRegistry& variants, Clock clock)
    : store_(db),
      variants_(variants),
      clock_(clock ? std::move(clock) : Clock(system_now)),
      // Until servers sharing a PostgreSQL database tell each other of changes, each renders
      // every view from the database, so none is stale (docs/storage.md).
      game_cache_(db.backend() == storage::Backend::SQLite),
      history_cache_(db.backend() == storage::Backend::SQLite),
      group_sync_(db.wal_path()) {}

Locked::Locked(ServiceContext& context) : context_(context), lock_(context.mutex_) {}

storage::Store& Locked::store() const {
    return context_.store_;
}

LoadedGame Locked::load(std::int64_t game_id) const {
    LoadedGame game;
    auto row = store().game(game_id);
    if (!row) throw not_found("no game " + std::to_string(game_id));
    game.row = std::move(*row);
    game.variant = context_.variants_.find(game.row.variant);
    if (!game.variant)
        throw ApiError(500, "variant_missing",
                       "the game's variant '" + game.row.variant + "' is not loaded");
    auto phase = store().current_phase(game_id);
    if (!phase) throw ApiError(500, "corrupt_state", "game has no phase");
    game.phase = std::move(*phase);
    game.position = decode_position(game.variant->variant, game.phase.position);
    return game;
}

void Locked::changed(std::int64_t game_id) const {
    store().bump_revision(game_id);
    context_.game_cache_.drop(*this, game_id);
    context_.history_cache_.drop(*this, game_id);
}

}  // namespace adjutant::service
