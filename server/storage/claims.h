// SPDX-License-Identifier: Apache-2.0
// Claims of due work, so that several servers on one PostgreSQL database share the deadline
// scheduler and the mail outbox without doing anything twice (docs/storage.md).
//
// On PostgreSQL a claim is a row lock taken with SELECT ... FOR UPDATE SKIP LOCKED: another
// server's claim of the same row skips it instead of waiting. On SQLite one server process
// holds the database (app::DatabaseLock), so a claim is what the single-process code always
// did: nothing to lock, the due rows read as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "storage/database.h"
#include "storage/records.h"

namespace adjutant::storage {

// A due game, claimed for one resolution. On PostgreSQL a transaction holds the game's row
// from the claim until commit() (or, on a throw, the rollback), and the claim is not held when
// another server holds the row or the game is no longer due (another server resolved it since
// the caller read the due list). Writes made while it is held are part of that transaction.
// On SQLite it opens no transaction and is always held.
class DueGameClaim {
  public:
    DueGameClaim(Database& db, std::int64_t game_id, std::int64_t now);
    DueGameClaim(const DueGameClaim&) = delete;
    DueGameClaim& operator=(const DueGameClaim&) = delete;

    bool held() const { return held_; }
    void commit();

  private:
    std::optional<Transaction> transaction_;
    bool held_ = true;
};

// A game's row, held on PostgreSQL for the caller's transaction (opened here unless one is
// open): every path that writes a game's orders or resolves its phase holds it first. So an
// order submitted on one server while another resolves the phase either is in before the
// resolution reads the orders, or waits and is then checked against the next phase; and the
// writers take their locks in one order, the game's row before its phases, so two of them
// cannot deadlock. On SQLite the server's one lock already serialises them: nothing is opened.
class GameLock {
  public:
    GameLock(Database& db, std::int64_t game_id);
    GameLock(const GameLock&) = delete;
    GameLock& operator=(const GameLock&) = delete;

    void commit();

  private:
    std::optional<Transaction> transaction_;
};

// How long a claimed outbox row stays out of the other servers' due lists: its sender marks it
// sent or failed long before, and a row whose server died mid-send goes out after this.
inline constexpr std::int64_t kMailClaimSeconds = 300;

// Up to `limit` outbox rows due at `now`, oldest first. On PostgreSQL they are claimed: their
// next attempt moves kMailClaimSeconds ahead in the same statement, so no other server reads
// them as due while this one sends.
std::vector<OutboxRow> claim_due_mail(Database& db, std::int64_t now, int limit);

}  // namespace adjutant::storage
