// SPDX-License-Identifier: Apache-2.0
// Tabletop battles through the server (docs/tabletop-battles.md). In a variant that fights its
// battles on the tabletop, a week whose orders make armies meet waits for the GM: the resolve
// action answers 409 "battles_pending" and the deadline does not resolve it. The GM reads the
// battles (GET /games/{id}/battles) and enters each result (the "battles" action), which goes
// into the phase's stored position, so the hash covers it and replay recomputes the week.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/tabletop_battles/battles.h"
#include "service/context.h"

namespace adjutant::service {

// The battles the current phase's stored orders bring about, read as the resolution reads
// them; and those with no result yet. Empty unless the variant fights on the tabletop.
std::vector<tabletop_battles::Battle> phase_battles(const Locked& locked, const LoadedGame& game);
std::vector<tabletop_battles::Battle> pending_battles(const Locked& locked, const LoadedGame& game);

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

// The current phase's position with the GM's `results` ([{"province", "winner", "losses":
// {"CHA": 40}, "generals_killed": [...]}]; an empty list clears them), each for a battle the
// phase's orders bring about. 400 for anything else. `detail` gets the audit's record of them.
Position with_battle_results(const Locked& locked, const LoadedGame& game,
                             const nlohmann::json& results, nlohmann::json& detail);

}  // namespace adjutant::service
