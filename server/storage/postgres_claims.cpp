// SPDX-License-Identifier: Apache-2.0
// PostgreSQL's claims (storage/claims.h): row locks that other servers skip.
#include <algorithm>

#include "storage/backend_claims.h"
#include "storage/claims.h"
#include "storage/statements.h"

namespace adjutant::storage::postgres_claims {

// The due condition again, on the row as it is now: a server that read the game as due
// before another resolved it finds it no longer due, and one that finds the row locked
// skips it (the holder is resolving it).
bool due_game(Database& db, std::int64_t game_id, std::int64_t now) {
    return statements::query_one(
               db,
               "SELECT id FROM games WHERE id = ?1 AND status = 'active' AND deadline IS NOT NULL "
               "AND deadline + grace_seconds <= ?2 FOR UPDATE SKIP LOCKED",
               [](const Statement& s) { return s.integer(0); }, game_id, now)
        .has_value();
}

// Waits for the row, unlike a claim: a request for the game must be served, after the holder.
void lock_game(Database& db, std::int64_t game_id) {
    statements::query_one(
        db, "SELECT id FROM games WHERE id = ?1 FOR UPDATE",
        [](const Statement& s) { return s.integer(0); }, game_id);
}

// One statement, so the claim needs no transaction of its own: the rows locked by the inner
// SELECT are the rows whose next attempt moves on.
std::vector<OutboxRow> due_mail(Database& db, std::int64_t now, int limit) {
    auto rows = statements::query_all(
        db,
        "UPDATE mail_outbox SET next_attempt = ?3 WHERE id IN (SELECT id FROM mail_outbox "
        "WHERE status = 'pending' AND next_attempt <= ?1 ORDER BY next_attempt, id LIMIT ?2 "
        "FOR UPDATE SKIP LOCKED) RETURNING id, recipient, subject, body, headers, attempts",
        read_outbox_row, now, std::int64_t{limit}, now + kMailClaimSeconds);
    // RETURNING has no order; ids grow with enqueueing, the order the sender expects.
    std::sort(rows.begin(), rows.end(),
              [](const OutboxRow& a, const OutboxRow& b) { return a.id < b.id; });
    return rows;
}

}  // namespace adjutant::storage::postgres_claims
