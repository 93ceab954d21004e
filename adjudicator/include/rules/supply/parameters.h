// SPDX-License-Identifier: Apache-2.0
// The supply module's parameters (Lone Warrior section 4; docs/campaign.md).
// The module reads them from its part of the variant file (rules/supply/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, as every module's parameters are; army strength and reinforcements read them
// too.
#pragma once

#include "variant/variant.h"

namespace adjutant::supply {

// Lone Warrior section 4, with its numbers as defaults.
struct SupplyRules {
    int train_speed = 2;         // provinces a train moves per week
    int attrition_percent = 10;  // share of points an unsupplied army loses per week
    int carry_weeks = 2;         // weeks of supply an army can carry
    int train_cost = 2;          // points for one supply train (one week of supply)
};

// The variant's parameters: those its file gives, or Lone Warrior's when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const SupplyRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<SupplyRules>();
}
inline const SupplyRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::supply
