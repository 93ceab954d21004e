// SPDX-License-Identifier: Apache-2.0
#include "service/gm_input.h"

#include "service/error.h"
#include "service/game_service.h"
#include "variant/variant.h"

namespace adjutant::service {

GmActionView gm_action_view(const Locked& locked, const LoadedGame& game, std::string_view action) {
    const Variant& variant = game.variant->variant;
    // The orders are read only where the action's module plays: elsewhere it has nothing to show.
    const ParsedOrders orders =
        gm_action_enabled(variant, action) ? phase_orders(locked, game) : ParsedOrders{};
    auto view = adjutant::gm_action_view(variant, action, game.position, orders.orders);
    if (!view) throw not_found("no GM action '" + std::string(action) + "' with a view");
    return {game.row.id, game.phase.phase, game.phase.seq, std::move(*view)};
}

GmActionView GameService::gm_action_view(const Caller& caller, std::int64_t game_id,
                                         std::string_view action) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    return service::gm_action_view(locked, locked.load(game_id), action);
}

}  // namespace adjutant::service
