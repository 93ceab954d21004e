// SPDX-License-Identifier: Apache-2.0
#include "storage/claims.h"

#include "storage/backend_claims.h"

namespace adjutant::storage {

OutboxRow read_outbox_row(const Statement& s) {
    return OutboxRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5)};
}

DueGameClaim::DueGameClaim(Database& db, std::int64_t game_id, std::int64_t now) {
    if (db.backend() != Backend::PostgreSQL) return;
    transaction_.emplace(db);
    held_ = postgres_claims::due_game(db, game_id, now);
}

void DueGameClaim::commit() {
    if (transaction_) transaction_->commit();
}

GameLock::GameLock(Database& db, std::int64_t game_id) {
    if (db.backend() != Backend::PostgreSQL) return;
    transaction_.emplace(db);
    postgres_claims::lock_game(db, game_id);
}

void GameLock::commit() {
    if (transaction_) transaction_->commit();
}

std::vector<OutboxRow> claim_due_mail(Database& db, std::int64_t now, int limit) {
    if (db.backend() == Backend::PostgreSQL) return postgres_claims::due_mail(db, now, limit);
    return sqlite_claims::due_mail(db, now, limit);
}

}  // namespace adjutant::storage
