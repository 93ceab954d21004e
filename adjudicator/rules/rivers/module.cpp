// SPDX-License-Identifier: Apache-2.0
// The rivers module's hooks into the core (module/rule_module.h).
#include "rules/rivers/rivers.h"

#include "rules/rivers/parameters.h"
#include "rules/rivers/words.h"
#include "variant/variant.h"

namespace adjutant::rivers {

// A flotilla carries supply trains down its river: buying one is supply
// (ModuleOrderKind::supply).
const ModuleOrderKind kPurchase{"buy flotilla", false,   check_purchase,
                                purchase_text,  nullptr, true};

const std::string_view kPositionKeys[1] = {"flotillas"};
const std::string_view kUnitKeys[1] = {"supply_river"};

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("rivers");
}

bool has_rivers(const Variant& variant) {
    return enabled(variant) && !rivers::parameters(variant).rivers.empty();
}

std::string abbr(const Variant& variant, ProvinceId province) {
    return variant.provinces[province].abbr;
}

namespace {

void after_movement(TurnContext& context) {
    buy_flotillas(context);
}

void end_of_week(TurnContext& context) {
    lose_flotillas(context);
}

}  // namespace

const std::string_view kNeeds[1] = {"sieges"};

const RuleModule kModule{
    .name = "rivers",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .unit_keys = kUnitKeys,
    .read_unit = read_unit,
    .write_unit = write_unit,
    .check_position = check_position,
    .hide = hide,
};

}  // namespace adjutant::rivers
