// SPDX-License-Identifier: Apache-2.0
// The PostgreSQL backend of storage::Database, over libpq: for several `adjutant serve`
// instances on one database (docs/storage.md). One connection per Database, like SQLite's;
// statements are prepared once per connection, their ?N parameters written as $N, and values
// travel as text (PostgreSQL infers each parameter's type from the statement).
//
// Every COMMIT is synchronous: it returns once the transaction is flushed to the server's WAL
// (synchronous_commit is raised to on if the server's default is off), so a Deferred
// transaction is as durable as a Synced one and GroupSync has nothing left to flush.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

struct pg_conn;
struct pg_result;

namespace adjutant::storage {

class PostgresStatement final : public Statement {
  public:
    // `connection` is shared with the database: the statement prepares itself again after
    // the database reconnected.
    struct Connection {
        pg_conn* conn = nullptr;
        int generation = 0;  // bumped at every reconnection, which forgets prepared statements
        int changes = 0;     // rows the last statement wrote
    };
    PostgresStatement(Connection& connection, std::string name, std::string sql);
    ~PostgresStatement() override;

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
    void set(int index, std::optional<std::string> value);
    void prepare_on_server();

    Connection& connection_;
    std::string name_;
    std::string sql_;  // with $N parameters
    int prepared_generation_ = -1;
    std::vector<std::optional<std::string>> values_;
    pg_result* result_ = nullptr;
    int row_ = -1;
};

class PostgresDatabase final : public Database {
  public:
    // Connects to `uri` (a libpq connection URI) and applies the session settings. Throws
    // Error when the server cannot be reached.
    explicit PostgresDatabase(const std::string& uri);
    ~PostgresDatabase() override;

    Backend backend() const override { return Backend::PostgreSQL; }
    void exec(std::string_view sql) override;
    Statement& prepare(std::string_view sql) override;
    std::int64_t last_insert_id() override;
    int changes() const override { return connection_.changes; }
    int user_version() override;
    void set_user_version(int version) override;
    void lock_schema() override;
    void backup_to(const std::string& path) override;
    std::string wal_path() override { return {}; }
    void notify_change(std::string_view payload) override;

  protected:
    void begin(Durability durability) override;
    void commit() override;
    void rollback() noexcept override;

  private:
    // A lost connection (the server restarted) is opened again between transactions, never
    // inside one: a transaction cut off is an error its caller sees.
    void reconnect_if_lost();
    void configure_session();

    PostgresStatement::Connection connection_;
    std::map<std::string, std::unique_ptr<PostgresStatement>, std::less<>> cache_;
    bool in_transaction_ = false;
};

// The channel every server LISTENs on for the others' changes (change_listener.h).
inline constexpr const char* kChangeChannel = "adjutant_changes";

// ?N (and a bare ?, numbered in order) to $N, outside quoted strings and identifiers.
std::string postgres_placeholders(std::string_view sql);

}  // namespace adjutant::storage
