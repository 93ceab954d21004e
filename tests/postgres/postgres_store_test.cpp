// SPDX-License-Identifier: Apache-2.0
// The storage layer on PostgreSQL, against the private cluster tests/postgres/cluster.py starts
// (ADJUTANT_TEST_POSTGRES_CLUSTER names its state file; without it every case fails, never
// skips): the migrations, transactions, the store's semantics shared with SQLite
// (store_cases.h), and the claims that let several servers share one database.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "app/runtime.h"
#include "service/game_service.h"
#include "storage/change_listener.h"
#include "storage/claims.h"
#include "storage/migrations.h"
#include "storage/postgres.h"
#include "storage/store.h"
#include "store_cases.h"

namespace {

using adjutant::storage::Backend;
using adjutant::storage::DueGameClaim;
using adjutant::storage::PostgresDatabase;
using adjutant::storage::Store;
using adjutant::storage::Transaction;

// A new, empty database of the cluster, by its URI.
std::string fresh_database() {
    const char* state_path = std::getenv("ADJUTANT_TEST_POSTGRES_CLUSTER");
    REQUIRE_MESSAGE(state_path != nullptr,
                    "ADJUTANT_TEST_POSTGRES_CLUSTER is not set: run through CTest, whose "
                    "fixture starts the private cluster");
    std::ifstream in(state_path);
    const auto state = nlohmann::json::parse(in);
    const std::string server = "postgresql://" + state.at("user").get<std::string>() + "@" +
                               state.at("host").get<std::string>() + ":" +
                               std::to_string(state.at("port").get<int>()) + "/";
    static int counter = 0;
    const std::string name =
        "adjutant_unit_" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
    PostgresDatabase admin(server + "postgres");
    admin.exec("CREATE DATABASE " + name);
    return server + name;
}

}  // namespace

TEST_CASE("postgres: migrations bring a new database to the latest version, once") {
    const auto uri = fresh_database();
    int applied = 0;
    {
        auto db = adjutant::app::open_database(uri, &applied);
        CHECK(db->backend() == Backend::PostgreSQL);
        CHECK(applied ==
              static_cast<int>(adjutant::storage::embedded_postgres_migrations().size()));
        CHECK(db->user_version() == adjutant::storage::latest_schema_version(Backend::PostgreSQL));
    }
    auto db = adjutant::app::open_database(uri, &applied);
    CHECK(applied == 0);
}

TEST_CASE("postgres: a schema newer than the binary is refused") {
    const auto uri = fresh_database();
    {
        auto db = adjutant::app::open_database(uri);
        db->set_user_version(adjutant::storage::latest_schema_version(Backend::PostgreSQL) + 1);
    }
    CHECK_THROWS_AS(adjutant::app::open_database(uri), adjutant::storage::Error);
}

TEST_CASE("postgres: a transaction rolls back unless committed; an aborted one cannot commit") {
    auto db = adjutant::app::open_database(fresh_database());
    Store store(*db);
    {
        Transaction transaction(*db);
        store.put_variant("x", "{}", 1);
    }
    CHECK(store.variants().empty());
    {
        Transaction transaction(*db);
        store.put_variant("x", "{}", 1);
        transaction.commit();
    }
    CHECK(store.variants().size() == 1);
    {
        Transaction transaction(*db);
        store.put_variant("y", "{}", 1);
        CHECK_THROWS_AS(db->exec("SELECT no_such_column FROM variants"), adjutant::storage::Error);
        // PostgreSQL answers COMMIT of an aborted transaction with a rollback, not an error.
        CHECK_THROWS_AS(transaction.commit(), adjutant::storage::Error);
    }
    CHECK(store.variants().size() == 1);
}

TEST_CASE("postgres: an acknowledged commit is synchronous") {
    auto db = adjutant::app::open_database(fresh_database());
    auto& setting = db->prepare("SHOW synchronous_commit");
    REQUIRE(setting.step());
    CHECK(setting.text(0) != "off");
    setting.reset();
    CHECK(db->wal_path().empty());  // nothing left for a GroupSync to flush
}

TEST_CASE("the store on PostgreSQL: games, seats and phases") {
    auto db = adjutant::app::open_database(fresh_database());
    Store store(*db);
    adjutant::store_cases::games_seats_and_phases(store);
}

TEST_CASE("the store on PostgreSQL: upserts and generated ids") {
    auto db = adjutant::app::open_database(fresh_database());
    Store store(*db);
    adjutant::store_cases::upserts_and_ids(store);
}

TEST_CASE("the store on PostgreSQL: accounts") {
    auto db = adjutant::app::open_database(fresh_database());
    Store store(*db);
    adjutant::store_cases::accounts(store);
}

TEST_CASE("the store on PostgreSQL: the outbox") {
    auto db = adjutant::app::open_database(fresh_database());
    Store store(*db);
    adjutant::store_cases::outbox(store);
}

TEST_CASE("postgres: two servers claim a due game once") {
    const auto uri = fresh_database();
    auto first = adjutant::app::open_database(uri);
    auto second = adjutant::app::open_database(uri);
    Store store(*first);
    const auto id = store.insert_game(adjutant::store_cases::sample_game("due", "h"));
    {
        DueGameClaim mine(*first, id, 2000);
        REQUIRE(mine.held());
        // The other server skips the row instead of waiting for it.
        DueGameClaim theirs(*second, id, 2000);
        CHECK_FALSE(theirs.held());
        auto game = *store.game(id);
        game.deadline = 5000;  // resolved: the next phase's deadline
        store.update_game(game);
        mine.commit();
    }
    // Read as due before the resolution, claimed after it: no longer due.
    DueGameClaim late(*second, id, 2000);
    CHECK_FALSE(late.held());
    {
        // A GM's resolve or an order submission holds the row too: the scheduler skips it.
        adjutant::storage::GameLock submission(*first, id);
        DueGameClaim busy(*second, id, 5005);
        CHECK_FALSE(busy.held());
    }
    DueGameClaim next(*second, id, 5005);
    CHECK(next.held());
}

TEST_CASE("postgres: two servers claim each outbox row once") {
    const auto uri = fresh_database();
    auto first = adjutant::app::open_database(uri);
    auto second = adjutant::app::open_database(uri);
    Store mine(*first);
    Store theirs(*second);
    const adjutant::storage::OutboxRow row{
        0, std::string("p@x"), std::string("s"), std::string("b"), std::string("{}"), 0};
    for (int i = 0; i < 5; ++i) mine.enqueue_mail(row, 100);
    const auto claimed = mine.mail_due(100, 3);
    CHECK(claimed.size() == 3);
    const auto rest = theirs.mail_due(100, 10);
    CHECK(rest.size() == 2);
    for (const auto& a : claimed)
        for (const auto& b : rest) CHECK(a.id != b.id);
    CHECK(theirs.mail_due(100, 10).empty());
    // A row its server never reported on (it died mid-send) is due again after the claim.
    CHECK(theirs.mail_due(100 + adjutant::storage::kMailClaimSeconds, 10).size() == 5);
}

namespace {

// What a listener heard, for the test to wait on (bounded).
class Heard {
  public:
    void add(std::string_view notice) {
        std::lock_guard lock(mutex_);
        notices_.emplace_back(notice);
        changed_.notify_all();
    }
    // The notices heard once `count` have arrived or 10 s have passed.
    std::vector<std::string> wait_for(std::size_t count) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, std::chrono::seconds(10), [&] { return notices_.size() >= count; });
        return notices_;
    }

  private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::string> notices_;
};

}  // namespace

TEST_CASE("postgres: a listener hears the notices of committed transactions only") {
    const auto uri = fresh_database();
    auto writer = adjutant::app::open_database(uri);
    Heard heard;
    adjutant::storage::ChangeListener listener(
        uri, [&heard](std::string_view notice) { heard.add(notice); });
    listener.start();
    // The first thing heard is the empty notice of a new connection: anything may have
    // changed before it.
    REQUIRE(heard.wait_for(1) == std::vector<std::string>{""});
    {
        Transaction rolled_back(*writer);
        writer->notify_change("a g1");
    }
    {
        Transaction committed(*writer);
        writer->notify_change("a g2");
        writer->notify_change("a v standard@g2");
        committed.commit();
    }
    writer->notify_change("a g3");  // outside a transaction: sent at once
    const auto notices = heard.wait_for(4);
    CHECK(notices == std::vector<std::string>{"", "a g2", "a v standard@g2", "a g3"});
    listener.stop();
}

TEST_CASE("postgres: a listener whose connection is cut connects again and says so") {
    const auto uri = fresh_database();
    auto admin = adjutant::app::open_database(uri);
    Heard heard;
    adjutant::storage::ChangeListener listener(
        uri, [&heard](std::string_view notice) { heard.add(notice); });
    listener.start();
    REQUIRE(heard.wait_for(1).size() == 1);
    // The database server ends the listener's session, as a restart of it would.
    admin->exec(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
        "current_database() AND pid <> pg_backend_pid()");
    // A new connection, and its empty notice, within the retry interval.
    const auto after_cut = heard.wait_for(2);
    CHECK(after_cut == std::vector<std::string>{"", ""});
    admin->notify_change("b g7");
    CHECK(heard.wait_for(3) == std::vector<std::string>{"", "", "b g7"});
    listener.stop();
}

// Two servers' services on one database, and no listener: the second never hears a notice, so
// only the revision check before a cached view is served keeps it from serving the old one.
TEST_CASE("postgres: a cached view follows another server's write before any notice") {
    const auto uri = fresh_database();
    auto first_db = adjutant::app::open_database(uri);
    auto second_db = adjutant::app::open_database(uri);
    adjutant::service::VariantRegistry first_variants;
    adjutant::service::VariantRegistry second_variants;
    REQUIRE(first_variants.load_directory(ADJUTANT_SOURCE_DIR "/config/variants").empty());
    REQUIRE(second_variants.load_directory(ADJUTANT_SOURCE_DIR "/config/variants").empty());
    adjutant::service::GameService first(*first_db, first_variants, "");
    adjutant::service::GameService second(*second_db, second_variants, "");
    adjutant::service::CreateGameRequest request;
    request.name = "shared";
    const std::int64_t game_id = first.create_game(request).id;

    const auto rendered = second.views().game_view(adjutant::service::Viewer{}, game_id);
    CHECK(second.views().game_view(adjutant::service::Viewer{}, game_id) ==
          rendered);  // the same object: a hit
    const auto history = second.views().history_view(game_id);
    CHECK(second.views().history_view(game_id) == history);

    first.join(game_id, "France", {"f", std::nullopt});
    const auto after_join = second.views().game_view(adjutant::service::Viewer{}, game_id);
    CHECK(after_join->etag != rendered->etag);
    CHECK(after_join->revision > rendered->revision);
    const auto& seats = after_join->document.seats;
    CHECK(std::any_of(seats.begin(), seats.end(),
                      [](const auto& seat) { return seat.player == "f"; }));
    CHECK(second.views().game_view(adjutant::service::Viewer{}, game_id) ==
          after_join);  // cached again, and a hit
    CHECK(after_join->etag == first.views().game_view(adjutant::service::Viewer{}, game_id)->etag);
    CHECK(second.views().history_view(game_id)->etag != history->etag);
}
