// SPDX-License-Identifier: Apache-2.0
// The reinforcements module's hooks into the core (module/rule_module.h).
#include "rules/reinforcements/reinforcements.h"
#include "rules/reinforcements/words.h"

#include "variant/variant.h"

namespace adjutant::reinforcements {

// None is a unit's own order: the army reinforced may hold or move (then it is not there to be
// reinforced), and the province raised in is nobody's yet.
const ModuleOrderKind kRaise{"raise", false, check_order, order_text};
const ModuleOrderKind kRaiseByRail{"raise by rail", false, check_order, order_text};
const ModuleOrderKind kReinforceArmy{"reinforce army", false, check_order, order_text};
const ModuleOrderKind kReinforceGarrison{"reinforce garrison", false, check_order, order_text};

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("reinforcements");
}

const std::string_view kNeeds[4] = {"army_strength", "rail_network", "sieges", "supply"};

const RuleModule kModule{
    .name = "reinforcements",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .after_movement = muster,
};

}  // namespace adjutant::reinforcements
