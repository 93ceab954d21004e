// SPDX-License-Identifier: Apache-2.0
#include "service/absence.h"

#include <algorithm>
#include <cstdio>

#include "service/attendance.h"
#include "service/game_document.h"
#include "service/game_internal.h"
#include "storage/audit_details.h"

namespace adjutant::service {

namespace absence {

namespace {

// Howard Hinnant's days_from_civil: days since 1970-01-01 of a proleptic Gregorian date.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool leap(std::int64_t y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned month_days(std::int64_t y, unsigned m) {
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

// Reads `count` digits at `pos` of `text` into `out`; false when they are not digits.
bool digits(std::string_view text, std::size_t pos, std::size_t count, unsigned& out) {
    if (pos + count > text.size()) return false;
    out = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        if (text[i] < '0' || text[i] > '9') return false;
        out = out * 10 + static_cast<unsigned>(text[i] - '0');
    }
    return true;
}

// The zone after a time: "", "Z", "UTC" (with or without a space before), "+HH:MM", "+HHMM",
// "+HH"; the offset in seconds east of UTC.
std::optional<std::int64_t> zone_offset(std::string_view zone) {
    if (!zone.empty() && zone.front() == ' ') zone.remove_prefix(1);
    if (zone.empty() || zone == "Z" || zone == "z" || zone == "UTC" || zone == "utc") return 0;
    if (zone.front() != '+' && zone.front() != '-') return std::nullopt;
    const int sign = zone.front() == '-' ? -1 : 1;
    zone.remove_prefix(1);
    unsigned hours = 0;
    unsigned minutes = 0;
    if (!digits(zone, 0, 2, hours)) return std::nullopt;
    // +HH, +HH:MM or +HHMM.
    const bool colon = zone.size() == 5 && zone[2] == ':';
    const bool ok = zone.size() == 2 || (colon && digits(zone, 3, 2, minutes)) ||
                    (zone.size() == 4 && digits(zone, 2, 2, minutes));
    if (!ok) return std::nullopt;
    if (hours > 14 || minutes > 59) return std::nullopt;
    return sign * static_cast<std::int64_t>(hours * 3600 + minutes * 60);
}

}  // namespace

std::optional<std::int64_t> parse_time(std::string_view text, bool end_of_day) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    unsigned year = 0;
    unsigned month = 0;
    unsigned day = 0;
    if (!digits(text, 0, 4, year) || text.size() < 10 || text[4] != '-' ||
        !digits(text, 5, 2, month) || text[7] != '-' || !digits(text, 8, 2, day))
        return std::nullopt;
    if (year < 1970 || month < 1 || month > 12 || day < 1 || day > month_days(year, month))
        return std::nullopt;
    const std::int64_t date = days_from_civil(year, month, day) * kDay;
    if (text.size() == 10) return end_of_day ? date + kDay : date;
    if (text[10] != 'T' && text[10] != 't' && text[10] != ' ') return std::nullopt;
    unsigned hour = 0;
    unsigned minute = 0;
    unsigned second = 0;
    if (!digits(text, 11, 2, hour) || text.size() < 16 || text[13] != ':' ||
        !digits(text, 14, 2, minute))
        return std::nullopt;
    std::size_t pos = 16;
    if (text.size() >= 19 && text[16] == ':') {
        if (!digits(text, 17, 2, second)) return std::nullopt;
        pos = 19;
    }
    if (hour > 23 || minute > 59 || second > 59) return std::nullopt;
    const auto offset = zone_offset(text.substr(pos));
    if (!offset) return std::nullopt;
    return date + hour * 3600 + minute * 60 + second - *offset;
}

std::string time_text(std::int64_t t) {
    // civil_from_days, the inverse of days_from_civil.
    std::int64_t z = (t >= 0 ? t : t - (kDay - 1)) / kDay;
    const std::int64_t secs = t - z * kDay;
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0);
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%04lld-%02u-%02u %02lld:%02lld UTC",
                  static_cast<long long>(y), m, d, static_cast<long long>(secs / 3600),
                  static_cast<long long>(secs % 3600 / 60));
    return buffer;
}

std::int64_t days_of(std::int64_t from, std::int64_t to) {
    if (to <= from) return 0;
    return (to - from + kDay - 1) / kDay;
}

Effective effective_deadline(std::int64_t normal, const std::vector<Window>& windows) {
    Effective out{normal, {}};
    std::vector<bool> used(windows.size(), false);
    for (bool moved = true; moved;) {
        moved = false;
        for (std::size_t i = 0; i < windows.size(); ++i) {
            const Window& w = windows[i];
            if (used[i] || out.deadline < w.from || out.deadline >= w.to) continue;
            out.deadline = w.to;
            out.moved_by.push_back(w.absence_id);
            used[i] = true;
            moved = true;
        }
    }
    return out;
}

Allowance allowance_of(const storage::AbsenceSettings& settings, std::int64_t granted,
                       const std::vector<storage::AbsenceRow>& seat_absences) {
    Allowance out{settings.days_per_player, granted, 0};
    for (const auto& a : seat_absences)
        if (a.status == "declared" || a.status == "ended")
            out.used += days_of(a.starts_at, a.ends_at);
    return out;
}

std::optional<std::string> refusal(std::int64_t from, std::int64_t to,
                                   const storage::AbsenceSettings& settings, std::int64_t granted,
                                   const std::vector<storage::AbsenceRow>& seat_absences,
                                   std::int64_t cooldown_since, std::int64_t now) {
    const Allowance allowance = allowance_of(settings, granted, seat_absences);
    if (allowance.allowed() <= 0) return "this game allows no absences";
    for (const auto& a : seat_absences)
        if (a.status == "declared" && a.ends_at > now)
            return "this seat already has an absence (" + time_text(a.starts_at) + " to " +
                   time_text(a.ends_at) + "); one at a time: cancel it first";
    if (settings.cooldown_phases > 0)
        for (const auto& a : seat_absences)
            if ((a.status == "declared" || a.status == "ended") && a.starts_at <= now &&
                a.ends_at > cooldown_since)
                return "this game allows no new absence within " +
                       std::to_string(settings.cooldown_phases) + " phase" +
                       (settings.cooldown_phases == 1 ? "" : "s") + " of the last one";
    const std::int64_t days = days_of(from, to);
    if (days > allowance.left()) {
        std::string limit = std::to_string(allowance.days_per_player) + " days per player";
        if (allowance.granted > 0)
            limit += " and " + std::to_string(allowance.granted) + " granted by the GM";
        return "this absence is " + std::to_string(days) + " day" + (days == 1 ? "" : "s") +
               ", over the limit: the game allows " + limit + ", and this seat has " +
               std::to_string(allowance.left()) + " day" + (allowance.left() == 1 ? "" : "s") +
               " left";
    }
    return std::nullopt;
}

}  // namespace absence

namespace {

std::string state_of(const storage::AbsenceRow& row, std::int64_t now) {
    if (row.status != "declared") return row.status;
    if (now < row.starts_at) return "pending";
    return now < row.ends_at ? "active" : "over";
}

AbsenceView view_of(const storage::AbsenceRow& row, std::int64_t now) {
    return {row.id,
            row.power,
            row.starts_at,
            row.ends_at,
            absence::days_of(row.starts_at, row.ends_at),
            state_of(row, now),
            row.note,
            row.created_at,
            row.closed_at,
            row.closed_by};
}

bool is_gm(const Caller& caller, std::int64_t game_id) {
    return caller.role == Role::GameMaster && caller.game_id == game_id;
}

// When the earliest of the game's last `phases` phases began: the resolution of the phase
// before it; the lowest value when the game has had no more phases.
std::int64_t cooldown_since(const Locked& locked, const LoadedGame& game, std::int64_t phases) {
    const std::int64_t before = game.phase.seq - phases;
    if (phases <= 0 || before < 0) return std::numeric_limits<std::int64_t>::min();
    const auto phase = locked.store().phase(game.row.id, before);
    if (!phase || !phase->resolved_at) return std::numeric_limits<std::int64_t>::min();
    return *phase->resolved_at;
}

void audit(const Locked& locked, std::int64_t game_id, const std::string& actor,
           const std::string& action, const storage::AbsenceRow& row, std::int64_t now) {
    storage::AuditDetails details{
        {"id", row.id}, {"power", row.power}, {"from", row.starts_at}, {"to", row.ends_at}};
    if (row.note) details["note"] = *row.note;  // the audit log is the GM's alone
    locked.store().audit(game_id, actor, action, storage::encode_audit_details(details), now);
}

AbsenceList list_of(const Locked& locked, const Caller& caller, std::int64_t game_id,
                    std::int64_t now) {
    auto records = locked.store().absences();
    const bool gm = is_gm(caller, game_id);
    if (!gm) require_player(caller, game_id);
    AbsenceList out;
    out.settings = records.settings(game_id);
    for (const auto& seat : locked.store().seats(game_id)) {
        if (!gm && seat.power != caller.power) continue;
        out.seats.push_back(
            {seat.power,
             absence::allowance_of(out.settings, records.granted_days(game_id, seat.power),
                                   records.absences(game_id, seat.power))});
    }
    for (const auto& row : records.absences(game_id))
        if (gm || row.power == caller.power) out.absences.push_back(view_of(row, now));
    return out;
}

}  // namespace

absence::Effective AbsenceService::plan(const Locked& locked, std::int64_t game_id,
                                        const Variant& variant, const Position& position,
                                        std::int64_t normal) {
    auto& store = locked.store();
    auto records = store.absences();
    std::vector<absence::Window> windows;
    for (const auto& seat : store.seats(game_id)) {
        if (!seat.token_hash) continue;  // nobody to wait for
        if (!needs_orders(variant, position, variant.find_power(seat.power))) continue;
        for (const auto& row : records.absences(game_id, seat.power))
            if (row.status == "declared" || row.status == "ended")
                windows.push_back({row.id, row.starts_at, row.ends_at});
    }
    return absence::effective_deadline(normal, windows);
}

void AbsenceService::record(const Locked& locked, std::int64_t game_id, std::int64_t seq,
                            std::int64_t normal, const absence::Effective& effective,
                            std::int64_t now) {
    std::vector<storage::AbsenceMoveRow> moves;
    for (std::int64_t id : effective.moved_by)
        moves.push_back({game_id, seq, id, normal, effective.deadline, now});
    locked.store().absences().put_moves(game_id, seq, moves);
}

std::int64_t AbsenceService::schedule(const Locked& locked, std::int64_t game_id, std::int64_t seq,
                                      const Variant& variant, const Position& position,
                                      std::int64_t normal, std::int64_t now) {
    const absence::Effective effective = plan(locked, game_id, variant, position, normal);
    record(locked, game_id, seq, normal, effective, now);
    return effective.deadline;
}

void AbsenceService::reschedule(const Locked& locked, LoadedGame& game, std::int64_t now) {
    storage::GameRow& row = game.row;
    if (row.status != GameStatus::active || !row.deadline || row.sandbox) return;
    auto& store = locked.store();
    const auto moves = store.absences().moves(row.id, game.phase.seq);
    // Moved by absences alone: start again from the normal deadline. Changed since (the GM's
    // extension, an automatic one): from the deadline as it is, which an absence only delays.
    const bool from_normal = !moves.empty() && moves.back().deadline == *row.deadline;
    const std::int64_t normal = from_normal ? moves.front().normal_deadline : *row.deadline;
    std::int64_t deadline =
        schedule(locked, row.id, game.phase.seq, game.variant->variant, game.position, normal, now);
    if (deadline < *row.deadline) {
        const std::int64_t time_to_order = attendance::extension_seconds(
            row, store.attendance().settings(row.id), game.phase.phase);
        deadline = std::min(*row.deadline, std::max(deadline, now + time_to_order));
    }
    if (deadline == *row.deadline) return;
    row.deadline = deadline;
    store.update_game(row);
    store.set_phase_deadline(row.id, game.phase.seq, row.deadline);
}

std::optional<std::int64_t> AbsenceService::waiting_until(const Locked& locked,
                                                          const storage::GameRow& game,
                                                          std::int64_t seq) {
    if (game.status != GameStatus::active || !game.deadline) return std::nullopt;
    const auto moves = locked.store().absences().moves(game.id, seq);
    if (moves.empty() || moves.back().deadline != *game.deadline) return std::nullopt;
    return *game.deadline;
}

DeclaredAbsence AbsenceService::declare(const Locked& locked, const Caller& caller,
                                        std::int64_t game_id, const AbsenceRequest& request,
                                        std::int64_t now) {
    require_player(caller, game_id);
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
    if (game.row.sandbox) throw conflict("a sandbox game has no deadlines to move");
    const auto from = absence::parse_time(request.from, false);
    const auto to = absence::parse_time(request.to, true);
    constexpr const char* kForm =
        ": write a date (2026-12-24, UTC) or a date and time (2026-12-24T18:00, UTC, or with an "
        "offset: 2026-12-24T18:00+01:00)";
    if (!from)
        throw bad_request("the absence's start '" + request.from + "' is not a time" + kForm);
    if (!to) throw bad_request("the absence's end '" + request.to + "' is not a time" + kForm);
    if (request.note && request.note->size() > 500)
        throw bad_request("the note is longer than 500 characters");
    // An absence from the past starts now.
    const std::int64_t starts = std::max(*from, now);
    if (*to <= starts)
        throw bad_request("the absence must end after it starts and after now (" +
                          absence::time_text(now) + ")");
    auto records = store.absences();
    const auto settings = records.settings(game_id);
    const auto mine = records.absences(game_id, caller.power);
    if (auto why =
            absence::refusal(starts, *to, settings, records.granted_days(game_id, caller.power),
                             mine, cooldown_since(locked, game, settings.cooldown_phases), now))
        throw ApiError(409, "absence_refused", "absence refused: " + *why);
    storage::Transaction transaction(store.database());
    storage::AbsenceRow row;
    row.game_id = game_id;
    row.power = caller.power;
    row.starts_at = starts;
    row.ends_at = *to;
    row.note = request.note && !request.note->empty() ? request.note : std::nullopt;
    row.created_at = now;
    row.id = records.insert(row);
    audit(locked, game_id, "player:" + caller.power, "absence_declared", row, now);
    reschedule(locked, game, now);
    locked.changed(game_id);
    transaction.commit();
    return {view_of(row, now), game.row.deadline, game.phase.phase};
}

DeclaredAbsence AbsenceService::declare(const Caller& caller, std::int64_t game_id,
                                        const AbsenceRequest& request) {
    const auto locked = context_.lock();
    return declare(locked, caller, game_id, request, context_.now());
}

DeclaredAbsence AbsenceService::cancel(const Caller& caller, std::int64_t game_id,
                                       std::int64_t absence_id) {
    const bool gm = is_gm(caller, game_id);
    if (!gm) require_player(caller, game_id);
    const auto locked = context_.lock();
    const std::int64_t now = context_.now();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    auto records = store.absences();
    auto row = records.absence(game_id, absence_id);
    if (!row || (!gm && row->power != caller.power))
        throw not_found("no absence " + std::to_string(absence_id) + " of yours in this game");
    if (row->status != "declared" || row->ends_at <= now)
        throw conflict("absence " + std::to_string(absence_id) + " is already over");
    std::string action;
    if (now < row->starts_at) {
        row->status = gm ? "refused" : "cancelled";
        action = gm ? "absence_refused" : "absence_cancelled";
    } else {
        // Ended early: it counts the days it ran.
        row->status = "ended";
        row->ends_at = now;
        action = "absence_ended";
    }
    row->closed_at = now;
    row->closed_by = gm ? "gm" : "player";
    storage::Transaction transaction(store.database());
    records.update(*row);
    audit(locked, game_id, gm ? "gm" : "player:" + caller.power, action, *row, now);
    reschedule(locked, game, now);
    locked.changed(game_id);
    transaction.commit();
    return {view_of(*row, now), game.row.deadline, game.phase.phase};
}

AbsenceList AbsenceService::list(const Caller& caller, std::int64_t game_id) {
    const auto locked = context_.lock();
    locked.load(game_id);  // 404 for a game that does not exist
    return list_of(locked, caller, game_id, context_.now());
}

AbsenceList AbsenceService::grant(const Caller& caller, std::int64_t game_id,
                                  const std::string& power, std::int64_t days) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    const std::int64_t now = context_.now();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
    const std::string name = canonical_power(game.variant->variant, power);
    if (!store.seat(game_id, name)) throw not_found("no seat '" + power + "' in this game");
    auto records = store.absences();
    const std::int64_t total = records.granted_days(game_id, name) + days;
    if (total > absence::kMaxDays)
        throw bad_request("at most " + std::to_string(absence::kMaxDays) +
                          " days may be granted to a seat");
    storage::Transaction transaction(store.database());
    records.put_granted_days(game_id, name, total);
    store.audit(game_id, "gm", "absence_days_granted",
                storage::encode_audit_details({{"power", name}, {"days", days}, {"total", total}}),
                now);
    transaction.commit();
    return list_of(locked, caller, game_id, now);
}

}  // namespace adjutant::service
