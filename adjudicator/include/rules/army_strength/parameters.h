// SPDX-License-Identifier: Apache-2.0
// The army strength module's parameters (Lone Warrior 4c; docs/army-strength.md).
// The module reads them from its part of the variant file (rules/army_strength/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, as every module's parameters are, so that the modules that read them (field
// works, reinforcements) name a header of the module's own.
#pragma once

#include "variant/variant.h"

namespace adjutant::army_strength {

// Lone Warrior 4c, army strength (docs/army-strength.md): "An army must be at least 250 points and
// not more than 750 points to be sent out on campaign".
struct ArmyStrengthRules {
    int min_points = 250;
    int max_points = 750;
};

// The variant's parameters: those its file gives, or Lone Warrior's when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const ArmyStrengthRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<ArmyStrengthRules>();
}
inline const ArmyStrengthRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::army_strength
