// SPDX-License-Identifier: Apache-2.0
// The supply module's hooks into the core (module/rule_module.h).
#include "orders/legality.h"
#include "orders/parser.h"
#include "rules/supply/supply.h"
#include "rules/supply/words.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

// One supply train may leave a city per turn (Lone Warrior 4a).
std::string city_dispatch_taken(const Variant& v, const Order& order,
                                std::span<const OrderVerdict> earlier) {
    if (!is(order, kDispatch) || order.count != 0) return "";
    for (const OrderVerdict& e : earlier) {
        if (!e.accepted() || !is(*e.order, kDispatch) || e.order->count != 0) continue;
        if (e.order->unit.province == order.unit.province)
            return "only one supply train may leave " + v.provinces[order.unit.province].abbr +
                   " per turn; line " + std::to_string(e.line) + " already sends one";
    }
    return "";
}

}  // namespace

// Trains are no units: a train's order and the order of an army in its city both stand. Every
// order of the module is supply (ModuleOrderKind::supply).
const ModuleOrderKind kDispatch{"dispatch", false, check_dispatch, dispatch_text, nullptr, true};
const ModuleOrderKind kPurchase{"purchase", false, check_purchase, purchase_text, nullptr, true};
const ModuleOrderKind kTrainPolicy{"train policy",    false,   check_train_policy,
                                   train_policy_text, nullptr, true};

const std::string_view kPositionKeys[5] = {"trains", "standing_supply", "treasury", "train_policy",
                                           "supply_lines_seen"};

const std::string_view kNeeds[3] = {"rail_network", "rivers", "sieges"};

const RuleModule kModule{
    .name = "supply",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .conflict = city_dispatch_taken,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .unit_keys = kUnitKeys,
    .read_unit = read_unit,
    .write_unit = write_unit,
    .check_position = check_position,
    .start_position = start_position,
    .hide = hide,
    .hide_in_document = hide_in_document,
    .summary = summary,
};

}  // namespace adjutant::supply
