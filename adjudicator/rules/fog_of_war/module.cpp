// SPDX-License-Identifier: Apache-2.0
// The fog of war module's hooks into the core (module/rule_module.h).
#include "module/rule_module.h"
#include "rules/fog_of_war/fog_of_war.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::fog_of_war {

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("fog_of_war");
}

const RuleModule kModule{
    .name = "fog_of_war",
    .enabled = enabled,
    .read_parameters = read_parameters,
    .sight = sight,
};

}  // namespace adjutant::fog_of_war
