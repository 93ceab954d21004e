// SPDX-License-Identifier: Apache-2.0
// AbsenceStore: the SQL of absences (schema/011_absences.sql): a game's absence settings, each
// seat's absences, the days its GM granted, and the deadlines an absence moved. What they mean
// is the service's (service/absence.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct AbsenceSettings {
    std::int64_t days_per_player = 14;  // 0: no absences in this game
    std::int64_t cooldown_phases = 0;   // 0: off
};

struct AbsenceRow {
    std::int64_t id = 0;
    std::int64_t game_id = 0;
    std::string power;
    std::int64_t starts_at = 0;
    std::int64_t ends_at = 0;
    std::optional<std::string> note;
    std::string status = "declared";  // declared | ended | cancelled | refused
    std::int64_t created_at = 0;
    std::optional<std::int64_t> closed_at;
    std::optional<std::string> closed_by;  // player | gm
};

struct AbsenceMoveRow {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::int64_t absence_id = 0;
    std::int64_t normal_deadline = 0;
    std::int64_t deadline = 0;
    std::int64_t at = 0;
};

class AbsenceStore {
  public:
    explicit AbsenceStore(Database& db) : db_(db) {}

    // A game without a row reads as the defaults.
    AbsenceSettings settings(std::int64_t game_id);
    void put_settings(std::int64_t game_id, const AbsenceSettings& settings);

    std::int64_t insert(const AbsenceRow& row);  // ignores row.id
    void update(const AbsenceRow& row);          // status, ends_at, closed_at, closed_by
    std::optional<AbsenceRow> absence(std::int64_t game_id, std::int64_t id);
    std::vector<AbsenceRow> absences(std::int64_t game_id);  // oldest first
    std::vector<AbsenceRow> absences(std::int64_t game_id, const std::string& power);

    std::int64_t granted_days(std::int64_t game_id, const std::string& power);
    void put_granted_days(std::int64_t game_id, const std::string& power, std::int64_t days);

    std::vector<AbsenceMoveRow> moves(std::int64_t game_id, std::int64_t seq);  // by absence
    // The moves of phase `seq` replaced by `rows`.
    void put_moves(std::int64_t game_id, std::int64_t seq, const std::vector<AbsenceMoveRow>& rows);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
