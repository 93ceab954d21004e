// SPDX-License-Identifier: Apache-2.0
// Storage: migrations, the refusal to open a newer schema, the connection settings, and the
// store's semantics on SQLite (store_cases.h; the PostgreSQL run is tests/postgres).
#include <doctest/doctest.h>

#include <algorithm>

#include <cstdio>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "app/runtime.h"
#include "storage/audit_details.h"
#include "storage/migrations.h"
#include "storage/open.h"
#include "storage/postgres.h"
#include "storage/sqlite.h"
#include "storage/store.h"
#include "store_cases.h"

namespace {

std::string temp_db(const char* name) {
    auto path = std::filesystem::temp_directory_path() /
                (std::string("adjutant-storage-test-") + name + ".db");
    std::filesystem::remove(path);
    std::filesystem::remove(path.string() + "-wal");
    std::filesystem::remove(path.string() + "-shm");
    return path.string();
}

}  // namespace

TEST_CASE("migrations bring a new database to the latest version, once") {
    const auto path = temp_db("migrate");
    int applied = 0;
    {
        auto db = adjutant::app::open_database(path, &applied);
        // Every migration once: counted, not read off the latest number, because migration
        // numbers may have a gap while branches that each add one are merged.
        CHECK(applied == static_cast<int>(adjutant::storage::embedded_migrations().size()));
        CHECK(db->user_version() == adjutant::storage::latest_schema_version());
        auto& journal = db->prepare("PRAGMA journal_mode");
        REQUIRE(journal.step());
        CHECK(journal.text(0) == "wal");
        journal.reset();
        auto& keys = db->prepare("PRAGMA foreign_keys");
        REQUIRE(keys.step());
        CHECK(keys.integer(0) == 1);
        keys.reset();
    }
    auto db = adjutant::app::open_database(path, &applied);
    CHECK(applied == 0);
}

TEST_CASE("a schema newer than the binary is refused") {
    const auto path = temp_db("newer");
    {
        auto db = adjutant::app::open_database(path);
        db->set_user_version(adjutant::storage::latest_schema_version() + 1);
    }
    CHECK_THROWS_AS(adjutant::app::open_database(path), adjutant::storage::Error);
}

TEST_CASE("a transaction rolls back unless committed") {
    auto db = adjutant::app::open_database(":memory:");
    adjutant::storage::Store store(*db);
    {
        adjutant::storage::Transaction transaction(*db);
        store.put_variant("x", "{}", 1);
    }
    CHECK(store.variants().empty());
    {
        adjutant::storage::Transaction transaction(*db);
        store.put_variant("x", "{}", 1);
        transaction.commit();
    }
    CHECK(store.variants().size() == 1);
}

TEST_CASE("a duplicate inbound Message-ID is recognised") {
    auto db = adjutant::app::open_database(":memory:");
    adjutant::storage::Store store(*db);
    CHECK(store.record_inbound("<a@x>", "p@x", std::nullopt, std::nullopt, "body", "ignored", 1));
    CHECK_FALSE(
        store.record_inbound("<a@x>", "p@x", std::nullopt, std::nullopt, "body", "ignored", 2));
}

TEST_CASE("migration 007 keeps the games created before under their old rules") {
    // Their players joined without automatic extensions or civil disorder: the migration must
    // not switch either on under them, while a game created after gets the defaults.
    adjutant::storage::SqliteDatabase db(":memory:");
    for (const auto& migration : adjutant::storage::embedded_migrations())
        if (migration.version < 7) db.exec(migration.sql);
    db.set_user_version(6);
    db.exec(
        "INSERT INTO games (name, variant, status, gm_token_hash, seed, seed_commitment, "
        "movement_seconds, retreat_seconds, adjustment_seconds, grace_seconds, missing_policy, "
        "resolve_when_ready, created_at) VALUES ('old', 'standard', 'active', 'h', 0, 'c', 1, 1, "
        "1, 0, 'hold', 1, 0)");
    const auto id = db.last_insert_id();
    adjutant::storage::Store store(db);
    // Every migration after 006 once (counted: the numbers may have a gap while branches merge).
    const auto& all = adjutant::storage::embedded_migrations();
    const auto later = std::count_if(all.begin(), all.end(),
                                     [](const auto& migration) { return migration.version > 6; });
    CHECK(adjutant::storage::migrate(db) == static_cast<int>(later));
    const auto old = store.attendance().settings(id);
    CHECK(old.extensions_per_player == 0);
    CHECK(old.civil_disorder_after == 0);
    CHECK_FALSE(old.extension_seconds.has_value());
    CHECK_FALSE(old.gm_email.has_value());
    CHECK(store.attendance().settings(id + 1).extensions_per_player == 1);  // no row: defaults
}

TEST_CASE("the store on SQLite: games, seats and phases") {
    auto db = adjutant::app::open_database(":memory:");
    adjutant::storage::Store store(*db);
    adjutant::store_cases::games_seats_and_phases(store);
}

TEST_CASE("the store on SQLite: upserts and generated ids") {
    auto db = adjutant::app::open_database(":memory:");
    adjutant::storage::Store store(*db);
    adjutant::store_cases::upserts_and_ids(store);
}

TEST_CASE("the store on SQLite: the outbox") {
    auto db = adjutant::app::open_database(":memory:");
    adjutant::storage::Store store(*db);
    adjutant::store_cases::outbox(store);
}

TEST_CASE("PostgreSQL placeholders: ?N becomes $N outside quotes") {
    using adjutant::storage::postgres_placeholders;
    CHECK(postgres_placeholders("SELECT a FROM t WHERE b = ?1 AND c = ?12") ==
          "SELECT a FROM t WHERE b = $1 AND c = $12");
    CHECK(postgres_placeholders("SELECT '?1', \"a?\" FROM t WHERE x = ? AND y = ?") ==
          "SELECT '?1', \"a?\" FROM t WHERE x = $1 AND y = $2");
    CHECK(postgres_placeholders("SELECT 'it''s ?' WHERE x = ?2") ==
          "SELECT 'it''s ?' WHERE x = $2");
}

TEST_CASE("a postgresql:// or postgres:// database is PostgreSQL, anything else a file") {
    using adjutant::storage::is_postgres_uri;
    CHECK(is_postgres_uri("postgresql://u@127.0.0.1:5432/adjutant"));
    CHECK(is_postgres_uri("postgres:///adjutant"));
    CHECK_FALSE(is_postgres_uri("data/adjutant.db"));
    CHECK_FALSE(is_postgres_uri(":memory:"));
}

TEST_CASE("a printed PostgreSQL database leaves its password out") {
    using adjutant::storage::printable_database;
    CHECK(printable_database("postgresql://u:secret@db:5432/adjutant") ==
          "postgresql://u@db:5432/adjutant");
    CHECK(printable_database("postgres://db/adjutant?password=secret&sslmode=require") ==
          "postgres://db/adjutant");
    CHECK(printable_database("postgresql://u@[::1]:5432/a") == "postgresql://u@[::1]:5432/a");
    CHECK(printable_database("data/adjutant.db") == "data/adjutant.db");
}

TEST_CASE("a module's audited GM input: written beside its phase, read back for replay") {
    using adjutant::storage::decode_gm_input_audit;
    using adjutant::storage::encode_gm_input_audit;
    using adjutant::storage::gm_input_text;
    const nlohmann::json record = {{"provinces", {"LIE", "NAM"}}};
    const std::string detail = encode_gm_input_audit(record, "1914W33M", 4);
    CHECK(detail == R"({"phase":"1914W33M","provinces":["LIE","NAM"],"seq":4})");
    const auto audited = decode_gm_input_audit(detail);
    REQUIRE(audited);
    CHECK(audited->seq == 4);
    CHECK(audited->record == gm_input_text(record));
    CHECK(audited->record == R"({"provinces":["LIE","NAM"]})");
    // A detail of another form is not a module's input.
    CHECK_FALSE(decode_gm_input_audit("{}"));
    CHECK_FALSE(decode_gm_input_audit(R"({"seq": "4"})"));
    CHECK_FALSE(decode_gm_input_audit("not json"));
    // The clock actions' typed details, as they were written before they were typed.
    using adjutant::storage::AuditValue;
    CHECK(adjutant::storage::encode_audit_details({}) == "{}");
    CHECK(adjutant::storage::encode_audit_details({{"winner", AuditValue(nullptr)}}) ==
          R"({"winner":null})");
    CHECK(adjutant::storage::encode_audit_details({{"seconds", std::int64_t{3600}}}) ==
          R"({"seconds":3600})");
}
