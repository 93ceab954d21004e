// SPDX-License-Identifier: Apache-2.0
// AssignmentStore: the SQL of assigning powers (schema/010_power_preferences.sql): a game's
// mode (no row: first come, first served) and its join list. Who may join, rank and read is
// the service's decision (service/seat_service.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct JoinerRow {
    std::int64_t game_id = 0;
    std::int64_t place = 0;  // from 0, in the order they joined
    std::string player;
    std::optional<std::string> email;
    std::string token_hash;
    std::vector<std::string> ranking;  // power names, most wanted first; empty: any
    std::optional<std::string> power;  // once the game has assigned it
    std::int64_t joined_at = 0;
};

class AssignmentStore {
  public:
    explicit AssignmentStore(Database& db) : db_(db) {}

    // "first-come" when the game has no row.
    std::string mode(std::int64_t game_id);
    void set_mode(std::int64_t game_id, const std::string& mode);

    std::vector<JoinerRow> joiners(std::int64_t game_id);  // by place
    // Places the row after the last (row.place is ignored) and returns its place.
    std::int64_t insert_joiner(const JoinerRow& row);
    std::optional<JoinerRow> joiner_by_token_hash(const std::string& hash);
    void set_ranking(std::int64_t game_id, std::int64_t place,
                     const std::vector<std::string>& ranking);
    void set_power(std::int64_t game_id, std::int64_t place, const std::string& power);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
