// SPDX-License-Identifier: Apache-2.0
// The army strength rule module: Lone Warrior 4c, "An army must be at least 250 points and not more
// than 750 points to be sent out on campaign", adapted to a province map as
// docs/army-strength.md says.
//
//   A KOL SPLIT 300 - AAC   the army holds the week; as the movement ends a detachment of 300 of
//                           its points marches into AAC, a new army (split.cpp)
//   A AAC JOIN KOL          the army holds the week; as the movement ends it marches into KOL and
//                           becomes one army with the army of its power there (join.cpp)
//
// A combined field army may exceed the most points, but the excess does not fight (battle.cpp).
#pragma once

#include <string>

#include "module/rule_module.h"
#include "turn/turn_context.h"

namespace adjutant::army_strength {

extern const RuleModule kModule;

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them), the
// army's own: `count` the detachment's points (none for a SEND), `engineers` and `siege_guns` the
// equipment it takes, `destination` where it marches.
extern const ModuleOrderKind kSplit;
extern const ModuleOrderKind kJoin;
extern const ModuleOrderKind kSend;
SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order);
// The words read_unit_action may find first (RuleModule::unit_action_start).
extern const SyntaxStart kUnitActionStart;
std::string order_text(const Variant& variant, const Order& order);
Checked check_order(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// As the movement ends: each split whose army still stands where it was ordered sends its
// detachment into its province, if nothing stands there (split.cpp); then each army ordered to
// join another that both still stand where they were becomes one with it (join.cpp).
// First, equipment alone that an enemy army drove from its province is captured or destroyed
// (capture.cpp).
void after_movement(TurnContext& context);
void capture_equipment(TurnContext& context);
void split_armies(TurnContext& context);
void join_armies(TurnContext& context);

// What splits and joins share (outcome.cpp): the verdict `why` (static text) and the event of an
// order of theirs that was not carried out. The army they find is TurnContext::army_still_at's.
void not_carried_out(TurnContext& context, const Order& order, std::string_view why,
                     const std::string& kind, const std::string& text);

// "to be sent out on campaign" (campaign.cpp): why a move or ride of an army out of a city of its
// side, to anywhere but another, is refused (it has fewer than the least or more than the most
// points), or empty. An army of equipment alone (no points) is sent out whatever its points.
std::string refuse_campaign(const Variant& variant, const Position& position, const Order& order);
bool equipment_only(const Unit& unit);
// A city (a province with a city class) held by `power` or an ally, Lone Warrior's "friendly city"
// (4a): an army standing in one is not on campaign (campaign.cpp).
bool city_of_side(const Variant& variant, const Position& position, ProvinceId province,
                  PowerId power);

// "1 engineer and 2 siege guns", or empty (outcome.cpp).
enum class EquipmentSpelling { Order, Event };
std::string equipment_phrase(std::int32_t engineers, std::int32_t siege_guns,
                             EquipmentSpelling spelling);
std::string equipment_words(const UnitStats& stats);

// The points of an army over the most that do not fight: taken off its strength (battle.cpp).
std::int64_t excess_points(const Variant& variant, const Position& position,
                           std::span<const Order> orders, const Unit& unit);
// The attack of equipment alone, which has no points: 1, so that it may move at all (battle.cpp).
std::int64_t equipment_attack(const Variant& variant, const Position& position,
                              std::span<const Order> orders, const Unit& unit);

}  // namespace adjutant::army_strength
