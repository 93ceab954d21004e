// SPDX-License-Identifier: Apache-2.0
// The Store's semantics, as one set of checks each backend must pass: storage_test.cpp runs it
// on SQLite, tests/postgres/postgres_store_test.cpp on a private PostgreSQL cluster. What the
// two must agree on is what the server relies on: 64-bit values, NULLs, byte-order sorting,
// upserts, the resolve guard, generated ids and the flags compared as integers.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "storage/store.h"

namespace adjutant::store_cases {

// Strings are moved in, never copied from literals: GCC 12 at -O3 warns falsely (-Wrestrict)
// about assigning a literal to a std::string member.
inline storage::GameRow sample_game(std::string name, std::string token_hash) {
    storage::GameRow game;
    game.name = std::move(name);
    game.variant = std::string("standard");
    game.status = adjutant::GameStatus::active;
    game.gm_token_hash = std::move(token_hash);
    game.seed = std::numeric_limits<std::int64_t>::min() + 7;  // all 64 bits travel
    game.seed_commitment = std::string("c");
    game.movement_seconds = 86400;
    game.grace_seconds = 5;
    game.deadline = 1000;
    game.created_at = 1;
    return game;
}

inline void games_seats_and_phases(storage::Store& store) {
    const auto id = store.insert_game(sample_game("first", "h1"));
    auto second = sample_game("second", "h2");
    second.status = adjutant::GameStatus::ended;
    second.sandbox = true;
    const auto ended = store.insert_game(second);
    CHECK(ended > id);
    const auto game = store.game(id);
    REQUIRE(game);
    CHECK(game->seed == std::numeric_limits<std::int64_t>::min() + 7);
    CHECK_FALSE(game->winner);
    CHECK(game->deadline == 1000);
    CHECK(store.game_by_gm_token_hash("h2") == ended);

    // The flags of the lobby's query, bound as integers.
    CHECK(store.games_page(0, 10, false).size() == 1);
    CHECK(store.games_page(0, 10, true).size() == 2);
    CHECK(store.games_page(0, 10, true, adjutant::GameStatus::ended).size() == 1);
    CHECK(store.games_page(0, 10, true, std::nullopt, "standard").size() == 2);
    CHECK(store.games_page(id, 10, true).size() == 1);

    // Byte order: upper case before lower case, as SQLite compares.
    for (const char* power : {"england", "France", "Austria"})
        store.insert_seat(storage::SeatRow{id, power, std::nullopt, std::nullopt, std::nullopt,
                                           false, std::nullopt});
    const auto seats = store.seats(id);
    REQUIRE(seats.size() == 3);
    CHECK(seats[0].power == "Austria");
    CHECK(seats[1].power == "France");
    CHECK(seats[2].power == "england");
    CHECK(store.games_page(0, 10, true, std::nullopt, "", true).size() ==
          1);  // open seats, not sandbox

    storage::PhaseRow phase;
    phase.game_id = id;
    phase.seq = 0;
    phase.phase = std::string("S1901M");
    phase.position = std::string("{}");
    store.insert_phase(phase);
    store.put_order(id, 0, storage::OrderRow{"France", "A PAR H", "[]", "api", 5});
    store.put_order(id, 0, storage::OrderRow{"France", "A PAR - BUR", "[]", "web", 6});
    const auto orders = store.orders(id, 0);
    REQUIRE(orders.size() == 1);
    CHECK(orders[0].text == "A PAR - BUR");
    CHECK(orders[0].source == "web");

    // The resolve guard: once, and only the newest phase.
    phase.results = std::string("{}");
    phase.hash = std::string("x");
    phase.resolved_at = 10;
    CHECK(store.resolve_phase(phase));
    CHECK_FALSE(store.resolve_phase(phase));
    CHECK(store.current_phase(id)->resolved_at == 10);

    CHECK(store.games_due(1004).empty());  // deadline plus grace
    CHECK(store.games_due(1005) == std::vector<std::int64_t>{id});
}

inline void upserts_and_ids(storage::Store& store) {
    const auto game = store.insert_game(sample_game("press", "h3"));
    CHECK(store.record_inbound("<a@x>", "p@x", game, std::string("France"), "b", "rejected", 1));
    CHECK_FALSE(store.record_inbound("<a@x>", "p@x", game, std::nullopt, "b", "ignored", 2));
    CHECK(store.rejected_from("p@x", 0) == 1);
    CHECK(store.add_notice(game, 0, "results", "", 1));
    CHECK_FALSE(store.add_notice(game, 0, "results", "", 2));
    store.set_mail_secret("aa");
    store.set_mail_secret("bb");  // the first writer wins
    CHECK(store.mail_secret() == "aa");

    storage::PressRow message;
    message.game_id = game;
    message.phase = std::string("S1901M");
    message.sender = std::string("France");
    message.recipients = {"England"};
    message.body = std::string("hello");
    message.source = std::string("api");
    const auto first = store.press().insert(message);
    message.broadcast = true;
    message.recipients.clear();
    const auto second = store.press().insert(message);
    CHECK(second > first);
    CHECK(store.press().messages(game, {false, "England", false}, 0, 10).size() == 1);
    CHECK(store.press().messages(game, {false, "England", true}, 0, 10).size() == 2);
    CHECK(store.press().messages(game, {true, "", false}, first, 10).size() == 1);
    CHECK(store.press().sent_in_phase(game, 0, "France") == 2);
    store.press().mark_read(game, "England", "France", 5);
    store.press().mark_read(game, "England", "France", 3);  // never backwards
    const auto marks = store.press().read_marks(game, "England");
    REQUIRE(marks.size() == 1);
    CHECK(marks[0].second == 5);
}

inline void outbox(storage::Store& store) {
    const storage::OutboxRow row{
        0, std::string("p@x"), std::string("s"), std::string("b"), std::string("{}"), 0};
    const auto first = store.enqueue_mail(row, 100);
    const auto second = store.enqueue_mail(row, 100);
    const auto due = store.mail_due(100, 10);
    REQUIRE(due.size() == 2);
    CHECK(due[0].id == first);
    CHECK(due[1].id == second);
    store.mail_sent(first, 101);
    store.mail_failed(second, "down", 200, false);
    CHECK(store.outbox_row(second)->attempts == 1);
    CHECK(store.mail_due(199, 10).empty());
    REQUIRE(store.mail_due(200, 10).size() == 1);
    store.mail_failed(second, "gone", 300, true);
    CHECK(store.mail_due(100000, 10).empty());
}

// Accounts (schema/009_accounts.sql): a link is used once, a session ends at its expiry, a
// revoked token names no account, and a seat's binding goes with the seat.
inline void accounts(storage::Store& store) {
    const auto game = store.insert_game(sample_game("accounts", "gm-accounts"));
    store.insert_seat(storage::SeatRow{game, std::string("France"), std::nullopt, std::nullopt,
                                       std::string("seat-hash"), false, std::nullopt});
    auto accounts = store.accounts();
    const auto id = accounts.insert_account(std::string("ann@example.org"), 10);
    CHECK(accounts.account_by_email(std::string("ann@example.org"))->id == id);
    CHECK_FALSE(accounts.account_by_email(std::string("bob@example.org")));

    storage::AccountLinkRow link;
    link.token_hash = std::string("link-hash");
    link.purpose = std::string("sign_in");
    link.email = std::string("ann@example.org");
    link.binding_hash = std::string("binding-hash");
    link.created_at = 10;
    link.expires_at = 910;
    accounts.insert_link(link);
    CHECK(accounts.link(std::string("link-hash"))->binding_hash == "binding-hash");
    CHECK_FALSE(accounts.link(std::string("link-hash"))->account_id);
    CHECK(accounts.use_link(std::string("link-hash"), 20));
    CHECK_FALSE(accounts.use_link(std::string("link-hash"), 21));  // once only
    CHECK(accounts.link(std::string("link-hash"))->used_at == 20);
    accounts.delete_expired_links(911);
    CHECK_FALSE(accounts.link(std::string("link-hash")));

    accounts.insert_session(std::string("session-hash"), id, 10, 100);
    CHECK(accounts.session_account(std::string("session-hash"), 99) == id);
    CHECK_FALSE(accounts.session_account(std::string("session-hash"), 100));
    accounts.delete_session(std::string("session-hash"));
    CHECK_FALSE(accounts.session_account(std::string("session-hash"), 50));

    const auto token = accounts.insert_token(id, std::string("bot"), std::string("tok-hash"), 30);
    CHECK(accounts.token_account(std::string("tok-hash")) == id);
    CHECK_FALSE(accounts.revoke_token(id + 1, token, 40));  // another account's: not found
    CHECK(accounts.revoke_token(id, token, 40));
    CHECK_FALSE(accounts.revoke_token(id, token, 41));
    CHECK_FALSE(accounts.token_account(std::string("tok-hash")));
    REQUIRE(accounts.tokens(id).size() == 1);
    CHECK(accounts.tokens(id)[0].revoked_at == 40);

    accounts.bind_seat(game, std::string("France"), id, 50);
    CHECK(accounts.seat_of(id, game) == "France");
    CHECK(accounts.seats(id).size() == 1);
    accounts.unbind_seat(game, std::string("France"));
    CHECK_FALSE(accounts.seat_of(id, game));
    accounts.bind_seat(game, std::string("France"), id, 60);
    store.restart_game(game, std::string("standard"));  // the seats go, and their bindings
    CHECK(accounts.seats(id).empty());
}

}  // namespace adjutant::store_cases
