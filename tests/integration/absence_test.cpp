// SPDX-License-Identifier: Apache-2.0
// Absences (docs/absence.md): the effective deadline and the rules of a declaration, as the
// service computes them (service/absence.h).
#include <doctest/doctest.h>

#include <limits>

#include "service/absence_rules.h"

namespace absence = adjutant::service::absence;
using adjutant::storage::AbsenceRow;
using adjutant::storage::AbsenceSettings;

namespace {

constexpr std::int64_t kDay = absence::kDay;
constexpr std::int64_t kT0 = 1798070400;  // 2026-12-24 00:00 UTC
constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::min();

AbsenceRow row(std::int64_t id, std::int64_t from, std::int64_t to,
               const char* status = "declared") {
    AbsenceRow r;
    r.id = id;
    r.power = "France";
    r.starts_at = from;
    r.ends_at = to;
    r.status = status;
    return r;
}

}  // namespace

TEST_CASE("absence: dates and times as a player writes them") {
    CHECK(absence::parse_time("2026-12-24", false) == kT0);
    CHECK(absence::parse_time("2026-12-24", true) == kT0 + kDay);  // the end of that day
    CHECK(absence::parse_time("2026-12-24T18:00", false) == kT0 + 18 * 3600);
    CHECK(absence::parse_time("2026-12-24 18:00:30Z", true) == kT0 + 18 * 3600 + 30);
    CHECK(absence::parse_time("2026-12-24T18:00 UTC", false) == kT0 + 18 * 3600);
    CHECK(absence::parse_time("2026-12-24T18:00+01:00", false) == kT0 + 17 * 3600);
    CHECK(absence::parse_time("2026-12-24T18:00-0500", false) == kT0 + 23 * 3600);
    CHECK_FALSE(absence::parse_time("2026-02-30", false));
    CHECK_FALSE(absence::parse_time("24/12/2026", false));
    CHECK_FALSE(absence::parse_time("2026-12-24T25:00", false));
    CHECK_FALSE(absence::parse_time("2026-12-24T18:00 CET", false));
    CHECK(absence::time_text(kT0 + 18 * 3600 + 59) == "2026-12-24 18:00 UTC");
    CHECK(absence::days_of(kT0, kT0 + kDay) == 1);
    CHECK(absence::days_of(kT0, kT0 + kDay + 1) == 2);
}

TEST_CASE("absence: a deadline inside an absence moves to its end") {
    const std::vector<absence::Window> one{{7, kT0, kT0 + 3 * kDay}};
    auto moved = absence::effective_deadline(kT0 + kDay, one);
    CHECK(moved.deadline == kT0 + 3 * kDay);
    CHECK(moved.moved_by == std::vector<std::int64_t>{7});
    // Before and after: unmoved.
    CHECK(absence::effective_deadline(kT0 - 1, one).deadline == kT0 - 1);
    CHECK(absence::effective_deadline(kT0 + 4 * kDay, one).deadline == kT0 + 4 * kDay);
    CHECK(absence::effective_deadline(kT0 + 4 * kDay, one).moved_by.empty());
}

TEST_CASE("absence: at the edges") {
    const std::vector<absence::Window> one{{1, kT0, kT0 + kDay}};
    // A deadline at the absence's first second is inside it...
    CHECK(absence::effective_deadline(kT0, one).deadline == kT0 + kDay);
    // ...one at its end is not: the player is back.
    CHECK(absence::effective_deadline(kT0 + kDay, one).deadline == kT0 + kDay);
    CHECK(absence::effective_deadline(kT0 + kDay, one).moved_by.empty());
}

TEST_CASE("absence: overlapping absences of two seats move the deadline past both") {
    // France away days 0-2, England days 1-5: a deadline on day 1 waits for both, whatever
    // order the windows come in; one that lands at the end of one and inside the next moves on.
    const std::vector<absence::Window> windows{{2, kT0 + kDay, kT0 + 5 * kDay},
                                               {1, kT0, kT0 + 2 * kDay}};
    auto moved = absence::effective_deadline(kT0 + kDay / 2, windows);
    CHECK(moved.deadline == kT0 + 5 * kDay);
    CHECK(moved.moved_by == std::vector<std::int64_t>{1, 2});
    // Bounded: never later than the latest end.
    CHECK(absence::effective_deadline(kT0 + 4 * kDay, windows).deadline == kT0 + 5 * kDay);
}

TEST_CASE("absence: over the limit is refused, saying the limit and what is left") {
    const AbsenceSettings settings{14, 0};
    const std::int64_t now = kT0 - 10 * kDay;
    CHECK_FALSE(absence::refusal(kT0, kT0 + 14 * kDay, settings, 0, {}, kNever, now));
    auto why = absence::refusal(kT0, kT0 + 15 * kDay, settings, 0, {}, kNever, now);
    REQUIRE(why);
    CHECK(why->find("15 days, over the limit") != std::string::npos);
    CHECK(why->find("14 days per player") != std::string::npos);
    CHECK(why->find("14 days left") != std::string::npos);
    // Earlier absences count (an ended one for the days it ran, a cancelled one not at all).
    const std::vector<AbsenceRow> earlier{row(1, now - 20 * kDay, now - 15 * kDay, "ended"),
                                          row(2, now - 14 * kDay, now - 4 * kDay, "cancelled")};
    why = absence::refusal(kT0, kT0 + 10 * kDay, settings, 0, earlier, kNever, now);
    REQUIRE(why);
    CHECK(why->find("9 days left") != std::string::npos);
    // The GM's grant adds to the limit.
    CHECK_FALSE(absence::refusal(kT0, kT0 + 10 * kDay, settings, 1, earlier, kNever, now));
    CHECK(absence::refusal(kT0, kT0 + kDay, AbsenceSettings{0, 0}, 0, {}, kNever, now) ==
          "this game allows no absences");
}

TEST_CASE("absence: one at a time per seat") {
    const AbsenceSettings settings{14, 0};
    const std::int64_t now = kT0 - 10 * kDay;
    // A pending one blocks a second; so does an active one.
    const std::vector<AbsenceRow> pending{row(1, kT0, kT0 + kDay)};
    auto why = absence::refusal(kT0 + 5 * kDay, kT0 + 6 * kDay, settings, 0, pending, kNever, now);
    REQUIRE(why);
    CHECK(why->find("one at a time") != std::string::npos);
    const std::vector<AbsenceRow> active{row(1, now - kDay, now + kDay)};
    CHECK(absence::refusal(kT0, kT0 + kDay, settings, 0, active, kNever, now));
    // Once it is over, or cancelled, the next may be declared.
    const std::vector<AbsenceRow> over{row(1, now - 3 * kDay, now - kDay)};
    CHECK_FALSE(absence::refusal(kT0, kT0 + kDay, settings, 0, over, kNever, now));
    const std::vector<AbsenceRow> cancelled{row(1, kT0, kT0 + kDay, "cancelled")};
    CHECK_FALSE(absence::refusal(kT0, kT0 + kDay, settings, 0, cancelled, kNever, now));
}

TEST_CASE("absence: none within the last N phases of the previous one") {
    const AbsenceSettings settings{14, 3};
    const std::int64_t now = kT0;
    const std::vector<AbsenceRow> over{row(1, now - 5 * kDay, now - 2 * kDay)};
    // The last 3 phases began 4 days ago: the absence overlapped them.
    auto why = absence::refusal(now + kDay, now + 2 * kDay, settings, 0, over, now - 4 * kDay, now);
    REQUIRE(why);
    CHECK(why->find("within 3 phases") != std::string::npos);
    // They began a day ago: it ended before them.
    CHECK_FALSE(absence::refusal(now + kDay, now + 2 * kDay, settings, 0, over, now - kDay, now));
    // Off (0): never refused for that.
    CHECK_FALSE(absence::refusal(now + kDay, now + 2 * kDay, AbsenceSettings{14, 0}, 0, over,
                                 now - 4 * kDay, now));
    // A refused or cancelled absence never ran: it does not count.
    const std::vector<AbsenceRow> refused{row(1, now - 5 * kDay, now - 2 * kDay, "refused")};
    CHECK_FALSE(
        absence::refusal(now + kDay, now + 2 * kDay, settings, 0, refused, now - 4 * kDay, now));
}
