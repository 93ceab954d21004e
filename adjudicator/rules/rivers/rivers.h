// SPDX-License-Identifier: Apache-2.0
// The rivers rule module: barge flotillas carrying supply lines along the navigable rivers, and
// the bridges where an enemy army cuts them (Lone Warrior 4a, adapted to a province map as
// docs/rivers.md says).
//
//   BUY FLOTILLA NAM   a barge flotilla (4e: 200 points) bought in a friendly city on a river
//                      (purchase.cpp); it operates from the city from the next week's supply step
//
// The supply module traces its lines and moves its trains over the roads and the rivers the
// power's side has a flotilla on (rules/rivers/river_route.h). At the week's end a flotilla in
// a city an enemy now holds is lost (losses.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "module/rule_module.h"
#include "rules/rivers/river_route.h"
#include "rules/rivers/state.h"
#include "turn/turn_context.h"

namespace adjutant::rivers {

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;

// BUY FLOTILLA: `unit` the city (order_syntax.cpp reads and writes it, legality.cpp judges it).
extern const ModuleOrderKind kPurchase;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
std::string purchase_text(const Variant& variant, const Order& order);
Checked check_purchase(const Variant& variant, const Position& position, PowerId power,
                       const OrderSyntax& syntax);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// The week: flotillas bought (after_movement), flotillas lost with their city (end_of_week).
void buy_flotillas(TurnContext& context);
void lose_flotillas(TurnContext& context);

// The module's part of the position document (position_part.cpp) and of a unit's: the river
// leg of its supply line (unit_attributes.cpp).
extern const std::string_view kPositionKeys[1];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
extern const std::string_view kUnitKeys[1];
void read_unit(PositionReader& reader, const nlohmann::json& item, const std::string& at,
               UnitStats& stats);
void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item);
// What a power's view under fog of war keeps of the flotillas (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);

// Asked of the supply module, which keeps the treasury (4b) and needs this one for its river
// routes, so is not included here: rules/registry.cpp defines them by the supply module's state
// (docs/rule-modules.md, "Needs"). Each power's points, which BUY FLOTILLA pays from.
const std::vector<std::int64_t>& treasury(const Position& position);
std::vector<std::int64_t>& treasury(Position& position);

// Shared words: a province's abbreviation; the rivers through a city ("Sambre and the Meuse").
std::string abbr(const Variant& variant, ProvinceId province);
std::string river_names(const Variant& variant, ProvinceId city);

}  // namespace adjutant::rivers
