// SPDX-License-Identifier: Apache-2.0
#include "service/attendance.h"

#include <algorithm>

#include "service/absence.h"
#include "service/game_internal.h"
#include "service/mailbox.h"
#include "service/text.h"
#include "storage/audit_details.h"

namespace adjutant::service::attendance {

namespace {

constexpr std::int64_t kDay = 24 * 3600;

bool listed(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

const storage::AttendanceRow* row_of(const std::vector<storage::AttendanceRow>& rows,
                                     const std::string& power) {
    for (const auto& row : rows)
        if (row.power == power) return &row;
    return nullptr;
}

// Whether the phase's deadline had passed at `now`. The game's deadline is the phase's, moved by
// every extension (automatic or the GM's); a paused game keeps the time it had left instead. A
// game with neither has no clock, and its GM's resolve is the only deadline there is.
bool deadline_passed(const storage::GameRow& game, std::int64_t now) {
    if (game.deadline) return now >= *game.deadline;
    if (game.paused_remaining) return *game.paused_remaining <= 0;
    return true;
}

}  // namespace

storage::MissingOrdersSettings apply(const SettingsChange& change,
                                     storage::MissingOrdersSettings base) {
    if (change.extensions_per_player) base.extensions_per_player = *change.extensions_per_player;
    if (change.extension_seconds_given) base.extension_seconds = change.extension_seconds;
    if (change.civil_disorder_after) base.civil_disorder_after = *change.civil_disorder_after;
    if (change.gm_email_given) base.gm_email = change.gm_email;
    return base;
}

bool same_public_settings(const storage::MissingOrdersSettings& a,
                          const storage::MissingOrdersSettings& b) {
    return a.extensions_per_player == b.extensions_per_player &&
           a.extension_seconds == b.extension_seconds &&
           a.civil_disorder_after == b.civil_disorder_after;
}

std::int64_t extension_seconds(const storage::GameRow& game,
                               const storage::MissingOrdersSettings& settings,
                               std::string_view phase_code) {
    if (settings.extension_seconds) return *settings.extension_seconds;
    // A late player gets as long again as the phase gave everyone, but a weekly game does not
    // stall for a week over one missing set of orders.
    return std::min(phase_seconds(game, phase_code), kDay);
}

bool extend_if_owed(const Locked& locked, LoadedGame& game, std::int64_t now) {
    auto& store = locked.store();
    auto records = store.attendance();
    const std::int64_t id = game.row.id;
    const auto settings = records.settings(id);
    if (settings.extensions_per_player <= 0) return false;
    // Once per phase: after its extension a phase resolves at the new deadline, whoever is
    // still missing.
    if (!records.extensions(id, game.phase.seq).empty()) return false;
    const Variant& variant = game.variant->variant;
    const auto rows = records.seats(id);
    std::vector<storage::AttendanceRow> owed;
    for (const auto& seat : store.seats(id)) {
        if (!seat.token_hash) continue;  // nobody to wait for
        const auto* row = row_of(rows, seat.power);
        storage::AttendanceRow record =
            row ? *row : storage::AttendanceRow{seat.power, 0, 0, std::nullopt};
        if (record.civil_disorder_since) continue;  // abandoned: the GM finds a replacement
        if (record.extensions_used >= settings.extensions_per_player) continue;
        if (!needs_orders(variant, game.position, variant.find_power(seat.power))) continue;
        if (store.order(id, game.phase.seq, seat.power)) continue;
        owed.push_back(record);
    }
    if (owed.empty()) return false;
    const std::int64_t seconds = extension_seconds(game.row, settings, game.phase.phase);
    std::vector<std::string> powers;
    storage::Transaction transaction(store.database());
    // The extension passes the absences' rule like every deadline (service/absence.h).
    const std::int64_t deadline = AbsenceService::schedule(locked, id, game.phase.seq, variant,
                                                           game.position, now + seconds, now);
    for (auto& record : owed) {
        ++record.extensions_used;
        records.put_seat(id, record);
        records.add_extension({id, game.phase.seq, game.phase.phase, record.power, seconds,
                               deadline, settings.extensions_per_player - record.extensions_used,
                               now});
        powers.push_back(record.power);
    }
    game.row.deadline = deadline;
    store.update_game(game.row);
    store.set_phase_deadline(id, game.phase.seq, deadline);
    store.audit(id, "server", "deadline_extended",
                storage::encode_audit_details({{"phase", game.phase.phase},
                                               {"seq", game.phase.seq},
                                               {"powers", powers},
                                               {"seconds", seconds},
                                               {"deadline", deadline}}),
                now);
    locked.changed(id);
    transaction.commit();
    return true;
}

Plan plan_attendance(const Locked& locked, const LoadedGame& game,
                     const std::vector<std::string>& ordered, std::int64_t now) {
    auto& store = locked.store();
    auto records = store.attendance();
    const std::int64_t id = game.row.id;
    const auto settings = records.settings(id);
    const Variant& variant = game.variant->variant;
    Plan plan;
    for (const auto& extension : records.extensions(id, game.phase.seq))
        plan.events.push_back(storage::DeadlineExtendedEvent{
            extension.power, extension.seconds, extension.deadline, extension.remaining});
    const auto rows = records.seats(id);
    // Resolved early, the phase was missed by nobody: the seats without orders had time left.
    const bool late = deadline_passed(game.row, now);
    for (const auto& seat : store.seats(id)) {
        if (!seat.token_hash) continue;  // an open seat has no player to count
        if (!needs_orders(variant, game.position, variant.find_power(seat.power))) continue;
        const auto* row = row_of(rows, seat.power);
        storage::AttendanceRow record =
            row ? *row : storage::AttendanceRow{seat.power, 0, 0, std::nullopt};
        if (listed(ordered, seat.power)) {
            record.missed_phases = 0;
            plan.on_time.push_back(seat.power);
        } else if (late) {
            ++record.missed_phases;
            plan.missed.push_back(seat.power);
            if (!record.civil_disorder_since && settings.civil_disorder_after > 0 &&
                record.missed_phases >= settings.civil_disorder_after) {
                record.civil_disorder_since = game.phase.seq;
                plan.new_disorder.push_back(seat.power);
                plan.events.push_back(
                    storage::CivilDisorderEvent{seat.power, record.missed_phases});
            }
        }
        plan.rows.push_back(record);
    }
    return plan;
}

void apply(const Locked& locked, const LoadedGame& game, const Plan& plan, std::int64_t now) {
    auto& store = locked.store();
    auto records = store.attendance();
    for (const auto& row : plan.rows) records.put_seat(game.row.id, row);
    auto accounts = store.accounts();
    const auto record = [&](const std::string& power, const std::string& outcome) {
        if (const auto binding = accounts.seat_binding(game.row.id, power))
            accounts.record_phase(binding->account_id, game.row.id, game.phase.seq, power, outcome);
    };
    for (const auto& power : plan.on_time) record(power, "on_time");
    for (const auto& power : plan.missed)
        record(power, listed(plan.new_disorder, power) ? "civil_disorder" : "missed");
    for (const auto& power : plan.new_disorder) {
        const auto* row = row_of(plan.rows, power);
        store.audit(game.row.id, "server", "civil_disorder",
                    storage::encode_audit_details(
                        {{"power", power},
                         {"phase", game.phase.phase},
                         {"seq", game.phase.seq},
                         {"missed_phases", row ? row->missed_phases : std::int64_t{0}}}),
                    now);
    }
}

std::vector<std::string> civil_disorder_powers(const Locked& locked, std::int64_t game_id) {
    std::vector<std::string> out;
    for (const auto& row : locked.store().attendance().seats(game_id))
        if (row.civil_disorder_since) out.push_back(row.power);
    return out;
}

std::vector<std::string> absent_powers(const Locked& locked, std::int64_t game_id) {
    auto& store = locked.store();
    const auto rows = store.attendance().seats(game_id);
    std::vector<std::string> out;
    for (const auto& seat : store.seats(game_id)) {
        const auto* row = row_of(rows, seat.power);
        if (!seat.token_hash || (row && row->civil_disorder_since)) out.push_back(seat.power);
    }
    return out;
}

void orders_received(const Locked& locked, std::int64_t game_id, const std::string& power,
                     std::int64_t now) {
    auto records = locked.store().attendance();
    auto record = records.seat(game_id, power);
    if (!record.civil_disorder_since) return;
    // webDiplomacy's rule: a player who left may come back to their seat until someone else
    // has been given it (a GM replacement issues a new token, and this one stops working).
    record.civil_disorder_since.reset();
    record.missed_phases = 0;
    records.put_seat(game_id, record);
    locked.store().audit(game_id, "player:" + power, "civil_disorder_ended",
                         storage::encode_audit_details({{"power", power}}), now);
    locked.changed(game_id);
}

std::int64_t extensions_left(const storage::AttendanceRow& row,
                             const storage::MissingOrdersSettings& settings) {
    return std::max<std::int64_t>(0, settings.extensions_per_player - row.extensions_used);
}

}  // namespace adjutant::service::attendance
