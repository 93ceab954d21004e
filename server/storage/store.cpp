// SPDX-License-Identifier: Apache-2.0
#include "storage/store.h"

#include "storage/backend_claims.h"
#include "storage/claims.h"
#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kGameColumns =
    "id, name, variant, status, gm_token_hash, seed, seed_commitment, movement_seconds, "
    "retreat_seconds, adjustment_seconds, grace_seconds, missing_policy, resolve_when_ready, "
    "deadline, paused_remaining, winner, created_at, ended_at, revision, seed_hex, sandbox";

// The status column holds the words of to_string(GameStatus); any other is a database this
// server did not write.
GameStatus read_status(const std::string& word) {
    if (const auto status = parse_game_status(word)) return *status;
    throw Error(0, "games.status holds an unknown status '" + word + "'");
}

GameRow read_game(const Statement& s) {
    GameRow row;
    row.id = s.integer(0);
    row.name = s.text(1);
    row.variant = s.text(2);
    row.status = read_status(s.text(3));
    row.gm_token_hash = s.text(4);
    row.seed = s.integer(5);
    row.seed_commitment = s.text(6);
    row.movement_seconds = s.integer(7);
    row.retreat_seconds = s.integer(8);
    row.adjustment_seconds = s.integer(9);
    row.grace_seconds = s.integer(10);
    row.missing_policy = s.text(11);
    row.resolve_when_ready = s.integer(12) != 0;
    row.deadline = s.optional_integer(13);
    row.paused_remaining = s.optional_integer(14);
    row.winner = s.optional_text(15);
    row.created_at = s.integer(16);
    row.ended_at = s.optional_integer(17);
    row.revision = s.integer(18);
    row.seed_hex = s.optional_text(19);
    row.sandbox = s.integer(20) != 0;
    return row;
}

constexpr const char* kSeatColumns = "game_id, power, player, email, token_hash, ready, joined_at";

SeatRow read_seat(const Statement& s) {
    SeatRow row;
    row.game_id = s.integer(0);
    row.power = s.text(1);
    row.player = s.optional_text(2);
    row.email = s.optional_text(3);
    row.token_hash = s.optional_text(4);
    row.ready = s.integer(5) != 0;
    row.joined_at = s.optional_integer(6);
    return row;
}

constexpr const char* kPhaseColumns =
    "game_id, seq, phase, position, orders, results, events, prev_hash, hash, deadline, "
    "resolved_at";

PhaseRow read_phase(const Statement& s) {
    PhaseRow row;
    row.game_id = s.integer(0);
    row.seq = s.integer(1);
    row.phase = s.text(2);
    row.position = s.text(3);
    row.orders = s.optional_text(4);
    row.results = s.optional_text(5);
    row.events = s.optional_text(6);
    row.prev_hash = s.text(7);
    row.hash = s.optional_text(8);
    row.deadline = s.optional_integer(9);
    row.resolved_at = s.optional_integer(10);
    return row;
}

OrderRow read_order(const Statement& s) {
    OrderRow row;
    row.power = s.text(0);
    row.text = s.text(1);
    row.verdicts = s.text(2);
    row.source = s.text(3);
    row.submitted_at = s.integer(4);
    return row;
}

std::string select(const char* columns, const char* rest) {
    return std::string("SELECT ") + columns + " " + rest;
}

std::int64_t read_integer(const Statement& s) {
    return s.integer(0);
}

}  // namespace

std::int64_t Store::insert_game(const GameRow& r) {
    execute(db_,
            "INSERT INTO games (name, variant, status, gm_token_hash, seed, seed_commitment, "
            "movement_seconds, retreat_seconds, adjustment_seconds, grace_seconds, missing_policy, "
            "resolve_when_ready, deadline, paused_remaining, winner, created_at, ended_at, "
            "revision, seed_hex, sandbox) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
            "?12, ?13, ?14, ?15, ?16, ?17, 0, ?18, ?19)",
            r.name, r.variant, std::string(to_string(r.status)), r.gm_token_hash, r.seed,
            r.seed_commitment, r.movement_seconds, r.retreat_seconds, r.adjustment_seconds,
            r.grace_seconds, r.missing_policy, std::int64_t{r.resolve_when_ready}, r.deadline,
            r.paused_remaining, r.winner, r.created_at, r.ended_at, r.seed_hex,
            std::int64_t{r.sandbox});
    return db_.last_insert_id();
}

std::optional<GameRow> Store::game(std::int64_t id) {
    static const std::string sql = select(kGameColumns, "FROM games WHERE id = ?1");
    return query_one(db_, sql, read_game, id);
}

std::vector<GameRow> Store::games() {
    static const std::string sql = select(kGameColumns, "FROM games ORDER BY id");
    return query_all(db_, sql, read_game);
}

std::vector<GameRow> Store::games_page(std::int64_t after_id, int limit, bool include_ended,
                                       std::optional<GameStatus> status, const std::string& variant,
                                       bool open_only) {
    static const std::string sql = select(
        kGameColumns,
        "FROM games WHERE id > ?1 AND (?2 OR status != 'ended') AND (?4 = '' OR status = ?4) "
        "AND (?5 = '' OR variant = ?5) AND (NOT ?6 OR (sandbox = 0 AND EXISTS (SELECT 1 FROM "
        "seats s WHERE s.game_id = games.id AND s.token_hash IS NULL))) ORDER BY id LIMIT ?3");
    return query_all(db_, sql, read_game, after_id, std::int64_t{include_ended},
                     std::int64_t{limit}, std::string(status ? to_string(*status) : ""), variant,
                     std::int64_t{open_only});
}

std::optional<std::int64_t> Store::game_by_gm_token_hash(const std::string& hash) {
    return query_one(db_, "SELECT id FROM games WHERE gm_token_hash = ?1", read_integer, hash);
}

void Store::update_game(const GameRow& r) {
    execute(db_,
            "UPDATE games SET status = ?2, deadline = ?3, paused_remaining = ?4, winner = ?5, "
            "ended_at = ?6, revision = revision + 1 WHERE id = ?1",
            r.id, std::string(to_string(r.status)), r.deadline, r.paused_remaining, r.winner,
            r.ended_at);
}

void Store::update_game_settings(const GameRow& r) {
    execute(db_,
            "UPDATE games SET grace_seconds = ?2, missing_policy = ?3, resolve_when_ready = ?4, "
            "revision = revision + 1 WHERE id = ?1",
            r.id, r.grace_seconds, r.missing_policy, std::int64_t{r.resolve_when_ready});
}

std::optional<std::int64_t> Store::game_revision(std::int64_t game_id) {
    return query_one(
        db_, "SELECT revision FROM games WHERE id = ?1",
        [](const Statement& s) { return s.integer(0); }, game_id);
}

void Store::bump_revision(std::int64_t game_id) {
    execute(db_, "UPDATE games SET revision = revision + 1 WHERE id = ?1", game_id);
}

std::vector<std::int64_t> Store::games_due(std::int64_t now) {
    return query_all(db_,
                     "SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL "
                     "AND deadline + grace_seconds <= ?1 ORDER BY deadline, id",
                     read_integer, now);
}

void Store::insert_seat(const SeatRow& r) {
    execute(db_,
            "INSERT INTO seats (game_id, power, player, email, token_hash, ready, joined_at) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            r.game_id, r.power, r.player, r.email, r.token_hash, std::int64_t{r.ready},
            r.joined_at);
}

std::vector<SeatRow> Store::seats(std::int64_t game_id) {
    static const std::string sql =
        select(kSeatColumns, "FROM seats WHERE game_id = ?1 ORDER BY power");
    return query_all(db_, sql, read_seat, game_id);
}

std::optional<SeatRow> Store::seat(std::int64_t game_id, const std::string& power) {
    static const std::string sql =
        select(kSeatColumns, "FROM seats WHERE game_id = ?1 AND power = ?2");
    return query_one(db_, sql, read_seat, game_id, power);
}

std::optional<Store::SeatKey> Store::seat_by_token_hash(const std::string& hash) {
    return query_one(
        db_, "SELECT game_id, power, token_hash FROM seats WHERE token_hash = ?1",
        [](const Statement& s) {
            return SeatKey{s.integer(0), s.text(1), s.text(2)};
        },
        hash);
}

void Store::update_seat(const SeatRow& r) {
    execute(db_,
            "UPDATE seats SET player = ?3, email = ?4, token_hash = ?5, ready = ?6, joined_at = ?7 "
            "WHERE game_id = ?1 AND power = ?2",
            r.game_id, r.power, r.player, r.email, r.token_hash, std::int64_t{r.ready},
            r.joined_at);
}

void Store::clear_ready(std::int64_t game_id) {
    execute(db_, "UPDATE seats SET ready = 0 WHERE game_id = ?1", game_id);
}

void Store::insert_phase(const PhaseRow& r) {
    execute(db_,
            "INSERT INTO phases (game_id, seq, phase, position, orders, results, events, "
            "prev_hash, hash, deadline, resolved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
            "?10, ?11)",
            r.game_id, r.seq, r.phase, r.position, r.orders, r.results, r.events, r.prev_hash,
            r.hash, r.deadline, r.resolved_at);
}

std::optional<PhaseRow> Store::phase(std::int64_t game_id, std::int64_t seq) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 AND seq = ?2");
    return query_one(db_, sql, read_phase, game_id, seq);
}

std::optional<PhaseRow> Store::current_phase(std::int64_t game_id) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1");
    return query_one(db_, sql, read_phase, game_id);
}

std::vector<PhaseRow> Store::phases(std::int64_t game_id) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 ORDER BY seq");
    return query_all(db_, sql, read_phase, game_id);
}

bool Store::resolve_phase(const PhaseRow& r) {
    // The guard: only the game's newest phase, and only while it is unresolved.
    execute(db_,
            "UPDATE phases SET orders = ?3, results = ?4, events = ?5, hash = ?6, resolved_at = ?7 "
            "WHERE game_id = ?1 AND seq = ?2 AND resolved_at IS NULL "
            "AND seq = (SELECT max(seq) FROM phases WHERE game_id = ?1)",
            r.game_id, r.seq, r.orders, r.results, r.events, r.hash, r.resolved_at);
    return db_.changes() == 1;
}

void Store::restart_game(std::int64_t game_id, const std::string& variant) {
    for (const char* sql :
         {"DELETE FROM orders WHERE game_id = ?1", "DELETE FROM phases WHERE game_id = ?1",
          "DELETE FROM seats WHERE game_id = ?1"})
        execute(db_, sql, game_id);
    execute(db_, "UPDATE games SET variant = ?2, revision = revision + 1 WHERE id = ?1", game_id,
            variant);
}

void Store::set_phase_position(std::int64_t game_id, std::int64_t seq,
                               const std::string& position) {
    execute(
        db_,
        "UPDATE phases SET position = ?3 WHERE game_id = ?1 AND seq = ?2 AND resolved_at IS NULL",
        game_id, seq, position);
}

void Store::set_phase_deadline(std::int64_t game_id, std::int64_t seq,
                               std::optional<std::int64_t> deadline) {
    execute(db_, "UPDATE phases SET deadline = ?3 WHERE game_id = ?1 AND seq = ?2", game_id, seq,
            deadline);
}

void Store::put_order(std::int64_t game_id, std::int64_t seq, const OrderRow& r) {
    execute(db_,
            "INSERT INTO orders (game_id, seq, power, text, verdicts, source, submitted_at) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (game_id, seq, power) DO UPDATE SET "
            "text = excluded.text, verdicts = excluded.verdicts, source = excluded.source, "
            "submitted_at = excluded.submitted_at",
            game_id, seq, r.power, r.text, r.verdicts, r.source, r.submitted_at);
}

std::vector<OrderRow> Store::orders(std::int64_t game_id, std::int64_t seq) {
    return query_all(db_,
                     "SELECT power, text, verdicts, source, submitted_at FROM orders "
                     "WHERE game_id = ?1 AND seq = ?2 ORDER BY power",
                     read_order, game_id, seq);
}

std::optional<OrderRow> Store::order(std::int64_t game_id, std::int64_t seq,
                                     const std::string& power) {
    return query_one(db_,
                     "SELECT power, text, verdicts, source, submitted_at FROM orders "
                     "WHERE game_id = ?1 AND seq = ?2 AND power = ?3",
                     read_order, game_id, seq, power);
}

void Store::audit(std::optional<std::int64_t> game_id, const std::string& actor,
                  const std::string& action, const std::string& detail, std::int64_t at) {
    execute(db_,
            "INSERT INTO audit (game_id, actor, action, detail, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            game_id, actor, action, detail, at);
}

std::vector<AuditRow> Store::audit_log(std::int64_t game_id) {
    return query_all(
        db_, "SELECT id, actor, action, detail, at FROM audit WHERE game_id = ?1 ORDER BY id",
        [](const Statement& s) {
            return AuditRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.integer(4)};
        },
        game_id);
}

void Store::put_variant(const std::string& name, const std::string& json, std::int64_t at,
                        std::optional<std::int64_t> game_id) {
    execute(db_,
            "INSERT INTO variants (name, json, uploaded_at, game_id) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT (name) DO UPDATE SET json = excluded.json, uploaded_at = "
            "excluded.uploaded_at, game_id = excluded.game_id",
            name, json, at, game_id);
}

void Store::delete_game_variants(std::int64_t game_id) {
    execute(db_, "DELETE FROM variants WHERE game_id = ?1", game_id);
}

std::vector<VariantRow> Store::variants() {
    return query_all(db_, "SELECT name, json, game_id FROM variants ORDER BY name",
                     [](const Statement& s) {
                         return VariantRow{s.text(0), s.text(1), s.optional_integer(2)};
                     });
}

std::optional<VariantRow> Store::variant(std::string_view name) {
    return query_one(
        db_, "SELECT name, json, game_id FROM variants WHERE name = ?1",
        [](const Statement& s) {
            return VariantRow{s.text(0), s.text(1), s.optional_integer(2)};
        },
        name);
}

bool Store::record_inbound(const std::string& message_id, const std::string& sender,
                           std::optional<std::int64_t> game_id,
                           const std::optional<std::string>& power, const std::string& body,
                           const std::string& status, std::int64_t at) {
    execute(db_,
            "INSERT INTO mail_inbox (message_id, sender, game_id, power, body, status, "
            "received_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (message_id) DO NOTHING",
            message_id, sender, game_id, power, body, status, at);
    return db_.changes() > 0;
}

std::int64_t Store::enqueue_mail(const OutboxRow& r, std::int64_t at) {
    execute(db_,
            "INSERT INTO mail_outbox (recipient, subject, body, headers, next_attempt, created_at) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
            r.recipient, r.subject, r.body, r.headers, at);
    return db_.last_insert_id();
}

std::vector<OutboxRow> Store::mail_due(std::int64_t now, int limit) {
    return claim_due_mail(db_, now, limit);
}

void Store::mail_sent(std::int64_t id, std::int64_t at) {
    execute(db_,
            "UPDATE mail_outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1 "
            "WHERE id = ?1",
            id, at);
}

void Store::mail_failed(std::int64_t id, const std::string& error, std::int64_t retry_at,
                        bool give_up) {
    execute(db_,
            "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?2, next_attempt = ?3, "
            "status = CASE WHEN ?4 THEN 'failed' ELSE 'pending' END WHERE id = ?1",
            id, error, retry_at, std::int64_t{give_up});
}

std::optional<std::string> Store::mail_secret() {
    return query_one(db_, "SELECT secret FROM mail_secret WHERE id = 1",
                     [](const Statement& s) { return s.text(0); });
}

void Store::set_mail_secret(const std::string& hex) {
    execute(db_, "INSERT INTO mail_secret (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
            hex);
}

std::optional<Store::InboundRecord> Store::inbound(const std::string& message_id) {
    return query_one(
        db_, "SELECT status, reply_outbox_id FROM mail_inbox WHERE message_id = ?1",
        [](const Statement& s) {
            return InboundRecord{s.text(0), s.optional_integer(1)};
        },
        message_id);
}

void Store::set_inbound_reply(const std::string& message_id, std::int64_t outbox_id) {
    execute(db_, "UPDATE mail_inbox SET reply_outbox_id = ?2 WHERE message_id = ?1", message_id,
            outbox_id);
}

std::int64_t Store::rejected_from(const std::string& sender, std::int64_t since) {
    return query_one(db_,
                     "SELECT count(*) FROM mail_inbox WHERE sender = ?1 AND status = 'rejected' "
                     "AND received_at >= ?2",
                     read_integer, sender, since)
        .value_or(0);
}

std::int64_t Store::rejected_for_seat(std::int64_t game_id, const std::string& power,
                                      std::int64_t since) {
    return query_one(db_,
                     "SELECT count(*) FROM mail_inbox WHERE game_id = ?1 AND power = ?2 "
                     "AND status = 'rejected' AND received_at >= ?3",
                     read_integer, game_id, power, since)
        .value_or(0);
}

std::optional<OutboxRow> Store::outbox_row(std::int64_t id) {
    return query_one(
        db_,
        "SELECT id, recipient, subject, body, headers, attempts FROM mail_outbox WHERE id = ?1",
        read_outbox_row, id);
}

bool Store::add_notice(std::int64_t game_id, std::int64_t seq, const std::string& kind,
                       const std::string& power, std::int64_t at) {
    execute(db_,
            "INSERT INTO mail_notices (game_id, seq, kind, power, at) VALUES (?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT DO NOTHING",
            game_id, seq, kind, power, at);
    return db_.changes() > 0;
}

std::vector<std::pair<std::int64_t, std::int64_t>> Store::resolved_since(std::int64_t since) {
    return query_all(
        db_,
        "SELECT game_id, seq FROM phases WHERE resolved_at IS NOT NULL AND resolved_at >= ?1 "
        "ORDER BY resolved_at, game_id, seq",
        [](const Statement& s) {
            return std::pair{s.integer(0), s.integer(1)};
        },
        since);
}

std::vector<std::int64_t> Store::games_deadline_before(std::int64_t until) {
    return query_all(db_,
                     "SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL "
                     "AND deadline <= ?1 ORDER BY id",
                     read_integer, until);
}

}  // namespace adjutant::storage
