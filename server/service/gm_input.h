// SPDX-License-Identifier: Apache-2.0
// The GM's input to a phase through the server. A rule module's GM action (rules/module_api.h)
// puts what he enters into the phase's stored position, so the hash covers it and replay
// recomputes the week; a phase may wait for it: in a variant that fights its battles on the
// tabletop (docs/tabletop-battles.md), a week whose orders make armies meet waits for the GM's
// results: the resolve action answers 409 "battles_pending" and the deadline does not resolve
// it. The GM reads what the action needs (GET /games/{id}/battles: the module's view of the
// phase) and enters it (the "battles" action, which the module checks). The server names no
// module: it asks the registry by the action's word.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "orders/parser.h"
#include "rules/module_api.h"
#include "service/context.h"

namespace adjutant::service {

// The current phase's stored orders, read as the resolution reads them (resolution.cpp).
ParsedOrders phase_orders(const Locked& locked, const LoadedGame& game);
// What the current phase waits for from the GM before it resolves (a module's action: the
// tabletop results), or none.
std::optional<GmInputPending> waiting_for_gm(const Locked& locked, const LoadedGame& game);

// What the GM reads before he takes a module's action on the current phase: the phase, and the
// module's view of it in the module's own form (rules/module_api.h's gm_action_view), which the
// HTTP adapter sends as it is beside the phase (http/json_views.cpp).
struct GmActionView {
    std::int64_t game_id = 0;
    std::string phase;
    std::int64_t seq = 0;
    nlohmann::json view;  // the module's document, passed through
};
// Throws 404 when no module's `action` has a view.
GmActionView gm_action_view(const Locked& locked, const LoadedGame& game, std::string_view action);

}  // namespace adjutant::service
