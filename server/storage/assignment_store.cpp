// SPDX-License-Identifier: Apache-2.0
#include "storage/assignment_store.h"

#include <nlohmann/json.hpp>

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kJoinerColumns =
    "SELECT game_id, place, player, email, token_hash, ranking, power, joined_at FROM join_list ";

JoinerRow read_joiner(const Statement& s) {
    JoinerRow row;
    row.game_id = s.integer(0);
    row.place = s.integer(1);
    row.player = s.text(2);
    row.email = s.optional_text(3);
    row.token_hash = s.text(4);
    // The server wrote this JSON array; a row edited by hand reads as "any".
    if (const auto text = s.optional_text(5)) {
        const auto ranking = nlohmann::json::parse(*text, nullptr, false);
        if (ranking.is_array())
            for (const auto& p : ranking)
                if (p.is_string()) row.ranking.push_back(p.get<std::string>());
    }
    row.power = s.optional_text(6);
    row.joined_at = s.integer(7);
    return row;
}

}  // namespace

std::string AssignmentStore::mode(std::int64_t game_id) {
    return query_one(
               db_, "SELECT mode FROM power_assignment WHERE game_id = ?1",
               [](const Statement& s) { return s.text(0); }, game_id)
        .value_or("first-come");
}

void AssignmentStore::set_mode(std::int64_t game_id, const std::string& mode) {
    execute(db_,
            "INSERT INTO power_assignment (game_id, mode) VALUES (?1, ?2) "
            "ON CONFLICT (game_id) DO UPDATE SET mode = excluded.mode",
            game_id, mode);
}

std::vector<JoinerRow> AssignmentStore::joiners(std::int64_t game_id) {
    static const std::string sql =
        std::string(kJoinerColumns) + "WHERE game_id = ?1 ORDER BY place";
    return query_all(db_, sql, read_joiner, game_id);
}

std::int64_t AssignmentStore::insert_joiner(const JoinerRow& r) {
    const std::int64_t place =
        query_one(
            db_, "SELECT COALESCE(MAX(place) + 1, 0) FROM join_list WHERE game_id = ?1",
            [](const Statement& s) { return s.integer(0); }, r.game_id)
            .value_or(0);
    execute(db_,
            "INSERT INTO join_list (game_id, place, player, email, token_hash, ranking, power, "
            "joined_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            r.game_id, place, r.player, r.email, r.token_hash, nlohmann::json(r.ranking).dump(),
            r.power, r.joined_at);
    return place;
}

std::optional<JoinerRow> AssignmentStore::joiner_by_token_hash(const std::string& hash) {
    static const std::string sql = std::string(kJoinerColumns) + "WHERE token_hash = ?1";
    return query_one(db_, sql, read_joiner, hash);
}

void AssignmentStore::set_ranking(std::int64_t game_id, std::int64_t place,
                                  const std::vector<std::string>& ranking) {
    execute(db_, "UPDATE join_list SET ranking = ?3 WHERE game_id = ?1 AND place = ?2", game_id,
            place, nlohmann::json(ranking).dump());
}

void AssignmentStore::set_power(std::int64_t game_id, std::int64_t place,
                                const std::string& power) {
    execute(db_, "UPDATE join_list SET power = ?3 WHERE game_id = ?1 AND place = ?2", game_id,
            place, power);
}

}  // namespace adjutant::storage
