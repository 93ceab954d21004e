// SPDX-License-Identifier: Apache-2.0
// What the services share: the database, the variants, the clock and the cached views.
//
// The database is one connection (SQLite or PostgreSQL, storage/database.h), which is not
// thread-safe, so one lock serialises every call that touches it. The store is reached only through
// a Locked, the proof that its holder holds that lock: a service's public call takes the lock
// itself, and a call made on behalf of another (the mail gateway running a seat's orders inside its
// own transaction, a GM's resolve, an all-ready resolve) takes the caller's Locked instead. So no
// path reaches the database without the lock, none takes it twice, and the lock is a plain mutex,
// not a recursive one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "position/position.h"
#include "service/position_cache.h"
#include "service/variants.h"
#include "service/view_cache.h"
#include "storage/group_sync.h"
#include "storage/store.h"

namespace adjutant::service {

// A game row with its variant and current phase: where every call about one game starts.
struct LoadedGame {
    storage::GameRow row;
    std::shared_ptr<const LoadedVariant> variant;
    storage::PhaseRow phase;  // the current (unresolved, or final) phase
    Position position;
};

class ServiceContext;

class Locked {
  public:
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;

    storage::Store& store() const;
    // 404 for an unknown game; 500 when its variant is not loaded or its state is corrupt.
    LoadedGame load(std::int64_t game_id) const;
    // After a write that changes what a game's views show, in the write's transaction: bumps
    // the revision, drops the cached views and tells the other servers on the database.
    void changed(std::int64_t game_id) const;
    // After a write of the variants table (an upload), in its transaction: tells the other
    // servers on the database to read variant `key` again.
    void variant_changed(std::string_view key) const;

  private:
    friend class ServiceContext;
    explicit Locked(ServiceContext& context);

    ServiceContext& context_;
    std::unique_lock<std::mutex> lock_;
};

class ServiceContext {
  public:
    using Clock = std::function<std::int64_t()>;  // Unix seconds

    // `flush`: for tests, what the group commit runs instead of flushing the database's WAL.
    ServiceContext(storage::Database& db, VariantRegistry& variants, Clock clock = {},
                   storage::GroupSync::Flush flush = {});

    // Waits for the lock. Not reentrant: whoever holds a Locked passes it on.
    Locked lock() { return Locked(*this); }

    VariantRegistry& variants() { return variants_; }
    std::int64_t now() const { return clock_(); }
    ViewCache<GameDocument>& game_cache() { return game_cache_; }
    ViewCache<HistoryDocument>& history_cache() { return history_cache_; }
    // The bytes both caches may hold together (limits.view_cache_bytes), and what they hold.
    void set_view_cache_bytes(std::size_t bytes) { view_budget_->set_limit(bytes); }
    ViewCacheFigures view_cache_figures() const {
        return {view_budget_->bytes(), view_budget_->limit(),
                game_cache_.entries() + history_cache_.entries(),
                game_cache_.evictions() + history_cache_.evictions()};
    }
    // Whether other servers may write the database too (PostgreSQL): then a cached view is
    // checked against the game's revision before it is served, and the variants are read
    // again from the database when they may have changed (docs/storage.md).
    bool shared_database() const { return shared_database_; }
    // This server's name in the change notifications it sends, so it skips its own.
    const std::string& server_id() const { return server_id_; }
    // How long before a deadline a seat is reminded by mail (mail.reminder_seconds); the web's
    // phase guidance uses it too, capped at the phase's last quarter (reminder_window).
    std::int64_t reminder_seconds() const { return reminder_seconds_; }
    // Flushes deferred commits (order submissions, by HTTP and by mail) outside the lock, many
    // at a time.
    storage::GroupSync& group_sync() { return group_sync_; }
    void set_reminder_seconds(std::int64_t seconds) { reminder_seconds_ = seconds; }

  private:
    friend class Locked;

    storage::Store store_;
    VariantRegistry& variants_;
    Clock clock_;
    std::mutex mutex_;
    bool shared_database_;
    std::string server_id_;
    std::shared_ptr<ViewBudget> view_budget_ = std::make_shared<ViewBudget>();
    ViewCache<GameDocument> game_cache_{view_budget_};
    ViewCache<HistoryDocument> history_cache_{view_budget_};
    PositionCache positions_;  // under mutex_
    std::int64_t reminder_seconds_ = 6 * 3600;
    storage::GroupSync group_sync_;
};

}  // namespace adjutant::service
