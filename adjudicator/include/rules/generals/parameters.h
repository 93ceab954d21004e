// SPDX-License-Identifier: Apache-2.0
// The generals module's parameters (Lone Warrior 4g; docs/generals.md).
// The module reads them from its part of the variant file (rules/generals/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, as every module's parameters are (docs/rule-modules.md).
#pragma once

#include <string>
#include <vector>
#include "variant/variant.h"

namespace adjutant::generals {

// Lone Warrior 4g, the pools of generals (docs/generals.md): "Each nation has a pool of twenty
// generals ranked from 1 to 20".
struct GeneralsRules {
    int pool = 20;  // the generals in each power's pool, ranked G1 to G<pool>
    // Per power: the names of its generals in rank order, for the starting pool and then for
    // the replacements of the fallen. A power with too few names gets "<Power> general N".
    std::vector<std::vector<std::string>> names;
};

// The variant's parameters: those its file gives, or Lone Warrior's when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const GeneralsRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<GeneralsRules>();
}
inline const GeneralsRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::generals
