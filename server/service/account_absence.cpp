// SPDX-License-Identifier: Apache-2.0
// An account's absence: one declaration made on each seat the account holds
// (docs/absence.md, "For an account").
#include "service/game_service.h"

namespace adjutant::service {

std::vector<AccountAbsence> GameService::declare_account_absence(std::int64_t account_id,
                                                                 const AbsenceRequest& request) {
    std::vector<AccountAbsence> out;
    for (const AccountSeat& seat : accounts_.my_games(account_id)) {
        AccountAbsence one;
        one.game_id = seat.game_id;
        one.game_name = seat.game_name;
        one.power = seat.power;
        try {
            // As the seat's player, so the game's own checks and limits apply unchanged.
            const Caller caller = accounts_.caller_for(account_id, seat.game_id);
            one.declared = absences_.declare(caller, seat.game_id, request);
        } catch (const ApiError& error) {
            // A request that is wrong (400: a date that is not one, an end before the start) is
            // wrong for every game, so the first seat refuses it before any is declared.
            if (error.status() == 400) throw;
            one.refused_code = error.code();
            one.refused = error.what();
        }
        out.push_back(std::move(one));
    }
    return out;
}

}  // namespace adjutant::service
