// SPDX-License-Identifier: Apache-2.0
// Absences (docs/absence.md): a seat's player declares a time away (njudge's SET ABSENCE,
// webDiplomacy's excused turns), and a deadline that would fall inside it moves to its end,
// within the limits the GM sets per game. The effective deadline of a phase is computed in one
// place, schedule(): every writer of a phase's normal deadline (a new phase, the start, resume
// and extend) passes it through, and a change of an absence recomputes the current phase's
// with reschedule(). An absence always ends at a bounded time, so a moved deadline is a later
// deadline, never none: the scheduler resolves the phase then like any other.
//
// Absences are per seat: an account-wide absence is one declaration applied to each seat.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position/position.h"
#include "service/absence_rules.h"
#include "service/caller.h"
#include "service/context.h"
#include "storage/absence_store.h"
#include "variant/variant.h"

namespace adjutant::service {

struct AbsenceRequest {
    std::string from;  // as the player wrote it (absence::parse_time)
    std::string to;
    std::optional<std::string> note;
};

struct AbsenceView {
    std::int64_t id = 0;
    std::string power;
    std::int64_t starts_at = 0;
    std::int64_t ends_at = 0;
    std::int64_t days = 0;
    // pending | active | over (declared), ended (early), cancelled, refused
    std::string state;
    std::optional<std::string> note;  // the seat's player and the GM only
    std::int64_t created_at = 0;
    std::optional<std::int64_t> closed_at;
    std::optional<std::string> closed_by;
};

struct SeatAllowance {
    std::string power;
    absence::Allowance allowance;
};

struct AbsenceList {
    storage::AbsenceSettings settings;
    std::vector<SeatAllowance> seats;  // a player: its own; the GM: every seat
    std::vector<AbsenceView> absences;
};

struct DeclaredAbsence {
    AbsenceView absence;
    std::optional<std::int64_t> deadline;  // the game's deadline now
    std::string phase;
};

// An account's absence on one of the seats it holds (GameService::declare_account_absence):
// declared there, or refused by that game with the reason.
struct AccountAbsence {
    std::int64_t game_id = 0;
    std::string game_name;
    std::string power;
    std::optional<DeclaredAbsence> declared;
    std::optional<std::string> refused_code;  // an ApiError's code and message
    std::optional<std::string> refused;
};

class AbsenceService {
  public:
    explicit AbsenceService(ServiceContext& context) : context_(context) {}

    DeclaredAbsence declare(const Caller& caller, std::int64_t game_id,
                            const AbsenceRequest& request);
    // The seat's player cancels a pending absence or ends an active one; the GM refuses a
    // pending one or ends an active one.
    DeclaredAbsence cancel(const Caller& caller, std::int64_t game_id, std::int64_t absence_id);
    AbsenceList list(const Caller& caller, std::int64_t game_id);
    // The GM gives a seat `days` more than the game's days_per_player.
    AbsenceList grant(const Caller& caller, std::int64_t game_id, const std::string& power,
                      std::int64_t days);

    // The same, for a caller that holds the lock (the mail gateway).
    static DeclaredAbsence declare(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                   const AbsenceRequest& request, std::int64_t now);

    // The one place a phase's effective deadline is computed: `normal`, moved by the absences
    // of the seats that must order in `position`. Writes which absences moved it (inside the
    // caller's transaction) and returns it.
    static std::int64_t schedule(const Locked& locked, std::int64_t game_id, std::int64_t seq,
                                 const Variant& variant, const Position& position,
                                 std::int64_t normal, std::int64_t now);
    // schedule() in two steps, for a caller that reads before its transaction opens (a
    // resolution): plan reads, record writes.
    static absence::Effective plan(const Locked& locked, std::int64_t game_id,
                                   const Variant& variant, const Position& position,
                                   std::int64_t normal);
    static void record(const Locked& locked, std::int64_t game_id, std::int64_t seq,
                       std::int64_t normal, const absence::Effective& effective, std::int64_t now);
    // After an absence changed: the current phase's deadline again, from its normal deadline
    // when only absences moved it. A deadline that comes back earlier is never earlier than now
    // plus the game's extension length (service/attendance.h), so the returning player has time
    // to order. Inside the caller's transaction.
    static void reschedule(const Locked& locked, LoadedGame& game, std::int64_t now);
    // Until when the current phase waits for an absence, when an absence moved its deadline.
    static std::optional<std::int64_t> waiting_until(const Locked& locked,
                                                     const storage::GameRow& game,
                                                     std::int64_t seq);

  private:
    ServiceContext& context_;
};

}  // namespace adjutant::service
