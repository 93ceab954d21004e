// SPDX-License-Identifier: Apache-2.0
#include "storage/attendance_store.h"

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kExtensionSelect =
    "SELECT game_id, seq, phase, power, seconds, deadline, remaining, at FROM "
    "deadline_extensions ";

ExtensionRow read_extension(const Statement& s) {
    return ExtensionRow{s.integer(0), s.integer(1), s.text(2),    s.text(3),
                        s.integer(4), s.integer(5), s.integer(6), s.integer(7)};
}

AttendanceRow read_attendance(const Statement& s) {
    return AttendanceRow{s.text(0), s.integer(1), s.integer(2), s.optional_integer(3)};
}

}  // namespace

MissingOrdersSettings AttendanceStore::settings(std::int64_t game_id) {
    auto row = query_one(
        db_,
        "SELECT extensions_per_player, extension_seconds, civil_disorder_after, gm_email FROM "
        "missing_orders_settings WHERE game_id = ?1",
        [](const Statement& s) {
            return MissingOrdersSettings{s.integer(0), s.optional_integer(1), s.integer(2),
                                         s.optional_text(3)};
        },
        game_id);
    return row.value_or(MissingOrdersSettings{});
}

void AttendanceStore::put_settings(std::int64_t game_id, const MissingOrdersSettings& s) {
    execute(db_,
            "INSERT INTO missing_orders_settings (game_id, extensions_per_player, "
            "extension_seconds, civil_disorder_after, gm_email) VALUES (?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT (game_id) DO UPDATE SET extensions_per_player = ?2, "
            "extension_seconds = ?3, civil_disorder_after = ?4, gm_email = ?5",
            game_id, s.extensions_per_player, s.extension_seconds, s.civil_disorder_after,
            s.gm_email);
}

std::vector<AttendanceRow> AttendanceStore::seats(std::int64_t game_id) {
    return query_all(
        db_,
        "SELECT s.power, coalesce(a.extensions_used, 0), coalesce(a.missed_phases, 0), "
        "a.civil_disorder_since FROM seats s LEFT JOIN seat_attendance a ON "
        "a.game_id = s.game_id AND a.power = s.power WHERE s.game_id = ?1 "
        "ORDER BY s.power",
        read_attendance, game_id);
}

AttendanceRow AttendanceStore::seat(std::int64_t game_id, const std::string& power) {
    auto row = query_one(db_,
                         "SELECT power, extensions_used, missed_phases, civil_disorder_since FROM "
                         "seat_attendance WHERE game_id = ?1 AND power = ?2",
                         read_attendance, game_id, power);
    return row.value_or(AttendanceRow{power, 0, 0, std::nullopt});
}

void AttendanceStore::put_seat(std::int64_t game_id, const AttendanceRow& r) {
    execute(db_,
            "INSERT INTO seat_attendance (game_id, power, extensions_used, missed_phases, "
            "civil_disorder_since) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (game_id, power) DO "
            "UPDATE SET extensions_used = ?3, missed_phases = ?4, civil_disorder_since = ?5",
            game_id, r.power, r.extensions_used, r.missed_phases, r.civil_disorder_since);
}

void AttendanceStore::reset_seat(std::int64_t game_id, const std::string& power) {
    execute(db_, "DELETE FROM seat_attendance WHERE game_id = ?1 AND power = ?2", game_id, power);
}

void AttendanceStore::add_extension(const ExtensionRow& r) {
    execute(db_,
            "INSERT INTO deadline_extensions (game_id, seq, phase, power, seconds, deadline, "
            "remaining, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            r.game_id, r.seq, r.phase, r.power, r.seconds, r.deadline, r.remaining, r.at);
}

std::vector<ExtensionRow> AttendanceStore::extensions(std::int64_t game_id) {
    static const std::string sql =
        std::string(kExtensionSelect) + "WHERE game_id = ?1 ORDER BY seq, power";
    return query_all(db_, sql, read_extension, game_id);
}

std::vector<ExtensionRow> AttendanceStore::extensions(std::int64_t game_id, std::int64_t seq) {
    static const std::string sql =
        std::string(kExtensionSelect) + "WHERE game_id = ?1 AND seq = ?2 ORDER BY power";
    return query_all(db_, sql, read_extension, game_id, seq);
}

}  // namespace adjutant::storage
