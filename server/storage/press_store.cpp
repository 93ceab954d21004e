// SPDX-License-Identifier: Apache-2.0
#include "storage/press_store.h"

#include <nlohmann/json.hpp>

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

PressRulesRow read_rules(const Statement& s) {
    PressRulesRow row;
    row.rule = s.text(0);
    row.grey = s.integer(1) != 0;
    row.in_retreats = s.integer(2) != 0;
    row.in_adjustments = s.integer(3) != 0;
    row.gm_reads_all = s.integer(4) != 0;
    row.publish_at_end = s.integer(5) != 0;
    return row;
}

// The recipients column is a JSON array the server itself wrote; a row that does not parse
// (edited by hand) reads as having no recipients rather than failing every read of the game.
std::vector<std::string> read_recipients(const std::string& text) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    std::vector<std::string> out;
    if (!json.is_array()) return out;
    for (const auto& item : json)
        if (item.is_string()) out.push_back(item.get<std::string>());
    return out;
}

PressRow read_press(const Statement& s) {
    PressRow row;
    row.id = s.integer(0);
    row.game_id = s.integer(1);
    row.seq = s.integer(2);
    row.phase = s.text(3);
    row.sender = s.text(4);
    row.recipients = read_recipients(s.text(5));
    row.broadcast = s.integer(6) != 0;
    row.grey = s.integer(7) != 0;
    row.body = s.text(8);
    row.source = s.text(9);
    row.sent_at = s.integer(10);
    return row;
}

}  // namespace

std::optional<PressRulesRow> PressStore::rules(std::int64_t game_id) {
    return query_one(db_,
                     "SELECT rule, grey, in_retreats, in_adjustments, gm_reads_all, "
                     "publish_at_end FROM press_rules WHERE game_id = ?1",
                     read_rules, game_id);
}

void PressStore::put_rules(std::int64_t game_id, const PressRulesRow& r) {
    execute(db_,
            "INSERT INTO press_rules (game_id, rule, grey, in_retreats, in_adjustments, "
            "gm_reads_all, publish_at_end) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
            "ON CONFLICT (game_id) DO UPDATE SET rule = ?2, grey = ?3, in_retreats = ?4, "
            "in_adjustments = ?5, gm_reads_all = ?6, publish_at_end = ?7",
            game_id, r.rule, std::int64_t{r.grey}, std::int64_t{r.in_retreats},
            std::int64_t{r.in_adjustments}, std::int64_t{r.gm_reads_all},
            std::int64_t{r.publish_at_end});
}

std::int64_t PressStore::insert(const PressRow& r) {
    execute(db_,
            "INSERT INTO press (game_id, seq, phase, sender, recipients, broadcast, grey, body, "
            "source, sent_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            r.game_id, r.seq, r.phase, r.sender, nlohmann::json(r.recipients).dump(),
            std::int64_t{r.broadcast}, std::int64_t{r.grey}, r.body, r.source, r.sent_at);
    const std::int64_t id = db_.last_insert_id();
    for (const auto& recipient : r.recipients)
        execute(db_, "INSERT INTO press_recipients (press_id, recipient) VALUES (?1, ?2)", id,
                recipient);
    return id;
}

std::vector<PressRow> PressStore::messages(std::int64_t game_id, const PressFilter& filter,
                                           std::int64_t after, int limit) {
    return query_all(
        db_,
        "SELECT id, game_id, seq, phase, sender, recipients, broadcast, grey, body, source, "
        "sent_at FROM press WHERE game_id = ?1 AND id > ?2 AND (?3 OR sender = ?4 OR "
        "(?5 AND broadcast != 0) OR EXISTS (SELECT 1 FROM press_recipients r WHERE r.press_id = "
        "press.id AND r.recipient = ?4)) ORDER BY id LIMIT ?6",
        read_press, game_id, after, std::int64_t{filter.everything}, filter.reader,
        std::int64_t{filter.broadcasts}, std::int64_t{limit});
}

std::optional<PressRow> PressStore::message(std::int64_t game_id, std::int64_t id) {
    return query_one(db_,
                     "SELECT id, game_id, seq, phase, sender, recipients, broadcast, grey, body, "
                     "source, sent_at FROM press WHERE game_id = ?1 AND id = ?2",
                     read_press, game_id, id);
}

std::vector<PressRow> PressStore::sent_since(std::int64_t since, int limit) {
    return query_all(db_,
                     "SELECT id, game_id, seq, phase, sender, recipients, broadcast, grey, body, "
                     "source, sent_at FROM press WHERE sent_at >= ?1 ORDER BY id LIMIT ?2",
                     read_press, since, std::int64_t{limit});
}

std::int64_t PressStore::sent_in_phase(std::int64_t game_id, std::int64_t seq,
                                       const std::string& sender) {
    return query_one(
               db_, "SELECT COUNT(*) FROM press WHERE game_id = ?1 AND seq = ?2 AND sender = ?3",
               [](const Statement& s) { return s.integer(0); }, game_id, seq, sender)
        .value_or(0);
}

std::vector<std::pair<std::string, std::int64_t>> PressStore::read_marks(
    std::int64_t game_id, const std::string& reader) {
    return query_all(
        db_,
        "SELECT conversation, last_read FROM press_reads WHERE game_id = ?1 AND reader = ?2 "
        "ORDER BY conversation",
        [](const Statement& s) { return std::pair(s.text(0), s.integer(1)); }, game_id, reader);
}

void PressStore::mark_read(std::int64_t game_id, const std::string& reader,
                           const std::string& conversation, std::int64_t last_read) {
    execute(db_,
            "INSERT INTO press_reads (game_id, reader, conversation, last_read) "
            "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id, reader, conversation) "
            "DO UPDATE SET last_read = CASE WHEN press_reads.last_read > ?4 "
            "THEN press_reads.last_read ELSE ?4 END",
            game_id, reader, conversation, last_read);
}

}  // namespace adjutant::storage
