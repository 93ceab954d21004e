// SPDX-License-Identifier: Apache-2.0
// The tabletop battles module (Lone Warrior 4e; docs/tabletop-battles.md): the battles the week's
// orders bring about wait for the GM's results (battles.cpp, and the server's resolve), which
// decide them in the movement (the winner's armies carry the province: outcome.cpp's points)
// and then cost the armies their losses and the generals killed their lives (losses.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "module/rule_module.h"
#include "rules/experience/experience.h"
#include "rules/tabletop_battles/battles.h"
#include "turn/turn_context.h"

namespace adjutant::tabletop_battles {

extern const RuleModule kModule;
// The GM's results of the phase's battles, and the week that waits for them (gm_action.cpp).
extern const ModuleGmAction kGmActions[1];
// The GM's view before he enters the results: {"battles": [{"province", "armies", "result"}]}
// (view.cpp).
nlohmann::json battles_view(const Variant& variant, const Position& position,
                            std::span<const Order> orders);

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// The points that make a result come true: an army of the winner that fights in a decided
// battle's province (standing in it, or moving into it) brings so many that nothing the
// resolver adds up can overturn the GM's result.
constexpr std::int64_t kWinnersPoints = 1'000'000'000;
std::int64_t winner_points(const Variant& variant, const Position& position,
                           std::span<const Order> orders, const Unit& unit);

// After the movement: each decided battle's event, its losses and its generals killed.
void apply_results(TurnContext& context);

// The changes of class the GM noted after the battles the week's `orders` brought about from
// `before` (battles.cpp): the experience module's noted_changes, which rules/registry.cpp
// defines by this. A result of a battle not fought is set aside (tabletop.unfought).
std::vector<experience::NotedChanges> noted_changes(const Variant& variant, const Position& before,
                                                    std::span<const Order> orders);

// The module's part of the position document (position_part.cpp).
extern const std::string_view kPositionKeys[1];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);

}  // namespace adjutant::tabletop_battles
