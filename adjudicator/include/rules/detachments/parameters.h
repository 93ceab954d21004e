// SPDX-License-Identifier: Apache-2.0
// The detachments module's parameters (Lone Warrior 4f; docs/detachments.md).
// The module reads them from its part of the variant file (rules/detachments/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, as every module's parameters are (docs/rule-modules.md).
#pragma once

#include "variant/variant.h"

namespace adjutant::detachments {

// Lone Warrior 4f, detachments (docs/detachments.md): "Only one detachment may occupy a hex and
// only two detachments may be deployed per city controlled"; 4e prices one at 15 points.
struct DetachmentRules {
    int cost = 15;         // points from the treasury for one detachment
    int per_city = 2;      // detachments a power may keep per city it controls
    int per_province = 1;  // detachments of all powers one province may hold
};

// The variant's parameters: those its file gives, or Lone Warrior's when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const DetachmentRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<DetachmentRules>();
}
inline const DetachmentRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::detachments
