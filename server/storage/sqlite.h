// SPDX-License-Identifier: Apache-2.0
// The SQLite backend of storage::Database: a thin RAII layer over the SQLite C API, with
// IMMEDIATE transactions. The embedded default: one server process per database file.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "storage/database.h"

struct sqlite3;
struct sqlite3_stmt;

namespace adjutant::storage {

class SqliteStatement final : public Statement {
  public:
    explicit SqliteStatement(sqlite3_stmt* stmt) : stmt_(stmt) {}
    ~SqliteStatement() override;

    using Statement::bind;
    Statement& bind(int index, std::int64_t value) override;
    Statement& bind(int index, std::string_view value) override;
    Statement& bind_null(int index) override;
    bool step() override;
    void reset() override;
    std::int64_t integer(int column) const override;
    std::string text(int column) const override;
    bool is_null(int column) const override;

  private:
    sqlite3_stmt* stmt_;
    bool stepped_ = false;
};

class SqliteDatabase final : public Database {
  public:
    // Opens (creating if needed) and applies the connection settings: WAL, foreign keys,
    // busy timeout, synchronous=FULL. ":memory:" works for tests.
    explicit SqliteDatabase(const std::string& path);
    ~SqliteDatabase() override;

    Backend backend() const override { return Backend::SQLite; }
    void exec(std::string_view sql) override;
    Statement& prepare(std::string_view sql) override;
    std::int64_t last_insert_id() override;
    int changes() const override;
    int user_version() override;
    void set_user_version(int version) override;
    // BEGIN IMMEDIATE already holds the one write lock.
    void lock_schema() override {}
    void backup_to(const std::string& path) override;
    std::string wal_path() override;
    void notify_change(std::string_view) override {}

    const std::string& path() const { return path_; }

  protected:
    // BEGIN IMMEDIATE (taking the write lock up front avoids upgrade deadlocks); a Deferred
    // transaction runs at synchronous=NORMAL until it ends.
    void begin(Durability durability) override;
    void commit() override;
    void rollback() noexcept override;

  private:
    void restore_synchronous();
    // Runs a statement without parameters or rows, prepared once and kept in the cache.
    void run_cached(std::string_view sql);

    std::string path_;
    sqlite3* db_ = nullptr;
    std::map<std::string, std::unique_ptr<SqliteStatement>, std::less<>> cache_;
    bool deferred_ = false;  // the open transaction is Deferred: synchronous=NORMAL until it ends
};

}  // namespace adjutant::storage
