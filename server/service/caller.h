// SPDX-License-Identifier: Apache-2.0
// Who is calling, as GameService::authenticate() read it from a bearer token, and the checks
// every service makes with it. Authorization is decided in the service layer, never in an
// adapter; a failed check throws ApiError 401 (no token) or 403 (the wrong one).
#pragma once

#include <cstdint>
#include <string>

#include "service/error.h"
#include "service/visibility.h"

namespace adjutant::service {

// Account: a signed-in account (docs/accounts.md) that holds no seat in the game it acts on; an
// account that holds one acts as that seat's Player (AccountService::caller_for).
// Joiner: a player on the join list of a game that assigns powers (docs/assignment.md), who
// holds a token but no seat yet; once the game assigns them a power the token is a Player's.
enum class Role { Anonymous, Player, GameMaster, Admin, Account, Joiner };

struct Caller {
    Role role = Role::Anonymous;
    std::int64_t game_id = 0;  // Player and GameMaster: the game the token belongs to
    std::string power;         // Player: the seat's power
    std::int64_t place = -1;   // Joiner: the place on the join list
};

inline void require_gm(const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.role != Role::GameMaster || caller.game_id != game_id)
        throw forbidden("only this game's GM may do that");
}

inline void require_player(const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.role != Role::Player || caller.game_id != game_id)
        throw forbidden("a seat token of this game is required");
}

// What of a game's record `caller` may read (service/visibility.h). The admin runs the server,
// not the game: it reads what the public reads.
inline Viewer viewer(const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::GameMaster && caller.game_id == game_id) return {true, ""};
    if (caller.role == Role::Player && caller.game_id == game_id) return {false, caller.power};
    return {};
}

}  // namespace adjutant::service
