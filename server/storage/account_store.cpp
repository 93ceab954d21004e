// SPDX-License-Identifier: Apache-2.0
#include "storage/account_store.h"

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kAccountSelect =
    "SELECT id, email, display_name, time_zone, created_at FROM accounts ";

AccountRow read_account(const Statement& s) {
    return AccountRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.integer(4)};
}

SeatAccountRow read_binding(const Statement& s) {
    return SeatAccountRow{s.integer(0), s.text(1), s.integer(2), s.integer(3)};
}

}  // namespace

std::int64_t AccountStore::insert_account(const std::string& email, std::int64_t at) {
    execute(db_, "INSERT INTO accounts (email, created_at) VALUES (?1, ?2)", email, at);
    return db_.last_insert_id();
}

std::optional<AccountRow> AccountStore::account(std::int64_t id) {
    return query_one(db_, std::string(kAccountSelect) + "WHERE id = ?1", read_account, id);
}

std::optional<AccountRow> AccountStore::account_by_email(const std::string& email) {
    return query_one(db_, std::string(kAccountSelect) + "WHERE email = ?1", read_account, email);
}

void AccountStore::update_profile(std::int64_t id, const std::string& display_name,
                                  const std::string& time_zone) {
    execute(db_, "UPDATE accounts SET display_name = ?2, time_zone = ?3 WHERE id = ?1", id,
            display_name, time_zone);
}

void AccountStore::update_email(std::int64_t id, const std::string& email) {
    execute(db_, "UPDATE accounts SET email = ?2 WHERE id = ?1", id, email);
}

void AccountStore::insert_link(const AccountLinkRow& row) {
    execute(db_,
            "INSERT INTO account_links (token_hash, purpose, email, account_id, binding_hash, "
            "created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            row.token_hash, row.purpose, row.email, row.account_id, row.binding_hash,
            row.created_at, row.expires_at);
}

std::optional<AccountLinkRow> AccountStore::link(const std::string& token_hash) {
    return query_one(
        db_,
        "SELECT token_hash, purpose, email, account_id, binding_hash, created_at, expires_at, "
        "used_at FROM account_links WHERE token_hash = ?1",
        [](const Statement& s) {
            return AccountLinkRow{
                s.text(0),          s.text(1),    s.text(2),    s.optional_integer(3),
                s.optional_text(4), s.integer(5), s.integer(6), s.optional_integer(7)};
        },
        token_hash);
}

bool AccountStore::use_link(const std::string& token_hash, std::int64_t at) {
    execute(db_, "UPDATE account_links SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL",
            token_hash, at);
    return db_.changes() == 1;
}

void AccountStore::delete_expired_links(std::int64_t before) {
    execute(db_, "DELETE FROM account_links WHERE expires_at < ?1", before);
}

void AccountStore::insert_session(const std::string& id_hash, std::int64_t account_id,
                                  std::int64_t at, std::int64_t expires_at) {
    execute(db_,
            "INSERT INTO account_sessions (id_hash, account_id, created_at, expires_at) VALUES "
            "(?1, ?2, ?3, ?4)",
            id_hash, account_id, at, expires_at);
}

std::optional<std::int64_t> AccountStore::session_account(const std::string& id_hash,
                                                          std::int64_t now) {
    return query_one(
        db_, "SELECT account_id FROM account_sessions WHERE id_hash = ?1 AND expires_at > ?2",
        [](const Statement& s) { return s.integer(0); }, id_hash, now);
}

void AccountStore::delete_session(const std::string& id_hash) {
    execute(db_, "DELETE FROM account_sessions WHERE id_hash = ?1", id_hash);
}

void AccountStore::delete_expired_sessions(std::int64_t before) {
    execute(db_, "DELETE FROM account_sessions WHERE expires_at < ?1", before);
}

std::int64_t AccountStore::insert_token(std::int64_t account_id, const std::string& name,
                                        const std::string& token_hash, std::int64_t at) {
    execute(db_,
            "INSERT INTO account_tokens (account_id, name, token_hash, created_at) VALUES "
            "(?1, ?2, ?3, ?4)",
            account_id, name, token_hash, at);
    return db_.last_insert_id();
}

std::vector<AccountTokenRow> AccountStore::tokens(std::int64_t account_id) {
    return query_all(
        db_,
        "SELECT id, account_id, name, created_at, revoked_at FROM account_tokens WHERE "
        "account_id = ?1 ORDER BY id",
        [](const Statement& s) {
            return AccountTokenRow{s.integer(0), s.integer(1), s.text(2), s.integer(3),
                                   s.optional_integer(4)};
        },
        account_id);
}

std::optional<std::int64_t> AccountStore::token_account(const std::string& token_hash) {
    return query_one(
        db_, "SELECT account_id FROM account_tokens WHERE token_hash = ?1 AND revoked_at IS NULL",
        [](const Statement& s) { return s.integer(0); }, token_hash);
}

bool AccountStore::revoke_token(std::int64_t account_id, std::int64_t token_id, std::int64_t at) {
    execute(db_,
            "UPDATE account_tokens SET revoked_at = ?3 WHERE id = ?2 AND account_id = ?1 AND "
            "revoked_at IS NULL",
            account_id, token_id, at);
    return db_.changes() == 1;
}

void AccountStore::bind_seat(std::int64_t game_id, const std::string& power,
                             std::int64_t account_id, std::int64_t at) {
    execute(db_,
            "INSERT INTO seat_accounts (game_id, power, account_id, bound_at) VALUES "
            "(?1, ?2, ?3, ?4) ON CONFLICT (game_id, power) DO UPDATE SET account_id = ?3, "
            "bound_at = ?4",
            game_id, power, account_id, at);
}

void AccountStore::unbind_seat(std::int64_t game_id, const std::string& power) {
    execute(db_, "DELETE FROM seat_accounts WHERE game_id = ?1 AND power = ?2", game_id, power);
}

std::optional<SeatAccountRow> AccountStore::seat_binding(std::int64_t game_id,
                                                         const std::string& power) {
    return query_one(db_,
                     "SELECT game_id, power, account_id, bound_at FROM seat_accounts WHERE "
                     "game_id = ?1 AND power = ?2",
                     read_binding, game_id, power);
}

std::optional<std::string> AccountStore::seat_of(std::int64_t account_id, std::int64_t game_id) {
    return query_one(
        db_, "SELECT power FROM seat_accounts WHERE account_id = ?1 AND game_id = ?2",
        [](const Statement& s) { return s.text(0); }, account_id, game_id);
}

std::vector<SeatAccountRow> AccountStore::seats(std::int64_t account_id) {
    return query_all(db_,
                     "SELECT game_id, power, account_id, bound_at FROM seat_accounts WHERE "
                     "account_id = ?1 ORDER BY game_id, power",
                     read_binding, account_id);
}

void AccountStore::record_phase(std::int64_t account_id, std::int64_t game_id, std::int64_t seq,
                                const std::string& power, const std::string& outcome) {
    execute(db_,
            "INSERT INTO account_phases (account_id, game_id, seq, power, outcome) VALUES "
            "(?1, ?2, ?3, ?4, ?5) ON CONFLICT (game_id, seq, power) DO UPDATE SET "
            "account_id = ?1, outcome = ?5",
            account_id, game_id, seq, power, outcome);
}

void AccountStore::record_left(std::int64_t account_id, std::int64_t game_id,
                               const std::string& power, std::int64_t at) {
    execute(db_,
            "INSERT INTO account_seats_left (account_id, game_id, power, left_at) VALUES "
            "(?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
            account_id, game_id, power, at);
}

ReliabilityRow AccountStore::reliability(std::int64_t account_id) {
    ReliabilityRow row;
    (void)query_one(
        db_,
        "SELECT COALESCE(SUM(CASE WHEN outcome = 'on_time' THEN 1 ELSE 0 END), 0), "
        "COALESCE(SUM(CASE WHEN outcome <> 'on_time' THEN 1 ELSE 0 END), 0), "
        "COALESCE(SUM(CASE WHEN outcome = 'civil_disorder' THEN 1 ELSE 0 END), 0) "
        "FROM account_phases WHERE account_id = ?1",
        [&row](const Statement& s) {
            row.on_time = s.integer(0);
            row.missed = s.integer(1);
            row.civil_disorders = s.integer(2);
            return 0;
        },
        account_id);
    // The time to submit: the seat's orders' time (a resubmission replaces the earlier one, so
    // the last) after the phase started, that is after the previous phase resolved.
    (void)query_one(
        db_,
        "SELECT COUNT(*), CAST(COALESCE(SUM(o.submitted_at - p.resolved_at), 0) AS BIGINT) FROM "
        "account_phases a "
        "JOIN orders o ON o.game_id = a.game_id AND o.seq = a.seq AND o.power = a.power "
        "JOIN phases p ON p.game_id = a.game_id AND p.seq = a.seq - 1 "
        "WHERE a.account_id = ?1 AND a.outcome = 'on_time' AND p.resolved_at IS NOT NULL "
        "AND o.submitted_at >= p.resolved_at",
        [&row](const Statement& s) {
            row.timed = s.integer(0);
            row.timed_seconds = s.integer(1);
            return 0;
        },
        account_id);
    row.finished = query_one(
                       db_,
                       "SELECT COUNT(*) FROM seat_accounts s JOIN games g ON g.id = s.game_id "
                       "WHERE s.account_id = ?1 AND g.status = 'ended'",
                       [](const Statement& s) { return s.integer(0); }, account_id)
                       .value_or(0);
    row.abandoned = query_one(
                        db_, "SELECT COUNT(*) FROM account_seats_left WHERE account_id = ?1",
                        [](const Statement& s) { return s.integer(0); }, account_id)
                        .value_or(0);
    return row;
}

std::optional<std::int64_t> AccountStore::min_reliability(std::int64_t game_id) {
    return query_one(
        db_, "SELECT min_percent FROM reliability_settings WHERE game_id = ?1",
        [](const Statement& s) { return s.integer(0); }, game_id);
}

void AccountStore::set_min_reliability(std::int64_t game_id, std::int64_t percent) {
    if (percent <= 0) {
        execute(db_, "DELETE FROM reliability_settings WHERE game_id = ?1", game_id);
        return;
    }
    execute(db_,
            "INSERT INTO reliability_settings (game_id, min_percent) VALUES (?1, ?2) "
            "ON CONFLICT (game_id) DO UPDATE SET min_percent = ?2",
            game_id, percent);
}

}  // namespace adjutant::storage
