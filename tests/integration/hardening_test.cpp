// SPDX-License-Identifier: Apache-2.0
// Robustness (docs/security.md), below the HTTP tests: UTF-8 checking with its position, the
// phase guard in the store, the one-server lock, and a game from before 256-bit seeds through
// migration 004.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "app/runtime.h"
#include "http/json_text.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/text.h"
#include "storage/migrations.h"
#include "storage/sqlite.h"
#include "storage/store.h"

using namespace adjutant;

TEST_CASE("UTF-8 problems are found with their line, byte and offset") {
    CHECK_FALSE(service::find_invalid_utf8("A PAR-BUR\nvoici mes ordres pour l'été\n€ 𝄞"));
    const auto latin1 = service::find_invalid_utf8("A PAR-BUR\nA MAR-SPA \xe9t\xe9");
    REQUIRE(latin1);
    CHECK(latin1->line == 2);
    CHECK(latin1->byte == 11);
    CHECK(latin1->offset == 20);
    CHECK(latin1->value == 0xE9);
    CHECK(service::describe(*latin1) ==
          "line 2, byte 11 (offset 20): byte 0xE9 is not valid UTF-8");
    for (const char* bad : {"\xc0\xaf",          // overlong '/'
                            "\xe0\x80\xaf",      // overlong, three bytes
                            "\xed\xa0\x80",      // a UTF-16 surrogate
                            "\xf4\x90\x80\x80",  // past U+10FFFF
                            "\xf8\x88\x80\x80\x80", "\xff", "\xc3", "\xe2\x82"})
        CHECK(service::find_invalid_utf8(bad));
    // json_text never throws on such bytes: they become U+FFFD.
    const nlohmann::json doc = {{"path", "/\xff"}};
    CHECK_THROWS(doc.dump());
    CHECK(http::json_text(doc) == "{\"path\":\"/\xef\xbf\xbd\"}");
}

TEST_CASE("the store resolves a phase once: the guard inside the transaction") {
    auto db = app::open_database(":memory:");
    storage::Store store(*db);
    // The rows are built from strings, not assigned literals: GCC 12 sees a false overlap in
    // std::string::operator=(const char*) inlined here (-Wrestrict, -Wmaybe-uninitialized),
    // which -Werror builds must not stop on.
    storage::GameRow game;
    game.name = std::string("g");
    game.variant = std::string("standard");
    game.gm_token_hash = std::string("h");
    game.seed_commitment = std::string("c");
    const auto id = store.insert_game(game);
    storage::PhaseRow phase;
    phase.game_id = id;
    phase.phase = std::string("S1901M");
    phase.position = std::string("{}");
    phase.prev_hash = std::string("0");
    store.insert_phase(phase);
    phase.orders = std::string("[]");
    phase.results = std::string("{}");
    phase.hash = std::string("x");
    phase.resolved_at = 1;
    CHECK(store.resolve_phase(phase));
    CHECK_FALSE(store.resolve_phase(phase));  // resolved already
    storage::PhaseRow next = phase;
    next.seq = 1;
    next.resolved_at.reset();
    store.insert_phase(next);
    phase.resolved_at.reset();
    CHECK_FALSE(store.resolve_phase(phase));  // not the newest phase
}

TEST_CASE("one server per database: the lock refuses a second holder until released") {
    const auto dir = std::filesystem::temp_directory_path() / "adjutant-lock-test";
    std::filesystem::remove_all(dir);
    const std::string database = (dir / "adjutant.db").string();
    std::string error;
    auto first = app::DatabaseLock::acquire(database, error);
    REQUIRE(first);
    CHECK(std::filesystem::exists(database + ".lock"));
    CHECK_FALSE(app::DatabaseLock::acquire(database, error));
    CHECK(error.find("already using " + database) != std::string::npos);
    CHECK(error.find("pid ") != std::string::npos);
    first.reset();
    CHECK(app::DatabaseLock::acquire(database, error));
    std::filesystem::remove_all(dir);
}

TEST_CASE("a game from before 256-bit seeds keeps its 64-bit seed through migration 004") {
    const auto path = (std::filesystem::temp_directory_path() / "adjutant-legacy-seed.db").string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    service::crypto_init();
    {
        storage::SqliteDatabase db(path);
        for (const auto& migration : storage::embedded_migrations()) {
            if (migration.version > 3) break;
            db.exec(migration.sql);
            db.set_user_version(migration.version);
        }
        db.exec(
            "INSERT INTO games (name, variant, status, gm_token_hash, seed, seed_commitment, "
            "movement_seconds, retreat_seconds, adjustment_seconds, grace_seconds, "
            "missing_policy, resolve_when_ready, created_at) VALUES ('old', 'standard', 'active', "
            "'h', -8570200863586094827, 'c', 1, 1, 1, 0, 'hold', 1, 0)");
    }
    int applied = 0;
    auto db = app::open_database(path, &applied);
    // Every migration after 003 once (counted: the numbers may have a gap while branches merge).
    const auto later =
        std::count_if(storage::embedded_migrations().begin(), storage::embedded_migrations().end(),
                      [](const auto& migration) { return migration.version > 3; });
    CHECK(applied == static_cast<int>(later));
    storage::Store store(*db);
    const auto games = store.games();
    REQUIRE(games.size() == 1);
    CHECK_FALSE(games[0].seed_hex);
    const DiceSeed seed = service::dice_seed(games[0]);
    CHECK(seed.version() == 1);
    CHECK(seed.text() == "9876543210123456789");
    // A new game's seed: 64 hex digits whose commitment is the SHA-256 of their 32 bytes.
    const std::string fresh = service::random_seed_hex();
    CHECK(fresh.size() == 64);
    CHECK(service::seed_commitment_hex(std::string(64, '0')) ==
          "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    storage::GameRow row = games[0];
    row.seed_hex = fresh;
    CHECK(service::dice_seed(row).version() == 2);
    CHECK(service::dice_seed(row).text() == fresh);
}
