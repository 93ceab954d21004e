// SPDX-License-Identifier: Apache-2.0
// Observers followed by an account (docs/observers.md): the account's address is confirmed
// already, so the follow needs no code. OBSERVE by mail is mail_inbound.cpp's.
#include "service/account_service.h"
#include "service/error.h"

namespace adjutant::service {

void AccountService::observe(std::int64_t account_id, std::int64_t game_id, bool follow) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    storage::Transaction transaction(store.database());
    const Account account = load_account(locked, account_id);
    auto observers = store.observers();
    if (!follow) {
        observers.remove(game_id, account.email);
    } else {
        if (game.row.sandbox) throw conflict("a sandbox game has no observers");
        if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
        const auto existing = observers.observer(game_id, account.email);
        if (!existing || !existing->confirmed_at || existing->account_id != account_id)
            observers.put(
                {game_id, account.email, account_id, std::nullopt, context_.now(),
                 existing && existing->confirmed_at ? existing->confirmed_at : context_.now()});
    }
    transaction.commit();
}

std::vector<GameObserver> AccountService::observers(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    std::vector<GameObserver> out;
    for (const auto& row : locked.store().observers().confirmed(game_id))
        out.push_back({row.email, row.account_id.has_value(), row.confirmed_at.value_or(0)});
    return out;
}

}  // namespace adjutant::service
