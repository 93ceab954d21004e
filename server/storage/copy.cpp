// SPDX-License-Identifier: Apache-2.0
#include "storage/copy.h"

#include <algorithm>
#include <array>

#include "storage/statements.h"

namespace adjutant::storage {

namespace {

// Parents before children, so every foreign key finds its row.
constexpr std::array kTables{
    "games",
    "variants",
    "seats",
    "phases",
    "orders",
    "audit",
    "mail_outbox",
    "mail_inbox",
    "mail_secret",
    "mail_notices",
    "press_rules",
    "press",
    "press_recipients",
    "press_reads",
    "draw_proposals",
    "draw_votes",
    "missing_orders_settings",
    "seat_attendance",
    "deadline_extensions",
    "absence_settings",
    "absences",
    "absence_grants",
    "absence_moves",
    "accounts",
    "account_links",
    "account_sessions",
    "account_tokens",
    "seat_accounts",
    "account_phases",
    "account_seats_left",
    "reliability_settings",
    "power_assignment",
    "join_list",
    "observers",
};

std::string text_of(const Statement& s) {
    return s.text(0);
}

std::int64_t count_rows(Database& db, const std::string& table) {
    // Table names come from kTables, never from input.
    return statements::query_one(db, "SELECT count(*) FROM " + table,
                                 [](const Statement& s) { return s.integer(0); })
        .value_or(0);
}

std::vector<std::string> source_tables(SqliteDatabase& from) {
    return statements::query_all(from,
                                 "SELECT name FROM sqlite_master WHERE type = 'table' AND name "
                                 "NOT LIKE 'sqlite_%' ORDER BY name",
                                 text_of);
}

std::vector<std::string> source_columns(SqliteDatabase& from, const std::string& table) {
    return statements::query_all(from, "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
                                 text_of, table);
}

std::vector<std::string> target_columns(PostgresDatabase& to, const std::string& table) {
    return statements::query_all(to,
                                 "SELECT column_name FROM information_schema.columns WHERE "
                                 "table_schema = current_schema() AND table_name = ?1",
                                 text_of, table);
}

void copy_table(SqliteDatabase& from, PostgresDatabase& to, const std::string& table,
                const std::vector<std::string>& columns) {
    std::string names;
    std::string values;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        names += (i ? ", " : "") + columns[i];
        values += (i ? ", ?" : "?") + std::to_string(i + 1);
    }
    Statement& read = from.prepare("SELECT " + names + " FROM " + table);
    statements::ResetOnExit reset_read(read);
    Statement& write =
        to.prepare("INSERT INTO " + table + " (" + names + ") VALUES (" + values + ")");
    while (read.step()) {
        // Values travel as text either way: PostgreSQL reads each in its column's type.
        for (int c = 0; c < static_cast<int>(columns.size()); ++c) {
            if (read.is_null(c))
                write.bind_null(c + 1);
            else
                write.bind(c + 1, read.text(c));
        }
        write.run();
    }
}

// An identity column continues after the copied ids.
void continue_identity(PostgresDatabase& to, const std::string& table) {
    to.exec("SELECT setval(s, (SELECT coalesce(max(id), 0) + 1 FROM " + table +
            "), false) FROM (SELECT pg_get_serial_sequence('" + table +
            "', 'id') AS s) q WHERE s IS NOT NULL");
}

}  // namespace

CopyCounts copy_sqlite_to_postgres(SqliteDatabase& from, PostgresDatabase& to) {
    for (const auto& table : source_tables(from))
        if (std::find(kTables.begin(), kTables.end(), table) == kTables.end())
            throw Error(0, "the SQLite database has a table this binary cannot copy: " + table);
    Transaction transaction(to);
    CopyCounts counts;
    for (const std::string table : kTables) {
        if (count_rows(to, table) != 0)
            throw Error(0, "the target database is not empty: " + table + " has rows");
        const auto columns = source_columns(from, table);
        const auto target = target_columns(to, table);
        for (const auto& column : columns)
            if (std::find(target.begin(), target.end(), column) == target.end())
                throw Error(0, "the target's " + table + " has no column " + column);
        copy_table(from, to, table, columns);
        if (std::find(columns.begin(), columns.end(), "id") != columns.end())
            continue_identity(to, table);
        const auto copied = count_rows(to, table);
        if (copied != count_rows(from, table))
            throw Error(0, "copy of " + table + " is incomplete");
        counts.emplace_back(table, copied);
    }
    transaction.commit();
    return counts;
}

}  // namespace adjutant::storage
