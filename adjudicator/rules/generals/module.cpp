// SPDX-License-Identifier: Apache-2.0
// The generals module's hooks into the core (module/rule_module.h).
#include "rules/generals/generals.h"
#include "rules/generals/words.h"

#include "variant/variant.h"

namespace adjutant::generals {

// A general is no unit: his transfer and the order of the army he leaves both stand.
const ModuleOrderKind kToArmy{"transfer to an army", false, check_order, order_text};
const ModuleOrderKind kToGarrison{"transfer to a garrison", false, check_order, order_text};

const std::string_view kPositionKeys[1] = {"generals"};

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("generals");
}

void end_of_week(TurnContext& context) {
    record_type_rolls(context);
    replace_the_lost(context);
    appoint_generals(context);
}

const std::string_view kNeeds[2] = {"army_strength", "sieges"};

const RuleModule kModule{
    .name = "generals",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .conflict = one_order_a_general,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .check_position = check_position,
    .start_position = start_position,
    .hide = hide,
};

}  // namespace adjutant::generals
