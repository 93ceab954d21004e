// SPDX-License-Identifier: Apache-2.0
// The army strength rule module: seed 004, 4c, "An army must be at least 250 points and not more
// than 750 points to be sent out on campaign", adapted to a province map as
// docs/army-strength.md says.
//
//   A KOL SPLIT 300 - AAC   the army holds the week; as the movement ends a detachment of 300 of
//                           its points marches into AAC, a new army (split.cpp)
#pragma once

#include <string>

#include "module/rule_module.h"
#include "module/turn_context.h"

namespace adjutant::army_strength {

extern const RuleModule kModule;

// The module's order (order_syntax.cpp reads and writes it, legality.cpp judges it), the army's
// own: `count` the detachment's points, `destination` where it marches.
extern const ModuleOrderKind kSplit;
SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order);
std::string order_text(const Variant& variant, const Order& order);
Checked check_order(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// As the movement ends, each split whose army still stands where it was ordered sends its
// detachment into its province, if nothing stands there (split.cpp).
void after_movement(TurnContext& context);

}  // namespace adjutant::army_strength
