// SPDX-License-Identifier: Apache-2.0
// The reinforcements rule module: the replacement points of the treasury turned into troops
// where a power musters them (Lone Warrior 4b and 4c; OCS rail movement; docs/reinforcements.md).
//
//   RAISE 300 A KOL        a new army of 300 points, with its carried supply, at the capital or
//                          a map-edge source of the power (muster.cpp)
//   RAISE 300 A LIE BY RAIL  the same army, come by rail from a map-edge source to a railhead
//   REINFORCE A PAR 100    100 points join the army (or, `G PAR`, the garrison) standing there
//
// Both are paid from the treasury and carried out as the movement ends, before the supply steps,
// so a raised army traces its line and eats in its first week as a split's detachment does.
#pragma once

#include <cstdint>
#include <string>

#include "module/rule_module.h"
#include "turn/turn_context.h"

namespace adjutant::reinforcements {

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them), each
// with `unit` the province and `count` the points: a new army raised, an army reinforced, a
// garrison reinforced.
extern const ModuleOrderKind kRaise;
// RAISE 300 A LIE BY RAIL, RAISE 300 A KOL - RAIL - LIE: a new army raised at a map-edge source
// with rail that comes on by rail to a railhead of the power's operational network (OCS rail
// movement; docs/reinforcements.md, "By rail"): `unit` the railhead, `count` the points, `target`
// the source written (kNoProvince: the cheapest). The rail module routes it and keeps the capacity
// it spends.
extern const ModuleOrderKind kRaiseByRail;
extern const ModuleOrderKind kReinforceArmy;
extern const ModuleOrderKind kReinforceGarrison;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
std::string order_text(const Variant& variant, const Order& order);
Checked check_order(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// Why `power` musters no troops in `province`, or empty: its replacements are mustered in its
// capital while it holds it (4b) and at its map-edge sources, where troops arrive by rail from
// off the map (OCS rail movement: "reinforcements entering by a rail hex may come by rail from off
// the map"). What a player's view under fog of war shows, so an order judged on it stands; an enemy
// army there ("no mustering may take place") is read as the movement ends (muster.cpp).
std::string no_muster(const Variant& variant, const Position& position, PowerId power,
                      ProvinceId province);
// Why `power`'s troops cannot come by rail from `source` (kNoProvince: the cheapest of its map
// edges) to the railhead `to` as an army of `points`, or empty; judged on what a seat sees, as
// no_muster is (by_rail.cpp). Enemy troops on the way are looked for as the movement ends.
std::string no_arrival(const Variant& variant, const Position& position, PowerId power,
                       ProvinceId source, ProvinceId to, std::int64_t points);
// As the movement ends: brings the army of a RAISE ... BY RAIL on by rail, spending the rail
// capacity, and says so in `how` (for the raising event); or why it does not come.
std::string_view arrive_by_rail(TurnContext& context, const Order& order, std::string& how);
// The points a new army may have: the army strength module's limits, else Lone Warrior's 250-750.
std::int64_t least_points(const Variant& variant);
std::int64_t most_points(const Variant& variant);
// What raising an army of `points` costs: its points and its carried weeks of supply.
std::int64_t raise_cost(const Variant& variant, std::int64_t points);

// As the movement ends, in the order written (muster.cpp).
void muster(TurnContext& context);

}  // namespace adjutant::reinforcements
