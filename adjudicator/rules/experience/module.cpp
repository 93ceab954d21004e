// SPDX-License-Identifier: Apache-2.0
// The experience module's hooks into the core (module/rule_module.h).
#include "rules/experience/experience.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::experience {

bool enabled(const Variant& variant) {
    return variant.campaign && variant.campaign->modules.enabled("experience");
}

const std::string_view kNeeds[1] = {"army_strength"};

const RuleModule kModule{
    .name = "experience",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .check_position = check_position,
    .start_position = start_position,
    .hide = hide,
};

}  // namespace adjutant::experience
