// SPDX-License-Identifier: Apache-2.0
// The army strength module's hooks into the core (module/rule_module.h).
#include "rules/army_strength/army_strength.h"
#include "rules/army_strength/words.h"

#include "variant/variant.h"

namespace adjutant::army_strength {

// The split is the army's own order: it holds while its detachment forms.
const ModuleOrderKind kSplit{"split", true, check_order, order_text};
// So does an army that sends equipment alone: the equipment leaves as the movement ends.
const ModuleOrderKind kSend{"send", true, check_order, order_text};
// The joining army holds too: it marches into its new army's province as the movement ends.
const ModuleOrderKind kJoin{"join", true, check_order, order_text};

void after_movement(TurnContext& context) {
    capture_equipment(context);
    split_armies(context);
    join_armies(context);
}

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("army_strength");
}

const std::string_view kNeeds[2] = {"sieges", "supply"};

const RuleModule kModule{
    .name = "army_strength",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_unit_action = read_unit_action,
    .unit_action_start = &kUnitActionStart,
    .refuse = refuse_campaign,
    .defence_points = excess_points,
    .attack_points = equipment_attack,
    .after_movement = after_movement,
};

}  // namespace adjutant::army_strength
