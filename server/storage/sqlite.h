// SPDX-License-Identifier: Apache-2.0
// A thin RAII layer over the SQLite C API: one connection, prepared statements cached by their
// SQL text, and IMMEDIATE transactions that roll back unless committed.
//
// Only the storage layer includes this header. A Database is not thread-safe: its owner
// serialises access (the service layer holds one mutex around every operation). SQLite
// failures are unexpected here (the schema and statements are ours), so they throw
// storage::Error, which the adapters report as a 500 "database" error.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "storage/durability.h"

struct sqlite3;
struct sqlite3_stmt;

namespace adjutant::storage {

class Error : public std::runtime_error {
  public:
    Error(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }

  private:
    int code_;
};

class Statement {
  public:
    explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    // Binding resets the statement first if it was stepped; indices are 1-based.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind(int index, const std::optional<std::int64_t>& value);
    Statement& bind(int index, const std::optional<std::string>& value);
    Statement& bind_null(int index);

    // true while a row is available; false when done. Throws on error.
    bool step();
    // Steps to completion, expecting no rows (INSERT/UPDATE/DELETE).
    void run();
    void reset();

    std::int64_t integer(int column) const;
    std::string text(int column) const;
    bool is_null(int column) const;
    std::optional<std::int64_t> optional_integer(int column) const;
    std::optional<std::string> optional_text(int column) const;

  private:
    sqlite3_stmt* stmt_;
    bool stepped_ = false;
};

class Database {
  public:
    // Opens (creating if needed) and applies the connection settings: WAL, foreign keys,
    // busy timeout, synchronous=FULL. ":memory:" works for tests.
    explicit Database(const std::string& path);
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    // Runs one or more statements without parameters (migrations, pragmas).
    void exec(std::string_view sql);
    // A cached prepared statement, reset and ready for binding.
    Statement& prepare(std::string_view sql);

    std::int64_t last_insert_id() const;
    int changes() const;
    int user_version();
    void set_user_version(int version);
    // Online backup of the whole database into a new file at `path`.
    void backup_to(const std::string& path);

    const std::string& path() const { return path_; }
    // The WAL file a GroupSync flushes after deferred commits; empty when the database is
    // not in WAL mode (":memory:"), where there is nothing to flush.
    std::string wal_path();

  private:
    friend class Transaction;
    std::string path_;
    sqlite3* db_ = nullptr;
    std::map<std::string, std::unique_ptr<Statement>, std::less<>> cache_;
    int depth_ = 0;
};

// BEGIN IMMEDIATE on construction (taking the write lock up front avoids upgrade deadlocks);
// ROLLBACK on destruction unless commit() ran. Nested transactions become no-ops, and the
// outermost one's durability is the one that counts.
class Transaction {
  public:
    explicit Transaction(Database& db, Durability durability = Durability::Synced);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

  private:
    void restore_synchronous();

    Database& db_;
    bool outer_;
    bool deferred_;  // outer and Deferred: synchronous=NORMAL until it ends
    bool done_ = false;
};

}  // namespace adjutant::storage
