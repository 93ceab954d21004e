// SPDX-License-Identifier: Apache-2.0
#include "storage/postgres.h"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>

namespace adjutant::storage {

namespace {

// pg_advisory_xact_lock's key for schema changes: any constant all servers agree on.
constexpr const char* kSchemaLockKey = "7402116911";

using ResultPtr = std::unique_ptr<PGresult, decltype(&PQclear)>;

[[noreturn]] void fail(PGconn* conn, const PGresult* result, std::string_view what) {
    std::string message(what);
    message += ": ";
    const char* text = result ? PQresultErrorMessage(result) : PQerrorMessage(conn);
    message += (text && *text) ? text : PQerrorMessage(conn);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
        message.pop_back();
    throw Error(0, message);
}

void check(PGconn* conn, const PGresult* result, std::string_view what) {
    const auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(conn, result, what);
}

int rows_written(const PGresult* result) {
    const char* count = PQcmdTuples(const_cast<PGresult*>(result));
    return count && *count ? std::atoi(count) : 0;
}

// Notices (e.g. "relation already exists, skipping") are not errors; the session asks for
// warnings and above only, and those go to stderr like the server's other start-up messages.
void ignore_notice(void*, const char*) {}

}  // namespace

std::string postgres_placeholders(std::string_view sql) {
    std::string out;
    out.reserve(sql.size() + 8);
    int next = 0;
    char quote = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (quote) {
            out += c;
            if (c == quote) quote = 0;  // a doubled quote closes and reopens: same result
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            out += c;
            continue;
        }
        if (c != '?') {
            out += c;
            continue;
        }
        std::size_t end = i + 1;
        while (end < sql.size() && sql[end] >= '0' && sql[end] <= '9') ++end;
        out += '$';
        if (end == i + 1)
            out += std::to_string(++next);
        else
            out.append(sql.substr(i + 1, end - i - 1));
        i = end - 1;
    }
    return out;
}

PostgresStatement::PostgresStatement(Connection& connection, std::string name, std::string sql)
    : connection_(connection), name_(std::move(name)), sql_(std::move(sql)) {
    prepare_on_server();
}

PostgresStatement::~PostgresStatement() {
    PQclear(result_);
}

void PostgresStatement::prepare_on_server() {
    ResultPtr prepared(PQprepare(connection_.conn, name_.c_str(), sql_.c_str(), 0, nullptr),
                       &PQclear);
    check(connection_.conn, prepared.get(), sql_);
    ResultPtr described(PQdescribePrepared(connection_.conn, name_.c_str()), &PQclear);
    check(connection_.conn, described.get(), sql_);
    values_.assign(static_cast<std::size_t>(PQnparams(described.get())), std::nullopt);
    prepared_generation_ = connection_.generation;
}

void PostgresStatement::set(int index, std::optional<std::string> value) {
    if (result_) reset();
    if (index < 1 || static_cast<std::size_t>(index) > values_.size())
        throw Error(0, "bind: parameter " + std::to_string(index) + " out of range in " + sql_);
    values_[static_cast<std::size_t>(index - 1)] = std::move(value);
}

Statement& PostgresStatement::bind(int index, std::int64_t value) {
    set(index, std::to_string(value));
    return *this;
}

Statement& PostgresStatement::bind(int index, std::string_view value) {
    set(index, std::string(value));
    return *this;
}

Statement& PostgresStatement::bind_null(int index) {
    set(index, std::nullopt);
    return *this;
}

bool PostgresStatement::step() {
    if (!result_) {
        if (prepared_generation_ != connection_.generation) prepare_on_server();
        std::vector<const char*> values;
        values.reserve(values_.size());
        for (const auto& value : values_) values.push_back(value ? value->c_str() : nullptr);
        result_ = PQexecPrepared(connection_.conn, name_.c_str(), static_cast<int>(values.size()),
                                 values.data(), nullptr, nullptr, 0);
        check(connection_.conn, result_, sql_);
        connection_.changes = rows_written(result_);
        row_ = -1;
    }
    return ++row_ < PQntuples(result_);
}

void PostgresStatement::reset() {
    PQclear(result_);
    result_ = nullptr;
    row_ = -1;
    for (auto& value : values_) value.reset();
}

std::int64_t PostgresStatement::integer(int column) const {
    const char* value = PQgetvalue(result_, row_, column);
    const std::size_t length = static_cast<std::size_t>(PQgetlength(result_, row_, column));
    if (length == 1 && (*value == 't' || *value == 'f')) return *value == 't';  // a boolean
    std::int64_t number = 0;
    std::from_chars(value, value + length, number);
    return number;
}

std::string PostgresStatement::text(int column) const {
    return std::string(PQgetvalue(result_, row_, column),
                       static_cast<std::size_t>(PQgetlength(result_, row_, column)));
}

bool PostgresStatement::is_null(int column) const {
    return PQgetisnull(result_, row_, column) != 0;
}

PostgresDatabase::PostgresDatabase(const std::string& uri) {
    connection_.conn = PQconnectdb(uri.c_str());
    if (PQstatus(connection_.conn) != CONNECTION_OK) {
        // The URI may hold a password: the message names the server, not the URI.
        std::string message =
            std::string("cannot connect to PostgreSQL: ") + PQerrorMessage(connection_.conn);
        while (!message.empty() && message.back() == '\n') message.pop_back();
        PQfinish(connection_.conn);
        connection_.conn = nullptr;
        throw Error(0, message);
    }
    configure_session();
    // The version table, created by whichever server connects first.
    exec(std::string("BEGIN; SELECT pg_advisory_xact_lock(") + kSchemaLockKey +
         "); CREATE TABLE IF NOT EXISTS adjutant_schema_version (id INTEGER PRIMARY KEY "
         "CHECK (id = 1), version INTEGER NOT NULL); INSERT INTO adjutant_schema_version "
         "(id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING; COMMIT");
}

PostgresDatabase::~PostgresDatabase() {
    cache_.clear();
    PQfinish(connection_.conn);
}

void PostgresDatabase::configure_session() {
    PQsetNoticeProcessor(connection_.conn, ignore_notice, nullptr);
    // synchronous_commit: an acknowledged order must survive a crash of the database server;
    // only "off" would acknowledge a commit before it is flushed, so only "off" is raised
    // (remote_apply and the other stricter settings of a replicated site stay as they are).
    exec(
        "SET client_min_messages = warning; SET client_encoding = 'UTF8'; "
        "SET TIME ZONE 'UTC'");
    ResultPtr setting(PQexec(connection_.conn, "SHOW synchronous_commit"), &PQclear);
    check(connection_.conn, setting.get(), "SHOW synchronous_commit");
    if (std::string_view(PQgetvalue(setting.get(), 0, 0)) == "off")
        exec("SET synchronous_commit = on");
}

void PostgresDatabase::reconnect_if_lost() {
    if (in_transaction_ || PQstatus(connection_.conn) == CONNECTION_OK) return;
    PQreset(connection_.conn);
    if (PQstatus(connection_.conn) != CONNECTION_OK) fail(connection_.conn, nullptr, "reconnect");
    ++connection_.generation;
    configure_session();
}

void PostgresDatabase::exec(std::string_view sql) {
    const std::string copy(sql);
    ResultPtr result(PQexec(connection_.conn, copy.c_str()), &PQclear);
    check(connection_.conn, result.get(), copy.size() > 200 ? copy.substr(0, 200) : copy);
    connection_.changes = rows_written(result.get());
}

Statement& PostgresDatabase::prepare(std::string_view sql) {
    reconnect_if_lost();
    auto it = cache_.find(sql);
    if (it == cache_.end()) {
        // Appended, not "s" + to_string(): GCC 12 warns falsely (-Wrestrict) on the latter.
        std::string name = "s";
        name += std::to_string(cache_.size() + 1);
        auto statement = std::make_unique<PostgresStatement>(connection_, std::move(name),
                                                             postgres_placeholders(sql));
        it = cache_.emplace(std::string(sql), std::move(statement)).first;
    }
    it->second->reset();
    return *it->second;
}

std::int64_t PostgresDatabase::last_insert_id() {
    // The session's last value of any sequence: the INSERT just before, into a table whose id
    // is an identity column.
    const int changes = connection_.changes;
    auto& statement = prepare("SELECT lastval()");
    statement.step();
    const std::int64_t id = statement.integer(0);
    statement.reset();
    connection_.changes = changes;
    return id;
}

int PostgresDatabase::user_version() {
    auto& statement = prepare("SELECT version FROM adjutant_schema_version WHERE id = 1");
    const int version = statement.step() ? static_cast<int>(statement.integer(0)) : 0;
    statement.reset();
    return version;
}

void PostgresDatabase::set_user_version(int version) {
    auto& statement = prepare("UPDATE adjutant_schema_version SET version = ?1 WHERE id = 1");
    statement.bind(1, std::int64_t{version});
    statement.run();
}

void PostgresDatabase::lock_schema() {
    exec(std::string("SELECT pg_advisory_xact_lock(") + kSchemaLockKey + ")");
}

void PostgresDatabase::backup_to(const std::string&) {
    throw Error(0,
                "backup copies an SQLite file; back up a PostgreSQL database with pg_dump or "
                "a streaming replica (docs/deploy.md)");
}

// pg_notify rather than NOTIFY: the payload is a parameter, never spliced into the SQL. Inside
// a transaction the notification is sent when it commits, and not at all if it rolls back.
void PostgresDatabase::notify_change(std::string_view payload) {
    auto& statement = prepare(std::string("SELECT pg_notify('") + kChangeChannel + "', ?1)");
    statement.bind(1, payload);
    statement.run();
}

// Durability::Deferred needs nothing of its own: the commit is synchronous either way, and
// PostgreSQL already shares one WAL flush among transactions committing together.
void PostgresDatabase::begin(Durability) {
    reconnect_if_lost();
    exec("BEGIN");
    in_transaction_ = true;
}

void PostgresDatabase::commit() {
    // COMMIT of a transaction an error aborted answers "ROLLBACK", without an error: the
    // caller must hear that nothing was written.
    ResultPtr result(PQexec(connection_.conn, "COMMIT"), &PQclear);
    check(connection_.conn, result.get(), "COMMIT");
    if (std::string_view(PQcmdStatus(result.get())) != "COMMIT")
        throw Error(0, "COMMIT: the transaction was rolled back after an error");
    in_transaction_ = false;
}

void PostgresDatabase::rollback() noexcept {
    in_transaction_ = false;
    try {
        exec("ROLLBACK");
    } catch (const Error&) {
        // The connection may be gone; the server rolled the transaction back then.
    }
}

}  // namespace adjutant::storage
