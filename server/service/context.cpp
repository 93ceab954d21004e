// SPDX-License-Identifier: Apache-2.0
#include "service/context.h"

#include <chrono>

#include "service/codec.h"
#include "service/crypto.h"
#include "service/error.h"
#include "service/other_servers.h"

namespace adjutant::service {

namespace {

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

ServiceContext::ServiceContext(storage::Database& db, VariantRegistry& variants, Clock clock,
                               storage::GroupSync::Flush flush)
    : store_(db),
      variants_(variants),
      clock_(clock ? std::move(clock) : Clock(system_now)),
      shared_database_(db.backend() == storage::Backend::PostgreSQL),
      server_id_(random_seed_hex().substr(0, 16)),
      group_sync_(flush ? std::move(flush) : storage::GroupSync::wal_flush(db.wal_path())) {}

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
    // Another server may have registered a variant this one has not read yet, or (while the
    // game forms) replaced the game's own: the database has the one to use.
    if (context_.shared_database_ &&
        (!game.variant || (game.variant->game_id && game.row.status == GameStatus::forming)))
        game.variant = stored_variant(context_, *this, game.row.variant);
    if (!game.variant)
        throw ApiError(500, "variant_missing",
                       "the game's variant '" + game.row.variant + "' is not loaded");
    auto phase = store().current_phase(game_id);
    if (!phase) throw ApiError(500, "corrupt_state", "game has no phase");
    game.phase = std::move(*phase);
    game.position = context_.positions_.decoded(game_id, game.variant, game.phase.position);
    return game;
}

void Locked::changed(std::int64_t game_id) const {
    store().bump_revision(game_id);
    context_.game_cache_.drop(*this, game_id);
    context_.history_cache_.drop(*this, game_id);
    if (context_.shared_database_)
        store().database().notify_change(change_notice(context_, 'g', std::to_string(game_id)));
}

void Locked::variant_changed(std::string_view key) const {
    if (context_.shared_database_)
        store().database().notify_change(change_notice(context_, 'v', key));
}

}  // namespace adjutant::service
