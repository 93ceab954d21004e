// SPDX-License-Identifier: Apache-2.0
// The storage layer's one view of a database: a connection, prepared statements cached by their
// SQL text, and transactions that roll back unless committed. Two backends implement it:
// SQLite, the embedded default (sqlite.h), and PostgreSQL, for several servers on one database
// (postgres.h); open_database (open.h) picks one from the config's "database" (docs/storage.md).
//
// Statements are written with SQLite's numbered parameters ?1, ?2, ...; the PostgreSQL backend
// turns them into $1, $2, ... when it prepares them, so a statement both backends understand is
// written once.
//
// The storage layer includes this header, and outside it only what opens a database or reports
// its failures: app/runtime.h, which opens the one the server runs on, the CLI's database
// commands, and http/router.cpp, which answers a storage::Error. A Database is not
// thread-safe: its owner serialises access (the service layer holds one mutex around every
// operation). Database
// failures are unexpected here (the schema and statements are ours), so they throw
// storage::Error, which the adapters report as a 500 "database" error.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "storage/durability.h"

namespace adjutant::storage {

class Error : public std::runtime_error {
  public:
    Error(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }

  private:
    int code_;
};

enum class Backend { SQLite, PostgreSQL };

class Statement {
  public:
    Statement() = default;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    virtual ~Statement() = default;

    // Binding resets the statement first if it was stepped; indices are 1-based.
    virtual Statement& bind(int index, std::int64_t value) = 0;
    virtual Statement& bind(int index, std::string_view value) = 0;
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind(int index, const std::optional<std::int64_t>& value) {
        return value ? bind(index, *value) : bind_null(index);
    }
    Statement& bind(int index, const std::optional<std::string>& value) {
        return value ? bind(index, std::string_view(*value)) : bind_null(index);
    }
    virtual Statement& bind_null(int index) = 0;

    // true while a row is available; false when done. Throws on error.
    virtual bool step() = 0;
    // Steps to completion, expecting no rows (INSERT/UPDATE/DELETE).
    void run() {
        while (step()) {
        }
        reset();
    }
    virtual void reset() = 0;

    virtual std::int64_t integer(int column) const = 0;
    virtual std::string text(int column) const = 0;
    virtual bool is_null(int column) const = 0;
    std::optional<std::int64_t> optional_integer(int column) const {
        if (is_null(column)) return std::nullopt;
        return integer(column);
    }
    std::optional<std::string> optional_text(int column) const {
        if (is_null(column)) return std::nullopt;
        return text(column);
    }
};

class Database {
  public:
    Database() = default;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    virtual ~Database() = default;

    virtual Backend backend() const = 0;
    // Runs one or more statements without parameters (migrations, settings).
    virtual void exec(std::string_view sql) = 0;
    // A cached prepared statement, reset and ready for binding.
    virtual Statement& prepare(std::string_view sql) = 0;

    // The id the last INSERT into a table with a generated id gave its row.
    virtual std::int64_t last_insert_id() = 0;
    // Rows written by the last INSERT, UPDATE or DELETE.
    virtual int changes() const = 0;
    // The applied schema version (migrations.h).
    virtual int user_version() = 0;
    virtual void set_user_version(int version) = 0;
    // Inside a migration's transaction: waits until no other server migrates this database,
    // so servers starting together apply each migration once.
    virtual void lock_schema() = 0;
    // Online copy of the whole database into a new file at `path` (SQLite only).
    virtual void backup_to(const std::string& path) = 0;
    // The WAL file a GroupSync flushes after deferred commits; empty when there is nothing
    // for this process to flush (SQLite in memory; PostgreSQL, whose every commit is synced).
    virtual std::string wal_path() = 0;
    // Tells the other servers on this database, once the current transaction commits (at
    // once outside one), of a change they may hold in memory: `payload` is read by their
    // ChangeListener (change_listener.h). SQLite: nothing, as no other server opens the file.
    virtual void notify_change(std::string_view payload) = 0;

  protected:
    friend class Transaction;
    // The outermost transaction's begin, commit and rollback. rollback must not throw: it
    // runs in a destructor.
    virtual void begin(Durability durability) = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;

  private:
    int depth_ = 0;
};

// Begins on construction; rolls back on destruction unless commit() ran. Nested transactions
// become no-ops, and the outermost one's durability is the one that counts.
class Transaction {
  public:
    explicit Transaction(Database& db, Durability durability = Durability::Synced);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

  private:
    Database& db_;
    bool outer_;
    bool done_ = false;
};

}  // namespace adjutant::storage
