// SPDX-License-Identifier: Apache-2.0
// AttendanceStore: the SQL of the missing-orders policy (schema/007_missing_orders.sql): a
// game's extension and civil-disorder settings, each seat's attendance, and the automatic
// deadline extensions. What they mean is the service's (service/attendance.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct MissingOrdersSettings {
    std::int64_t extensions_per_player = 1;
    std::optional<std::int64_t> extension_seconds;  // none: the phase's length, at most a day
    std::int64_t civil_disorder_after = 2;          // 0: never
    std::optional<std::string> gm_email;
};

struct AttendanceRow {
    std::string power;
    std::int64_t extensions_used = 0;
    std::int64_t missed_phases = 0;
    std::optional<std::int64_t> civil_disorder_since;
};

struct ExtensionRow {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;
    std::string power;
    std::int64_t seconds = 0;
    std::int64_t deadline = 0;
    std::int64_t remaining = 0;
    std::int64_t at = 0;
};

class AttendanceStore {
  public:
    explicit AttendanceStore(Database& db) : db_(db) {}

    // A game without a row (none is ever missing: creation writes one) reads as the defaults.
    MissingOrdersSettings settings(std::int64_t game_id);
    void put_settings(std::int64_t game_id, const MissingOrdersSettings& settings);

    // Every seat of the game, by power; a seat without a row reads as zeros.
    std::vector<AttendanceRow> seats(std::int64_t game_id);
    AttendanceRow seat(std::int64_t game_id, const std::string& power);
    void put_seat(std::int64_t game_id, const AttendanceRow& row);
    // A new occupant starts with a clean record.
    void reset_seat(std::int64_t game_id, const std::string& power);

    void add_extension(const ExtensionRow& row);
    std::vector<ExtensionRow> extensions(std::int64_t game_id);  // oldest first
    std::vector<ExtensionRow> extensions(std::int64_t game_id, std::int64_t seq);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
