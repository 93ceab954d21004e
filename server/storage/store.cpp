// SPDX-License-Identifier: Apache-2.0
#include "storage/store.h"

namespace adjutant::storage {

namespace {

constexpr const char* kGameColumns =
    "id, name, variant, status, gm_token_hash, seed, seed_commitment, movement_seconds, "
    "retreat_seconds, adjustment_seconds, grace_seconds, missing_policy, resolve_when_ready, "
    "deadline, paused_remaining, winner, created_at, ended_at, revision, seed_hex";

GameRow read_game(const Statement& s) {
    GameRow row;
    row.id = s.integer(0);
    row.name = s.text(1);
    row.variant = s.text(2);
    row.status = s.text(3);
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

}  // namespace

std::int64_t Store::insert_game(const GameRow& r) {
    auto& s = db_.prepare(
        "INSERT INTO games (name, variant, status, gm_token_hash, seed, seed_commitment, "
        "movement_seconds, retreat_seconds, adjustment_seconds, grace_seconds, missing_policy, "
        "resolve_when_ready, deadline, paused_remaining, winner, created_at, ended_at, revision, "
        "seed_hex) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "?17, 0, ?18)");
    s.bind(1, r.name).bind(2, r.variant).bind(3, r.status).bind(4, r.gm_token_hash);
    s.bind(5, r.seed).bind(6, r.seed_commitment).bind(7, r.movement_seconds);
    s.bind(8, r.retreat_seconds).bind(9, r.adjustment_seconds).bind(10, r.grace_seconds);
    s.bind(11, r.missing_policy).bind(12, std::int64_t{r.resolve_when_ready});
    s.bind(13, r.deadline).bind(14, r.paused_remaining).bind(15, r.winner);
    s.bind(16, r.created_at).bind(17, r.ended_at).bind(18, r.seed_hex);
    s.run();
    return db_.last_insert_id();
}

std::optional<GameRow> Store::game(std::int64_t id) {
    static const std::string sql = select(kGameColumns, "FROM games WHERE id = ?1");
    auto& s = db_.prepare(sql);
    s.bind(1, id);
    std::optional<GameRow> row;
    if (s.step()) row = read_game(s);
    s.reset();
    return row;
}

std::vector<GameRow> Store::games() {
    static const std::string sql = select(kGameColumns, "FROM games ORDER BY id");
    auto& s = db_.prepare(sql);
    std::vector<GameRow> rows;
    while (s.step()) rows.push_back(read_game(s));
    s.reset();
    return rows;
}

std::vector<GameRow> Store::games_page(std::int64_t after_id, int limit, bool include_ended) {
    static const std::string sql =
        select(kGameColumns,
               "FROM games WHERE id > ?1 AND (?2 OR status != 'ended') ORDER BY id LIMIT ?3");
    auto& s = db_.prepare(sql);
    s.bind(1, after_id).bind(2, std::int64_t{include_ended}).bind(3, std::int64_t{limit});
    std::vector<GameRow> rows;
    while (s.step()) rows.push_back(read_game(s));
    s.reset();
    return rows;
}

std::optional<std::int64_t> Store::game_by_gm_token_hash(const std::string& hash) {
    auto& s = db_.prepare("SELECT id FROM games WHERE gm_token_hash = ?1");
    s.bind(1, hash);
    std::optional<std::int64_t> id;
    if (s.step()) id = s.integer(0);
    s.reset();
    return id;
}

void Store::update_game(const GameRow& r) {
    auto& s = db_.prepare(
        "UPDATE games SET status = ?2, deadline = ?3, paused_remaining = ?4, winner = ?5, "
        "ended_at = ?6, revision = revision + 1 WHERE id = ?1");
    s.bind(1, r.id).bind(2, r.status).bind(3, r.deadline).bind(4, r.paused_remaining);
    s.bind(5, r.winner).bind(6, r.ended_at);
    s.run();
}

void Store::bump_revision(std::int64_t game_id) {
    auto& s = db_.prepare("UPDATE games SET revision = revision + 1 WHERE id = ?1");
    s.bind(1, game_id);
    s.run();
}

std::vector<std::int64_t> Store::games_due(std::int64_t now) {
    auto& s = db_.prepare(
        "SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL "
        "AND deadline + grace_seconds <= ?1 ORDER BY deadline, id");
    s.bind(1, now);
    std::vector<std::int64_t> ids;
    while (s.step()) ids.push_back(s.integer(0));
    s.reset();
    return ids;
}

void Store::insert_seat(const SeatRow& r) {
    auto& s = db_.prepare(
        "INSERT INTO seats (game_id, power, player, email, token_hash, ready, joined_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind(1, r.game_id).bind(2, r.power).bind(3, r.player).bind(4, r.email);
    s.bind(5, r.token_hash).bind(6, std::int64_t{r.ready}).bind(7, r.joined_at);
    s.run();
}

std::vector<SeatRow> Store::seats(std::int64_t game_id) {
    static const std::string sql =
        select(kSeatColumns, "FROM seats WHERE game_id = ?1 ORDER BY power");
    auto& s = db_.prepare(sql);
    s.bind(1, game_id);
    std::vector<SeatRow> rows;
    while (s.step()) rows.push_back(read_seat(s));
    s.reset();
    return rows;
}

std::optional<SeatRow> Store::seat(std::int64_t game_id, const std::string& power) {
    static const std::string sql =
        select(kSeatColumns, "FROM seats WHERE game_id = ?1 AND power = ?2");
    auto& s = db_.prepare(sql);
    s.bind(1, game_id).bind(2, power);
    std::optional<SeatRow> row;
    if (s.step()) row = read_seat(s);
    s.reset();
    return row;
}

std::optional<Store::SeatKey> Store::seat_by_token_hash(const std::string& hash) {
    auto& s = db_.prepare("SELECT game_id, power, token_hash FROM seats WHERE token_hash = ?1");
    s.bind(1, hash);
    std::optional<SeatKey> key;
    if (s.step()) key = SeatKey{s.integer(0), s.text(1), s.text(2)};
    s.reset();
    return key;
}

void Store::update_seat(const SeatRow& r) {
    auto& s = db_.prepare(
        "UPDATE seats SET player = ?3, email = ?4, token_hash = ?5, ready = ?6, joined_at = ?7 "
        "WHERE game_id = ?1 AND power = ?2");
    s.bind(1, r.game_id).bind(2, r.power).bind(3, r.player).bind(4, r.email);
    s.bind(5, r.token_hash).bind(6, std::int64_t{r.ready}).bind(7, r.joined_at);
    s.run();
}

void Store::clear_ready(std::int64_t game_id) {
    auto& s = db_.prepare("UPDATE seats SET ready = 0 WHERE game_id = ?1");
    s.bind(1, game_id);
    s.run();
}

void Store::insert_phase(const PhaseRow& r) {
    auto& s = db_.prepare(
        "INSERT INTO phases (game_id, seq, phase, position, orders, results, events, prev_hash, "
        "hash, deadline, resolved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    s.bind(1, r.game_id).bind(2, r.seq).bind(3, r.phase).bind(4, r.position);
    s.bind(5, r.orders).bind(6, r.results).bind(7, r.events).bind(8, r.prev_hash);
    s.bind(9, r.hash).bind(10, r.deadline).bind(11, r.resolved_at);
    s.run();
}

std::optional<PhaseRow> Store::phase(std::int64_t game_id, std::int64_t seq) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 AND seq = ?2");
    auto& s = db_.prepare(sql);
    s.bind(1, game_id).bind(2, seq);
    std::optional<PhaseRow> row;
    if (s.step()) row = read_phase(s);
    s.reset();
    return row;
}

std::optional<PhaseRow> Store::current_phase(std::int64_t game_id) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1");
    auto& s = db_.prepare(sql);
    s.bind(1, game_id);
    std::optional<PhaseRow> row;
    if (s.step()) row = read_phase(s);
    s.reset();
    return row;
}

std::vector<PhaseRow> Store::phases(std::int64_t game_id) {
    static const std::string sql =
        select(kPhaseColumns, "FROM phases WHERE game_id = ?1 ORDER BY seq");
    auto& s = db_.prepare(sql);
    s.bind(1, game_id);
    std::vector<PhaseRow> rows;
    while (s.step()) rows.push_back(read_phase(s));
    s.reset();
    return rows;
}

bool Store::resolve_phase(const PhaseRow& r) {
    // The guard: only the game's newest phase, and only while it is unresolved.
    auto& s = db_.prepare(
        "UPDATE phases SET orders = ?3, results = ?4, events = ?5, hash = ?6, resolved_at = ?7 "
        "WHERE game_id = ?1 AND seq = ?2 AND resolved_at IS NULL "
        "AND seq = (SELECT max(seq) FROM phases WHERE game_id = ?1)");
    s.bind(1, r.game_id).bind(2, r.seq).bind(3, r.orders).bind(4, r.results).bind(5, r.events);
    s.bind(6, r.hash).bind(7, r.resolved_at);
    s.run();
    return db_.changes() == 1;
}

void Store::restart_game(std::int64_t game_id, const std::string& variant) {
    for (const char* sql :
         {"DELETE FROM orders WHERE game_id = ?1", "DELETE FROM phases WHERE game_id = ?1",
          "DELETE FROM seats WHERE game_id = ?1"}) {
        auto& s = db_.prepare(sql);
        s.bind(1, game_id);
        s.run();
    }
    auto& s = db_.prepare("UPDATE games SET variant = ?2, revision = revision + 1 WHERE id = ?1");
    s.bind(1, game_id).bind(2, variant);
    s.run();
}

void Store::set_phase_position(std::int64_t game_id, std::int64_t seq,
                               const std::string& position) {
    auto& s = db_.prepare(
        "UPDATE phases SET position = ?3 WHERE game_id = ?1 AND seq = ?2 AND resolved_at IS NULL");
    s.bind(1, game_id).bind(2, seq).bind(3, position);
    s.run();
}

void Store::set_phase_deadline(std::int64_t game_id, std::int64_t seq,
                               std::optional<std::int64_t> deadline) {
    auto& s = db_.prepare("UPDATE phases SET deadline = ?3 WHERE game_id = ?1 AND seq = ?2");
    s.bind(1, game_id).bind(2, seq).bind(3, deadline);
    s.run();
}

void Store::put_order(std::int64_t game_id, std::int64_t seq, const OrderRow& r) {
    auto& s = db_.prepare(
        "INSERT INTO orders (game_id, seq, power, text, verdicts, source, submitted_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (game_id, seq, power) DO UPDATE SET "
        "text = excluded.text, verdicts = excluded.verdicts, source = excluded.source, "
        "submitted_at = excluded.submitted_at");
    s.bind(1, game_id).bind(2, seq).bind(3, r.power).bind(4, r.text).bind(5, r.verdicts);
    s.bind(6, r.source).bind(7, r.submitted_at);
    s.run();
}

std::vector<OrderRow> Store::orders(std::int64_t game_id, std::int64_t seq) {
    auto& s = db_.prepare(
        "SELECT power, text, verdicts, source, submitted_at FROM orders "
        "WHERE game_id = ?1 AND seq = ?2 ORDER BY power");
    s.bind(1, game_id).bind(2, seq);
    std::vector<OrderRow> rows;
    while (s.step()) rows.push_back(read_order(s));
    s.reset();
    return rows;
}

std::optional<OrderRow> Store::order(std::int64_t game_id, std::int64_t seq,
                                     const std::string& power) {
    auto& s = db_.prepare(
        "SELECT power, text, verdicts, source, submitted_at FROM orders "
        "WHERE game_id = ?1 AND seq = ?2 AND power = ?3");
    s.bind(1, game_id).bind(2, seq).bind(3, power);
    std::optional<OrderRow> row;
    if (s.step()) row = read_order(s);
    s.reset();
    return row;
}

void Store::audit(std::optional<std::int64_t> game_id, const std::string& actor,
                  const std::string& action, const std::string& detail, std::int64_t at) {
    auto& s = db_.prepare(
        "INSERT INTO audit (game_id, actor, action, detail, at) VALUES (?1, ?2, ?3, ?4, ?5)");
    s.bind(1, game_id).bind(2, actor).bind(3, action).bind(4, detail).bind(5, at);
    s.run();
}

std::vector<AuditRow> Store::audit_log(std::int64_t game_id) {
    auto& s = db_.prepare(
        "SELECT id, actor, action, detail, at FROM audit WHERE game_id = ?1 ORDER BY id");
    s.bind(1, game_id);
    std::vector<AuditRow> rows;
    while (s.step())
        rows.push_back(AuditRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.integer(4)});
    s.reset();
    return rows;
}

void Store::put_variant(const std::string& name, const std::string& json, std::int64_t at,
                        std::optional<std::int64_t> game_id) {
    auto& s = db_.prepare(
        "INSERT INTO variants (name, json, uploaded_at, game_id) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (name) DO UPDATE SET json = excluded.json, uploaded_at = "
        "excluded.uploaded_at, game_id = excluded.game_id");
    s.bind(1, name).bind(2, json).bind(3, at).bind(4, game_id);
    s.run();
}

void Store::delete_game_variants(std::int64_t game_id) {
    auto& s = db_.prepare("DELETE FROM variants WHERE game_id = ?1");
    s.bind(1, game_id);
    s.run();
}

std::vector<VariantRow> Store::variants() {
    auto& s = db_.prepare("SELECT name, json, game_id FROM variants ORDER BY name");
    std::vector<VariantRow> rows;
    while (s.step()) rows.push_back(VariantRow{s.text(0), s.text(1), s.optional_integer(2)});
    s.reset();
    return rows;
}

bool Store::record_inbound(const std::string& message_id, const std::string& sender,
                           std::optional<std::int64_t> game_id,
                           const std::optional<std::string>& power, const std::string& body,
                           const std::string& status, std::int64_t at) {
    auto& s = db_.prepare(
        "INSERT INTO mail_inbox (message_id, sender, game_id, power, body, status, received_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (message_id) DO NOTHING");
    s.bind(1, message_id).bind(2, sender).bind(3, game_id).bind(4, power).bind(5, body);
    s.bind(6, status).bind(7, at);
    s.run();
    return db_.changes() > 0;
}

std::int64_t Store::enqueue_mail(const OutboxRow& r, std::int64_t at) {
    auto& s = db_.prepare(
        "INSERT INTO mail_outbox (recipient, subject, body, headers, next_attempt, created_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?5)");
    s.bind(1, r.recipient).bind(2, r.subject).bind(3, r.body).bind(4, r.headers).bind(5, at);
    s.run();
    return db_.last_insert_id();
}

std::vector<OutboxRow> Store::mail_due(std::int64_t now, int limit) {
    auto& s = db_.prepare(
        "SELECT id, recipient, subject, body, headers, attempts FROM mail_outbox "
        "WHERE status = 'pending' AND next_attempt <= ?1 ORDER BY next_attempt, id LIMIT ?2");
    s.bind(1, now).bind(2, std::int64_t{limit});
    std::vector<OutboxRow> rows;
    while (s.step())
        rows.push_back(
            OutboxRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5)});
    s.reset();
    return rows;
}

void Store::mail_sent(std::int64_t id, std::int64_t at) {
    auto& s = db_.prepare(
        "UPDATE mail_outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1 "
        "WHERE id = ?1");
    s.bind(1, id).bind(2, at);
    s.run();
}

void Store::mail_failed(std::int64_t id, const std::string& error, std::int64_t retry_at,
                        bool give_up) {
    auto& s = db_.prepare(
        "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?2, next_attempt = ?3, "
        "status = CASE WHEN ?4 THEN 'failed' ELSE 'pending' END WHERE id = ?1");
    s.bind(1, id).bind(2, error).bind(3, retry_at).bind(4, std::int64_t{give_up});
    s.run();
}

std::optional<std::string> Store::mail_secret() {
    auto& s = db_.prepare("SELECT secret FROM mail_secret WHERE id = 1");
    std::optional<std::string> secret;
    if (s.step()) secret = s.text(0);
    s.reset();
    return secret;
}

void Store::set_mail_secret(const std::string& hex) {
    auto& s = db_.prepare(
        "INSERT INTO mail_secret (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING");
    s.bind(1, hex);
    s.run();
}

std::optional<Store::InboundRecord> Store::inbound(const std::string& message_id) {
    auto& s = db_.prepare("SELECT status, reply_outbox_id FROM mail_inbox WHERE message_id = ?1");
    s.bind(1, message_id);
    std::optional<InboundRecord> record;
    if (s.step()) record = InboundRecord{s.text(0), s.optional_integer(1)};
    s.reset();
    return record;
}

void Store::set_inbound_reply(const std::string& message_id, std::int64_t outbox_id) {
    auto& s = db_.prepare("UPDATE mail_inbox SET reply_outbox_id = ?2 WHERE message_id = ?1");
    s.bind(1, message_id).bind(2, outbox_id);
    s.run();
}

std::int64_t Store::rejected_from(const std::string& sender, std::int64_t since) {
    auto& s = db_.prepare(
        "SELECT count(*) FROM mail_inbox WHERE sender = ?1 AND status = 'rejected' "
        "AND received_at >= ?2");
    s.bind(1, sender).bind(2, since);
    const std::int64_t n = s.step() ? s.integer(0) : 0;
    s.reset();
    return n;
}

std::int64_t Store::rejected_for_seat(std::int64_t game_id, const std::string& power,
                                      std::int64_t since) {
    auto& s = db_.prepare(
        "SELECT count(*) FROM mail_inbox WHERE game_id = ?1 AND power = ?2 "
        "AND status = 'rejected' AND received_at >= ?3");
    s.bind(1, game_id).bind(2, power).bind(3, since);
    const std::int64_t n = s.step() ? s.integer(0) : 0;
    s.reset();
    return n;
}

std::optional<OutboxRow> Store::outbox_row(std::int64_t id) {
    auto& s = db_.prepare(
        "SELECT id, recipient, subject, body, headers, attempts FROM mail_outbox WHERE id = ?1");
    s.bind(1, id);
    std::optional<OutboxRow> row;
    if (s.step())
        row = OutboxRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5)};
    s.reset();
    return row;
}

bool Store::add_notice(std::int64_t game_id, std::int64_t seq, const std::string& kind,
                       const std::string& power, std::int64_t at) {
    auto& s = db_.prepare(
        "INSERT INTO mail_notices (game_id, seq, kind, power, at) VALUES (?1, ?2, ?3, ?4, ?5) "
        "ON CONFLICT DO NOTHING");
    s.bind(1, game_id).bind(2, seq).bind(3, kind).bind(4, power).bind(5, at);
    s.run();
    return db_.changes() > 0;
}

std::vector<std::pair<std::int64_t, std::int64_t>> Store::resolved_since(std::int64_t since) {
    auto& s = db_.prepare(
        "SELECT game_id, seq FROM phases WHERE resolved_at IS NOT NULL AND resolved_at >= ?1 "
        "ORDER BY resolved_at, game_id, seq");
    s.bind(1, since);
    std::vector<std::pair<std::int64_t, std::int64_t>> rows;
    while (s.step()) rows.emplace_back(s.integer(0), s.integer(1));
    s.reset();
    return rows;
}

std::vector<std::int64_t> Store::games_deadline_before(std::int64_t until) {
    auto& s = db_.prepare(
        "SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL "
        "AND deadline <= ?1 ORDER BY id");
    s.bind(1, until);
    std::vector<std::int64_t> ids;
    while (s.step()) ids.push_back(s.integer(0));
    s.reset();
    return ids;
}

}  // namespace adjutant::storage
