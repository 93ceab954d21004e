// SPDX-License-Identifier: Apache-2.0
// Group commit (storage/group_sync.h): an answer only after a flush that began after the
// request, requests arriving together answered by one flush, a failed flush never reported
// as durable; the deferred transaction that feeds it; and the mail gateway's submissions,
// answered only after a flush.
#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/runtime.h"
#include "database_on_file.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "service/mail_service.h"
#include "storage/group_sync.h"
#include "storage/sqlite.h"

using adjutant::storage::Durability;
using adjutant::storage::GroupSync;

namespace {

// A flush the test holds inside until released, counting the flushes that began.
struct HeldFlush {
    std::atomic<int> begun{0};
    std::promise<void> first_begun;
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();

    GroupSync::Flush flush() {
        return [this] {
            if (++begun == 1) {
                first_begun.set_value();
                released.wait();
            }
            return true;
        };
    }
};

// Records which flush (by the number begun when it answered) answered each request.
struct Answers {
    std::mutex mutex;
    std::vector<int> by_flush;
    std::vector<bool> durable;
};

// A game whose France is played by mail, on a database file of its own (in WAL mode, as
// served), with `flush` standing in for the group commit's fdatasync.
struct MailGame : adjutant::testing::DatabaseOnFile {
    explicit MailGame(GroupSync::Flush flush) : DatabaseOnFile("group-sync-mail") {
        service = std::make_unique<adjutant::service::GameService>(*db, variants, "", nullptr,
                                                                   std::move(flush));
        adjutant::service::CreateGameRequest request;
        request.name = "mail";
        request.resolve_when_ready = false;
        id = service->create_game(request).id;
        token = service->join(id, "France", {"fred", "fred@player.test"}).token;
        address = service->mail().seat_address(id, "France", identity);
    }

    adjutant::service::MailRequest orders_mail(const std::string& message_id) const {
        adjutant::service::MailRequest request;
        request.sender = "fred@player.test";
        request.recipient = address;
        request.message_id = message_id;
        request.subject = "orders";
        request.body = "A PAR-BUR\nA MAR-SPA\n";
        request.raw = "From: fred@player.test\n\n" + request.body;
        return request;
    }
    // France's orders in force as the service reads them: committed, flushed or not.
    std::string france_orders() {
        const auto caller = service->authenticate(token);
        const auto seats = service->orders().orders(caller, id).seats;
        return seats.empty() || !seats[0].submitted ? "" : seats[0].submitted->text;
    }

    adjutant::service::MailIdentity identity;
    std::unique_ptr<adjutant::service::GameService> service;
    std::int64_t id = 0;
    std::string token;
    std::string address;
};

}  // namespace

TEST_CASE("group sync: a request made during a flush waits for the next flush") {
    HeldFlush held;
    Answers answers;
    GroupSync sync(held.flush());
    std::promise<void> second_answered;
    auto record = [&](bool ok) {
        std::lock_guard lock(answers.mutex);
        answers.by_flush.push_back(held.begun.load());
        answers.durable.push_back(ok);
        if (answers.by_flush.size() == 2) second_answered.set_value();
    };
    sync.after_commit(record);
    held.first_begun.get_future().wait();
    // Committed while the first flush runs: that flush may have started before this commit's
    // write, so it must not be the one that answers it.
    sync.after_commit(record);
    held.release.set_value();
    second_answered.get_future().wait();
    std::lock_guard lock(answers.mutex);
    CHECK(answers.by_flush == std::vector<int>{1, 2});
    CHECK(answers.durable == std::vector<bool>{true, true});
}

TEST_CASE("group sync: requests arriving together share one flush") {
    HeldFlush held;
    GroupSync sync(held.flush());
    std::promise<void> first;
    sync.after_commit([&](bool) { first.set_value(); });
    held.first_begun.get_future().wait();
    std::vector<std::thread> waiters;
    std::atomic<int> durable{0};
    for (int i = 0; i < 16; ++i) waiters.emplace_back([&] { durable += sync.wait() ? 1 : 0; });
    // All sixteen queue behind the held flush; none of them may be answered by it.
    while (sync.waiting() < 16) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    held.release.set_value();
    first.get_future().wait();
    for (auto& waiter : waiters) waiter.join();
    CHECK(durable == 16);
    CHECK(sync.flushes() == 2);  // the held one, then one for all sixteen
}

TEST_CASE("group sync: a failed flush is never reported durable") {
    GroupSync sync(GroupSync::Flush([] { return false; }));
    CHECK_FALSE(sync.wait());
}

TEST_CASE("a deferred transaction commits, and the connection is back at synchronous=FULL") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("adjutant-group-sync-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    {
        auto db = adjutant::app::open_database((dir / "test.db").string());
        CHECK(db->wal_path() == (dir / "test.db").string() + "-wal");
        db->exec("CREATE TABLE t (x INTEGER)");
        {
            adjutant::storage::Transaction transaction(*db, Durability::Deferred);
            db->prepare("INSERT INTO t VALUES (1)").run();
            transaction.commit();
        }
        auto& synchronous = db->prepare("PRAGMA synchronous");
        REQUIRE(synchronous.step());
        CHECK(synchronous.integer(0) == 2);  // FULL
        synchronous.reset();
        auto& count = db->prepare("SELECT count(*) FROM t");
        REQUIRE(count.step());
        CHECK(count.integer(0) == 1);
        count.reset();
        // The real flush of that WAL succeeds.
        GroupSync sync(db->wal_path());
        CHECK(sync.wait());
    }
    {
        adjutant::storage::SqliteDatabase memory(":memory:");
        CHECK(memory.wal_path().empty());
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("group sync: mailed orders are acknowledged only after a flush made outside the lock") {
    HeldFlush held;
    MailGame game(held.flush());
    auto delivered = std::async(std::launch::async, [&] {
        return game.service->mail().handle_mail(game.orders_mail("<m1@player.test>"),
                                                game.identity);
    });
    REQUIRE(held.first_begun.get_future().wait_for(std::chrono::seconds(10)) ==
            std::future_status::ready);
    // The flush began after the mail's commit (its orders are in force), and while it runs the
    // mail is not acknowledged, yet the service answers other calls: no lock is held across it.
    CHECK(game.france_orders() == "A PAR-BUR\nA MAR-SPA\n");
    CHECK(delivered.wait_for(std::chrono::milliseconds(50)) == std::future_status::timeout);
    held.release.set_value();
    CHECK(delivered.get().outcome == adjutant::service::MailOutcome::Applied);
    CHECK(held.begun >= 1);
}

TEST_CASE("group sync: a mail whose flush failed is neither delivered nor answered") {
    std::atomic<bool> disk_ok{false};
    MailGame game(GroupSync::Flush([&] { return disk_ok.load(); }));
    const auto mail = game.orders_mail("<m2@player.test>");
    // mail-in turns storage::Error into 75: the MTA keeps the mail and delivers it again.
    CHECK_THROWS_AS(game.service->mail().handle_mail(mail, game.identity),
                    adjutant::storage::Error);
    // The answer is queued in the outbox, but the sender is handed nothing while the flush fails.
    CHECK(game.service->mail().due(10).empty());
    disk_ok = true;
    // The redelivery finds the mail recorded and answers it again; both answers now go out.
    CHECK(game.service->mail().handle_mail(mail, game.identity).outcome ==
          adjutant::service::MailOutcome::Duplicate);
    CHECK(game.service->mail().due(10).size() == 2);
    CHECK(game.france_orders() == "A PAR-BUR\nA MAR-SPA\n");
}
