// SPDX-License-Identifier: Apache-2.0
#include "storage/absence_store.h"

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kAbsenceSelect =
    "SELECT id, game_id, power, starts_at, ends_at, note, status, created_at, closed_at, "
    "closed_by FROM absences ";

AbsenceRow read_absence(const Statement& s) {
    AbsenceRow row;
    row.id = s.integer(0);
    row.game_id = s.integer(1);
    row.power = s.text(2);
    row.starts_at = s.integer(3);
    row.ends_at = s.integer(4);
    row.note = s.optional_text(5);
    row.status = s.text(6);
    row.created_at = s.integer(7);
    row.closed_at = s.optional_integer(8);
    row.closed_by = s.optional_text(9);
    return row;
}

}  // namespace

AbsenceSettings AbsenceStore::settings(std::int64_t game_id) {
    auto row = query_one(
        db_, "SELECT days_per_player, cooldown_phases FROM absence_settings WHERE game_id = ?1",
        [](const Statement& s) {
            return AbsenceSettings{s.integer(0), s.integer(1)};
        },
        game_id);
    return row.value_or(AbsenceSettings{});
}

void AbsenceStore::put_settings(std::int64_t game_id, const AbsenceSettings& s) {
    execute(db_,
            "INSERT INTO absence_settings (game_id, days_per_player, cooldown_phases) VALUES "
            "(?1, ?2, ?3) ON CONFLICT (game_id) DO UPDATE SET days_per_player = ?2, "
            "cooldown_phases = ?3",
            game_id, s.days_per_player, s.cooldown_phases);
}

std::int64_t AbsenceStore::insert(const AbsenceRow& r) {
    execute(db_,
            "INSERT INTO absences (game_id, power, starts_at, ends_at, note, status, created_at, "
            "closed_at, closed_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            r.game_id, r.power, r.starts_at, r.ends_at, r.note, r.status, r.created_at, r.closed_at,
            r.closed_by);
    return db_.last_insert_id();
}

void AbsenceStore::update(const AbsenceRow& r) {
    execute(db_,
            "UPDATE absences SET status = ?3, ends_at = ?4, closed_at = ?5, closed_by = ?6 "
            "WHERE game_id = ?1 AND id = ?2",
            r.game_id, r.id, r.status, r.ends_at, r.closed_at, r.closed_by);
}

std::optional<AbsenceRow> AbsenceStore::absence(std::int64_t game_id, std::int64_t id) {
    return query_one(db_, std::string(kAbsenceSelect) + "WHERE game_id = ?1 AND id = ?2",
                     read_absence, game_id, id);
}

std::vector<AbsenceRow> AbsenceStore::absences(std::int64_t game_id) {
    return query_all(db_, std::string(kAbsenceSelect) + "WHERE game_id = ?1 ORDER BY id",
                     read_absence, game_id);
}

std::vector<AbsenceRow> AbsenceStore::absences(std::int64_t game_id, const std::string& power) {
    return query_all(db_,
                     std::string(kAbsenceSelect) + "WHERE game_id = ?1 AND power = ?2 ORDER BY id",
                     read_absence, game_id, power);
}

std::int64_t AbsenceStore::granted_days(std::int64_t game_id, const std::string& power) {
    return query_one(
               db_, "SELECT days FROM absence_grants WHERE game_id = ?1 AND power = ?2",
               [](const Statement& s) { return s.integer(0); }, game_id, power)
        .value_or(0);
}

void AbsenceStore::put_granted_days(std::int64_t game_id, const std::string& power,
                                    std::int64_t days) {
    execute(db_,
            "INSERT INTO absence_grants (game_id, power, days) VALUES (?1, ?2, ?3) "
            "ON CONFLICT (game_id, power) DO UPDATE SET days = ?3",
            game_id, power, days);
}

std::vector<AbsenceMoveRow> AbsenceStore::moves(std::int64_t game_id, std::int64_t seq) {
    return query_all(
        db_,
        "SELECT game_id, seq, absence_id, normal_deadline, deadline, at FROM absence_moves "
        "WHERE game_id = ?1 AND seq = ?2 ORDER BY absence_id",
        [](const Statement& s) {
            return AbsenceMoveRow{s.integer(0), s.integer(1), s.integer(2),
                                  s.integer(3), s.integer(4), s.integer(5)};
        },
        game_id, seq);
}

void AbsenceStore::put_moves(std::int64_t game_id, std::int64_t seq,
                             const std::vector<AbsenceMoveRow>& rows) {
    execute(db_, "DELETE FROM absence_moves WHERE game_id = ?1 AND seq = ?2", game_id, seq);
    for (const auto& r : rows)
        execute(db_,
                "INSERT INTO absence_moves (game_id, seq, absence_id, normal_deadline, deadline, "
                "at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                game_id, seq, r.absence_id, r.normal_deadline, r.deadline, r.at);
}

}  // namespace adjutant::storage
