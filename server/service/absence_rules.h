// SPDX-License-Identifier: Apache-2.0
// The rules of absences (docs/absence.md) as functions of values: how a player writes a time,
// the days an absence counts, the effective deadline, and why a declaration is refused. The
// service (service/absence.h) reads the store and applies them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/absence_store.h"

namespace adjutant::service {

namespace absence {

constexpr std::int64_t kDay = 24 * 3600;
constexpr std::int64_t kMaxDays = 365;  // the most a game allows, or a GM grants, per seat

// "2026-12-24" (a date, UTC: its start as `from`, its end as `to`), or a date and time
// "2026-12-24T18:00", "2026-12-24 18:00:30", followed by nothing or Z or UTC (UTC), or an
// offset "+01:00", "-0500". None when the text is not one of those.
std::optional<std::int64_t> parse_time(std::string_view text, bool end_of_day);
// "2026-12-24 18:00 UTC".
std::string time_text(std::int64_t unix_seconds);

// Whole days an absence counts for: every started day of 24 hours.
std::int64_t days_of(std::int64_t from, std::int64_t to);

// A deadline falls inside an absence when from <= deadline < to (an absence ending exactly at
// the deadline does not move it).
struct Window {
    std::int64_t absence_id = 0;
    std::int64_t from = 0;
    std::int64_t to = 0;
};
struct Effective {
    std::int64_t deadline = 0;
    std::vector<std::int64_t> moved_by;  // the absences it fell inside, in the order it moved
};
// The normal deadline moved to the end of every absence it falls inside, again until it falls
// inside none (one seat's absence may end inside another's). Each window moves it at most once,
// past its end, so the answer is at most the latest end.
Effective effective_deadline(std::int64_t normal, const std::vector<Window>& windows);

// What a seat has of its allowance.
struct Allowance {
    std::int64_t days_per_player = 0;
    std::int64_t granted = 0;  // by the GM
    std::int64_t used = 0;     // declared (pending or active) and ended absences
    std::int64_t allowed() const { return days_per_player + granted; }
    std::int64_t left() const { return allowed() > used ? allowed() - used : 0; }
};
Allowance allowance_of(const storage::AbsenceSettings& settings, std::int64_t granted,
                       const std::vector<storage::AbsenceRow>& seat_absences);

// Why a seat may not declare the absence [from, to) at `now`, or none. `seat_absences`: the
// seat's earlier ones; `cooldown_since`: when the earliest of the game's last
// settings.cooldown_phases phases began (the lowest value: the game has had no more phases).
std::optional<std::string> refusal(std::int64_t from, std::int64_t to,
                                   const storage::AbsenceSettings& settings, std::int64_t granted,
                                   const std::vector<storage::AbsenceRow>& seat_absences,
                                   std::int64_t cooldown_since, std::int64_t now);

}  // namespace absence

}  // namespace adjutant::service
