// SPDX-License-Identifier: Apache-2.0
// The phase guidance's reminder window (docs/server.md, "Phase guidance"), on the service with
// a clock the test moves: a game with hour-long phases greeted its players with "Deadline
// near" the moment it started, since the window was mail.reminder_seconds (6 hours) whatever
// the phase's length. It is now at most the phase's last quarter.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "app/runtime.h"
#include "database_on_file.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "service/guidance.h"

namespace {

using adjutant::service::Guidance;

struct ClockedGame : adjutant::testing::DatabaseOnFile {
    explicit ClockedGame(std::int64_t movement_seconds) : DatabaseOnFile("guidance-window") {
        service = std::make_unique<adjutant::service::GameService>(*db, variants, "",
                                                                   [this] { return now; });
        adjutant::service::CreateGameRequest request;
        request.name = "guidance window";
        request.movement_seconds = movement_seconds;
        const auto created = service->create_game(request);
        id = created.id;
        // Every seat taken: the game starts, with its first deadline.
        for (const auto& seat : created.game.seats) {
            const auto grant = service->seats().join(id, seat.power, {seat.power, std::nullopt});
            if (seat.power == "France") france = grant.token;
        }
    }

    Guidance guidance() {
        const auto orders = service->orders().orders(service->authenticate(france), id);
        REQUIRE(orders.seats.size() == 1);
        return orders.seats.front().guidance;
    }

    std::int64_t now = 1'800'000'000;
    std::unique_ptr<adjutant::service::GameService> service;
    std::int64_t id = 0;
    std::string france;
};

}  // namespace

TEST_CASE("guidance: the reminder window is the phase's last quarter, at most reminder_seconds") {
    using adjutant::service::reminder_window;
    CHECK(reminder_window(6 * 3600, 3600) == 900);
    CHECK(reminder_window(6 * 3600, 86400) == 6 * 3600);
    CHECK(reminder_window(6 * 3600, 7 * 86400) == 6 * 3600);
    CHECK(reminder_window(6 * 3600, 0) == 6 * 3600);  // no length known: the mail's threshold
}

TEST_CASE("guidance: a game with hour-long phases is not 'near its deadline' when it starts") {
    ClockedGame game(3600);
    Guidance fresh = game.guidance();
    REQUIRE(fresh.deadline);
    CHECK(*fresh.deadline == game.now + 3600);
    CHECK(fresh.remind_from == *fresh.deadline - 900);
    CHECK_FALSE(fresh.remind);
    // Half an hour in, still not.
    game.now += 1800;
    CHECK_FALSE(game.guidance().remind);
    // Ten minutes before the deadline, with nothing ordered: reminded; ready with a unit left,
    // still; everything ordered and ready, no more.
    game.now = *fresh.deadline - 600;
    CHECK(game.guidance().remind);
    const auto france = game.service->authenticate(game.france);
    game.service->orders().submit(france, game.id, "A PAR-BUR\nA MAR-SPA", "api");
    game.service->orders().set_ready(france, game.id, true);
    Guidance partial = game.guidance();
    CHECK(partial.text == "2 of 3 units ordered, ready.");
    CHECK(partial.remind);
    game.service->orders().submit(france, game.id, "A PAR-BUR\nA MAR-SPA\nF BRE-MAO", "api");
    Guidance done = game.guidance();
    CHECK(done.text == "3 of 3 units ordered, ready.");
    CHECK_FALSE(done.remind);
}

TEST_CASE("guidance: a day-long phase keeps the 6-hour reminder") {
    ClockedGame game(86400);
    const Guidance fresh = game.guidance();
    REQUIRE(fresh.deadline);
    CHECK(fresh.remind_from == *fresh.deadline - 6 * 3600);
    CHECK_FALSE(fresh.remind);
    game.now = *fresh.deadline - 3600;
    CHECK(game.guidance().remind);
}
