// SPDX-License-Identifier: Apache-2.0
// Tabletop battles through the server (docs/tabletop-battles.md). In a variant that fights its
// battles on the tabletop, a week whose orders make armies meet waits for the GM: the resolve
// action answers 409 "battles_pending" and the deadline does not resolve it. The GM reads the
// battles (GET /games/{id}/battles) and enters each result (the "battles" action), which goes
// into the phase's stored position, so the hash covers it and replay recomputes the week.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "rules/tabletop_battles/battles.h"
#include "service/context.h"

namespace adjutant::service {

// The battles the current phase's stored orders bring about, read as the resolution reads
// them; and those with no result yet. Empty unless the variant fights on the tabletop.
std::vector<tabletop_battles::Battle> phase_battles(const Locked& locked, const LoadedGame& game);
std::vector<tabletop_battles::Battle> pending_battles(const Locked& locked, const LoadedGame& game);

// {"phase", "seq", "battles": [{"province", "armies": [{"power", "unit", "points",
// "general"}], "result": {...} or null}]}: what the GM reads to fight them.
nlohmann::json battles_json(const Locked& locked, const LoadedGame& game);

// The current phase's position with the GM's `results` ([{"province", "winner", "losses":
// {"CHA": 40}, "generals_killed": [...]}]; an empty list clears them), each for a battle the
// phase's orders bring about. 400 for anything else. `detail` gets the audit's record of them.
Position with_battle_results(const Locked& locked, const LoadedGame& game,
                             const nlohmann::json& results, nlohmann::json& detail);

}  // namespace adjutant::service
