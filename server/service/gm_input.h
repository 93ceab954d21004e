// SPDX-License-Identifier: Apache-2.0
// The GM's input to a phase through the server. A rule module's GM action (rules/module_api.h)
// puts what he enters into the phase's stored position, so the hash covers it and replay
// recomputes the week; a phase may wait for it: in a variant that fights its battles on the
// tabletop (docs/tabletop-battles.md), a week whose orders make armies meet waits for the GM's
// results: the resolve action answers 409 "battles_pending" and the deadline does not resolve
// it. The GM reads the battles (GET /games/{id}/battles) and enters each result (the "battles"
// action, which the tabletop module checks).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

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

// What the GM reads to fight the current phase's battles (GET /games/{id}/battles; written as
// JSON in http/json_views.cpp). Provinces by abbreviation, powers by name.
struct BattleArmy {
    std::string power;
    std::string unit;  // as orders name it
    std::int64_t points = 0;
    std::string general;  // empty: none
    // Points by experience class (docs/experience.md), in maps whose armies have classes.
    std::optional<std::map<std::string, std::int64_t>> classes;
};
struct ClassChangeEntered {
    std::string from;
    std::string to;
    std::int64_t points = 0;
};
struct BattleResultEntered {
    std::string winner;
    std::map<std::string, std::int64_t> losses;  // by the province each army stands in
    std::vector<std::string> generals_killed;
    std::map<std::string, std::vector<ClassChangeEntered>> experience;  // by province
};
struct TabletopBattle {
    std::string province;
    std::vector<BattleArmy> armies;
    std::optional<BattleResultEntered> result;  // none until the GM enters it
};
struct PhaseBattles {
    std::int64_t game_id = 0;
    std::string phase;
    std::int64_t seq = 0;
    std::vector<TabletopBattle> battles;
};
PhaseBattles phase_battles_view(const Locked& locked, const LoadedGame& game);

}  // namespace adjutant::service
