// SPDX-License-Identifier: Apache-2.0
// The one door through which a token orders for a power that is not its own seat: the GM of a
// sandbox game (docs/server.md, "Sandbox games"). Everywhere else the promise holds that a
// player acts only for their own power, and the order calls never learn of sandboxes: the GM
// is turned into that power's seat here, and the seat's checks run as for any player.
#include "service/game_internal.h"
#include "service/order_service.h"

namespace adjutant::service {

Caller OrderService::acting(const Caller& caller, std::int64_t game_id, std::string_view power) {
    if (power.empty()) return caller;
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.role != Role::GameMaster || caller.game_id != game_id)
        throw forbidden("only the GM of a sandbox game orders for a power named in the request");
    const LoadedGame game = context_.lock().load(game_id);
    // The flag is set when the game is created and never changes, so it cannot change between
    // this check and the order call that follows it.
    if (!game.row.sandbox)
        throw forbidden("the GM orders for a power only in a sandbox game; this one has players");
    return Caller{Role::Player, game_id, canonical_power(game.variant->variant, power)};
}

}  // namespace adjutant::service
