// SPDX-License-Identifier: Apache-2.0
// The field works module's hooks into the core (module/rule_module.h).
#include "rules/field_works/field_works.h"
#include "rules/field_works/words.h"

#include "variant/variant.h"

namespace adjutant::field_works {

// Both orders are the army's own: it holds while it digs, and holds in its works unless an
// enemy's attack makes it retire.
const ModuleOrderKind kEntrench{"entrench", true, check_order, order_text};
const ModuleOrderKind kRetire{"retire", true, check_order, order_text};

const std::string_view kPositionKeys[1] = {"field_works"};

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("field_works");
}

const std::string_view kNeeds[1] = {"army_strength"};

const RuleModule kModule{
    .name = "field_works",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_unit_action = read_unit_action,
    .unit_action_start = &kUnitActionStart,
    .settle_orders = settle_orders,
    .defence_points = works_points,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .check_position = check_position,
    .hide = hide,
};

}  // namespace adjutant::field_works
