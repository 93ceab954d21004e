// SPDX-License-Identifier: Apache-2.0
#include "storage/sqlite.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>

namespace adjutant::storage {

namespace {

[[noreturn]] void fail(sqlite3* db, int rc, std::string_view what) {
    std::string message(what);
    message += ": ";
    message += db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    throw Error(rc, message);
}

}  // namespace

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(stmt_);
}

Statement& SqliteStatement::bind(int index, std::int64_t value) {
    if (stepped_) reset();
    if (int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK)
        fail(sqlite3_db_handle(stmt_), rc, "bind");
    return *this;
}

Statement& SqliteStatement::bind(int index, std::string_view value) {
    if (stepped_) reset();
    if (int rc = sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()),
                                   SQLITE_TRANSIENT);
        rc != SQLITE_OK)
        fail(sqlite3_db_handle(stmt_), rc, "bind");
    return *this;
}

Statement& SqliteStatement::bind_null(int index) {
    if (stepped_) reset();
    if (int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK)
        fail(sqlite3_db_handle(stmt_), rc, "bind");
    return *this;
}

bool SqliteStatement::step() {
    stepped_ = true;
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(sqlite3_db_handle(stmt_), rc, sqlite3_sql(stmt_));
}

void SqliteStatement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    stepped_ = false;
}

std::int64_t SqliteStatement::integer(int column) const {
    return sqlite3_column_int64(stmt_, column);
}

std::string SqliteStatement::text(int column) const {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return data ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                : std::string();
}

bool SqliteStatement::is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

SqliteDatabase::SqliteDatabase(const std::string& path) : path_(path) {
    int rc =
        sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = "cannot open database " + path + ": " + sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw Error(rc, message);
    }
    sqlite3_busy_timeout(db_, 5000);
    // FULL: a transaction that returned is on disk, so every acknowledged order survives a crash or
    // power loss (docs/design.md, "Server"). WAL keeps readers off the writer's back.
    exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
}

SqliteDatabase::~SqliteDatabase() {
    cache_.clear();  // statements must be finalised before the connection closes
    sqlite3_close(db_);
}

void SqliteDatabase::exec(std::string_view sql) {
    std::string copy(sql);
    char* error = nullptr;
    int rc = sqlite3_exec(db_, copy.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw Error(rc, message);
    }
}

Statement& SqliteDatabase::prepare(std::string_view sql) {
    auto it = cache_.find(sql);
    if (it == cache_.end()) {
        sqlite3_stmt* stmt = nullptr;
        int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
        if (rc != SQLITE_OK) fail(db_, rc, sql);
        it = cache_.emplace(std::string(sql), std::make_unique<SqliteStatement>(stmt)).first;
    }
    it->second->reset();
    return *it->second;
}

std::int64_t SqliteDatabase::last_insert_id() {
    return sqlite3_last_insert_rowid(db_);
}

int SqliteDatabase::changes() const {
    return sqlite3_changes(db_);
}

int SqliteDatabase::user_version() {
    auto& stmt = prepare("PRAGMA user_version");
    stmt.step();
    int version = static_cast<int>(stmt.integer(0));
    stmt.reset();
    return version;
}

void SqliteDatabase::set_user_version(int version) {
    // PRAGMA takes no parameters; the value is an integer we produced, never user input.
    exec("PRAGMA user_version=" + std::to_string(version));
}

void SqliteDatabase::backup_to(const std::string& path) {
    sqlite3* target = nullptr;
    int rc = sqlite3_open(path.c_str(), &target);
    if (rc != SQLITE_OK) {
        sqlite3_close(target);
        throw Error(rc, "cannot open backup file " + path);
    }
    sqlite3_backup* backup = sqlite3_backup_init(target, "main", db_, "main");
    if (!backup) {
        std::string message = sqlite3_errmsg(target);
        sqlite3_close(target);
        throw Error(SQLITE_ERROR, "backup: " + message);
    }
    // Copy in slices so writers are not locked out for the whole copy.
    do {
        rc = sqlite3_backup_step(backup, 256);
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(20);
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) {
        std::string message = sqlite3_errstr(rc);
        sqlite3_close(target);
        throw Error(rc, "backup: " + message);
    }
    sqlite3_close(target);
}

std::string SqliteDatabase::wal_path() {
    auto& stmt = prepare("PRAGMA journal_mode");
    const bool wal = stmt.step() && stmt.text(0) == "wal";
    stmt.reset();
    return wal ? path_ + "-wal" : std::string();
}

// In WAL mode, synchronous=NORMAL writes a COMMIT into the WAL without flushing it; the
// connection goes back to FULL as soon as the transaction ends, so every other transaction
// keeps its own fsync.
void SqliteDatabase::begin(Durability durability) {
    deferred_ = durability == Durability::Deferred;
    if (deferred_) run_cached("PRAGMA synchronous=NORMAL");
    try {
        run_cached("BEGIN IMMEDIATE");
    } catch (const Error&) {
        restore_synchronous();
        throw;
    }
}

void SqliteDatabase::commit() {
    run_cached("COMMIT");
    restore_synchronous();
}

// The statements every transaction runs, prepared once: sqlite3_exec compiled each of them
// again (a deferred transaction runs four), 30k instructions of an order submission's 505k.
void SqliteDatabase::run_cached(std::string_view sql) {
    auto& statement = prepare(sql);
    try {
        statement.run();
    } catch (const Error&) {
        statement.reset();  // a failed COMMIT must not stay half-stepped before the ROLLBACK
        throw;
    }
}

void SqliteDatabase::rollback() noexcept {
    try {
        exec("ROLLBACK");
    } catch (const Error&) {
        // The transaction may already be gone (e.g. after SQLITE_FULL); nothing to undo.
    }
    restore_synchronous();
}

void SqliteDatabase::restore_synchronous() {
    if (!deferred_) return;
    deferred_ = false;
    try {
        run_cached("PRAGMA synchronous=FULL");
    } catch (const Error& error) {
        // Not expected (a pragma outside a transaction); a connection left at NORMAL would
        // acknowledge later writes before they are on disk, so it must not go unnoticed.
        std::fprintf(stderr, "adjutant: cannot restore synchronous=FULL: %s\n", error.what());
        std::abort();
    }
}

}  // namespace adjutant::storage
