// SPDX-License-Identifier: Apache-2.0
// The field works rule module: field fortifications (Lone Warrior 5b, adapted to a province map as
// docs/field-works.md says).
//
//   A ARG ENTRENCH       an army with an engineer (5a) stays the week and digs works (building.cpp)
//   A ARG RETIRE - CHA   an army in its works leaves them for CHA if an enemy marches on ARG,
//                        and else holds in them (contact.cpp settles it before the resolution)
//
// In its works an army that stands and fights where it is counts its points again (defence.cpp).
// Contact with a fortified army has the three outcomes of 5b: the attack carries the works or
// falls back (the resolver decides it with the works' points), or the defender retires.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "module/rule_module.h"
#include "rules/field_works/state.h"
#include "turn/turn_context.h"

namespace adjutant::field_works {

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them), both the
// army's own: Entrench, and Retire (`destination` where the army retires to).
extern const ModuleOrderKind kEntrench;
extern const ModuleOrderKind kRetire;
SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order);
// The words read_unit_action may find first (RuleModule::unit_action_start).
extern const SyntaxStart kUnitActionStart;
std::string order_text(const Variant& variant, const Order& order);
Checked check_order(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// Before the resolution: an army in its works ordered to RETIRE moves out when a unit of a power
// at war with it is ordered to move into its province (contact), and holds in its works when none
// is. Contact is read from the orders as given, before any is settled.
void settle_orders(const Variant& variant, const Position& position, std::span<Order> orders);

// The points an army's works add to its own in the movement resolution (`points` strength): the
// variant's share (100%) of its points when it stands in works it dug and fights where it is (any
// order but a move, a support, a convoy or a rail move); else 0.
std::int64_t works_points(const Variant& variant, const Position& position,
                          std::span<const Order> orders, const Unit& unit);

// The week's end (building.cpp): works whose army is no longer in them are given up (it moved,
// retired, was driven out or melted away), attacks that fell back from works are told, and
// ENTRENCH by an army still in place digs works.
void end_of_week(TurnContext& context);

// The module's part of the position document (position_part.cpp).
extern const std::string_view kPositionKeys[1];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
// What a power's view under fog of war keeps of the works (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;

}  // namespace adjutant::field_works
