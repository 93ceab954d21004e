// SPDX-License-Identifier: Apache-2.0
// The account service (service/account_service.h) on a real SQLite file with a clock the test
// moves: a sign-in link works once, in time, in its own browser; an account acts as the seat it
// holds and as nothing else; the CSRF token belongs to its session; the sign-in limits.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <regex>
#include <string>

#include "app/runtime.h"
#include "database_on_file.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "storage/store.h"

namespace {

using adjutant::service::ApiError;
using adjutant::service::Role;

struct Accounts : adjutant::testing::DatabaseOnFile {
    Accounts() : DatabaseOnFile("accounts") {
        service = std::make_unique<adjutant::service::GameService>(*db, variants, "",
                                                                   [this] { return now; });
        adjutant::service::AccountSettings settings;
        settings.mail.web_url = "https://judge.example.org";
        settings.sign_ins_per_hour_per_email = 3;
        settings.sign_ins_per_hour_per_address = 0;
        service->accounts().configure(settings);
    }
    // The token of the newest link mailed to `email`, read from the outbox.
    std::string mailed_token(const std::string& email) {
        adjutant::storage::Store store(*db);
        const auto due = store.mail_due(now + 1, 100);
        std::string token;
        for (const auto& row : due) {
            std::smatch match;
            if (row.recipient == email &&
                std::regex_search(row.body, match, std::regex("#/sign-in\\?token=(\\S+)")))
                token = match[1];
        }
        return token;
    }
    int status_of(const std::function<void()>& call) {
        try {
            call();
        } catch (const ApiError& error) {
            return error.status();
        }
        return 0;
    }

    std::unique_ptr<adjutant::service::GameService> service;
    std::int64_t now = 1'000'000;
};

}  // namespace

TEST_CASE("accounts: a sign-in link works once, in time, in the browser that asked") {
    Accounts a;
    auto& accounts = a.service->accounts();
    const auto started = accounts.request_sign_in("Ann@Example.org", "192.0.2.1");
    const std::string token = a.mailed_token("ann@example.org");
    REQUIRE(!token.empty());
    // Another browser: refused, and the link is not spent.
    CHECK(a.status_of([&] { accounts.confirm_link(token, "bind_other"); }) == 403);
    CHECK(a.status_of([&] { accounts.confirm_link(token, ""); }) == 403);
    const auto confirmed = accounts.confirm_link(token, started.binding);
    REQUIRE(confirmed.signed_in);
    CHECK(confirmed.signed_in->created);
    CHECK(confirmed.signed_in->account.email == "ann@example.org");
    CHECK(a.status_of([&] { accounts.confirm_link(token, started.binding); }) == 410);
    const auto id = accounts.session_account(confirmed.signed_in->session);
    CHECK(id == confirmed.signed_in->account.id);

    // Late: the clock passes the link's 15 minutes.
    const auto again = accounts.request_sign_in("ann@example.org", "192.0.2.1");
    const std::string late = a.mailed_token("ann@example.org");
    REQUIRE(late != token);
    a.now += 15 * 60;
    CHECK(a.status_of([&] { accounts.confirm_link(late, again.binding); }) == 410);
    CHECK(a.status_of([&] { accounts.confirm_link("link_unknown", again.binding); }) == 404);

    // A second sign-in of the address finds its account.
    const auto third = accounts.request_sign_in("ann@example.org", "192.0.2.1");
    const auto in = accounts.confirm_link(a.mailed_token("ann@example.org"), third.binding);
    REQUIRE(in.signed_in);
    CHECK_FALSE(in.signed_in->created);
    CHECK(in.signed_in->account.id == *id);

    // The fourth request of the hour is over the address's limit of 3.
    CHECK(a.status_of([&] { accounts.request_sign_in("ann@example.org", ""); }) == 429);
    a.now += 3600;
    CHECK(a.status_of([&] { accounts.request_sign_in("ann@example.org", ""); }) == 0);

    // Sessions end at sign-out and at their expiry.
    accounts.sign_out(confirmed.signed_in->session);
    CHECK_FALSE(accounts.session_account(confirmed.signed_in->session));
    a.now += accounts.settings().session_seconds;
    CHECK_FALSE(accounts.session_account(in.signed_in->session));
}

TEST_CASE("accounts: an account acts as the seat it holds, in that game only") {
    Accounts a;
    auto& accounts = a.service->accounts();
    adjutant::service::CreateGameRequest request;
    request.name = "held";
    const auto game = a.service->create_game(request).id;
    const auto other = a.service->create_game(request).id;
    const auto france = a.service->join(game, "France", {std::string("fred"), std::nullopt});
    const auto england = a.service->join(game, "England", {std::string("eve"), std::nullopt});
    const auto started = accounts.request_sign_in("fred@example.org", "");
    const auto account = accounts.confirm_link(a.mailed_token("fred@example.org"), started.binding)
                             .signed_in->account.id;

    CHECK(accounts.caller_for(account, game).role == Role::Account);
    CHECK(a.status_of([&] { accounts.claim(account, game, "France", england.token); }) == 403);
    CHECK(a.status_of([&] { accounts.claim(account, game, "France", ""); }) == 401);
    accounts.claim(account, game, "france", france.token);
    const auto caller = accounts.caller_for(account, game);
    CHECK(caller.role == Role::Player);
    CHECK(caller.game_id == game);
    CHECK(caller.power == "France");
    CHECK(accounts.caller_for(account, other).role == Role::Account);
    CHECK(accounts.caller_for(account, 0).role == Role::Account);
    CHECK(a.status_of([&] { accounts.claim(account, game, "England", england.token); }) == 409);

    const auto games = accounts.my_games(account);
    REQUIRE(games.size() == 1);
    CHECK(games[0].power == "France");
    CHECK_FALSE(games[0].orders_in);

    // An account API token: the account's, until revoked.
    const auto token = accounts.create_token(account, "bot");
    CHECK(token.token.rfind("acct_", 0) == 0);
    CHECK(accounts.token_account(token.token) == account);
    CHECK(accounts.list_tokens(account)[0].token.empty());
    accounts.revoke_token(account, token.id);
    CHECK_FALSE(accounts.token_account(token.token));
    CHECK(a.status_of([&] { accounts.revoke_token(account, token.id); }) == 404);

    // The audit records the claim in the game, the tokens outside any game.
    adjutant::storage::Store store(*a.db);
    bool claimed = false;
    for (const auto& row : store.audit_log(game))
        claimed =
            claimed || (row.action == "claim" && row.actor == "account:" + std::to_string(account));
    CHECK(claimed);
}

TEST_CASE("accounts: the CSRF token is the session's") {
    using adjutant::service::AccountService;
    const auto token = AccountService::csrf_token("sess_one");
    CHECK(token != AccountService::csrf_token("sess_two"));
    CHECK_NOTHROW(AccountService::require_csrf("sess_one", token));
    CHECK_THROWS_AS(AccountService::require_csrf("sess_two", token), ApiError);
    CHECK_THROWS_AS(AccountService::require_csrf("sess_one", ""), ApiError);
}

TEST_CASE("accounts: a time zone is an IANA name") {
    using adjutant::service::AccountService;
    CHECK_NOTHROW(AccountService::require_time_zone("UTC"));
    if (std::filesystem::exists("/usr/share/zoneinfo/Europe/Paris"))
        CHECK_NOTHROW(AccountService::require_time_zone("Europe/Paris"));
    for (const char* bad : {"", "Mars/Olympus", "../etc/passwd", "/etc/passwd", "Europe/"})
        CHECK_THROWS_AS(AccountService::require_time_zone(bad), ApiError);
}

TEST_CASE("accounts: reliability is counted from the record of the seats held") {
    Accounts a;
    auto& accounts = a.service->accounts();
    adjutant::service::CreateGameRequest request;
    request.name = "reliable";
    const auto kept = a.service->create_game(request).id;
    const auto left = a.service->create_game(request).id;
    const auto france = a.service->join(kept, "France", {std::string("fred"), std::nullopt});
    a.service->join(left, "Italy", {std::string("fred"), std::nullopt});
    const auto started = accounts.request_sign_in("fred@example.org", "");
    const auto account = accounts.confirm_link(a.mailed_token("fred@example.org"), started.binding)
                             .signed_in->account.id;
    accounts.claim(account, kept, "France", france.token);

    // Nothing counted yet: no percentage, no average.
    auto none = accounts.reliability(account);
    CHECK(none.phases_on_time == 0);
    CHECK_FALSE(none.percent);
    CHECK_FALSE(none.average_submit_seconds);
    CHECK(a.status_of([&] { accounts.reliability(account + 99); }) == 404);

    // The scripted record: phases 10 to 14 of `kept`, the first resolved at 5000, each next
    // 1000 later. France ordered 10 (no start known), 11 (300 s in) and 14 (500 s in), missed
    // 12 and went into civil disorder at 13. A phase resolved early writes no row.
    for (int seq = 9; seq <= 14; ++seq)
        a.db->exec(
            "INSERT INTO phases (game_id, seq, phase, position, prev_hash, resolved_at) "
            "VALUES (" +
            std::to_string(kept) + ", " + std::to_string(seq) + ", 'X', '{}', '', " +
            std::to_string(5000 + (seq - 10) * 1000) + ")");
    const auto order = [&](int seq, std::int64_t at) {
        a.db->exec(
            "INSERT INTO orders (game_id, seq, power, text, verdicts, source, "
            "submitted_at) VALUES (" +
            std::to_string(kept) + ", " + std::to_string(seq) + ", 'France', '', '[]', " +
            "'web', " + std::to_string(at) + ")");
    };
    order(11, 5000 + 300);
    order(14, 8000 + 500);
    adjutant::storage::Store store(*a.db);
    auto rows = store.accounts();
    rows.record_phase(account, kept, 10, "France", "on_time");
    rows.record_phase(account, kept, 11, "France", "on_time");
    rows.record_phase(account, kept, 12, "France", "missed");
    rows.record_phase(account, kept, 13, "France", "civil_disorder");
    rows.record_phase(account, kept, 14, "France", "on_time");
    // Another account's phases are not this one's.
    a.db->exec("INSERT INTO accounts (email, created_at) VALUES ('eve@example.org', 1)");
    rows.record_phase(rows.account_by_email("eve@example.org")->id, kept, 14, "England", "missed");
    // Italy in `left` was handed to another player before the end; `kept` ended with France.
    rows.record_left(account, left, "Italy", 9000);
    a.db->exec("UPDATE games SET status = 'ended' WHERE id = " + std::to_string(kept));

    const auto r = accounts.reliability(account);
    CHECK(r.phases_on_time == 3);
    CHECK(r.phases_missed == 2);
    CHECK(r.civil_disorders == 1);
    CHECK(r.games_finished == 1);
    CHECK(r.games_abandoned == 1);
    CHECK(r.percent == 60);
    CHECK(r.average_submit_seconds == 400);
}
