// SPDX-License-Identifier: Apache-2.0
// The field works module's parameters (Lone Warrior 5b; docs/field-works.md).
// The module reads them from its part of the variant file (rules/field_works/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, as every module's parameters are (docs/rule-modules.md).
#pragma once

#include "variant/variant.h"

namespace adjutant::field_works {

// Lone Warrior 5b, field fortifications (docs/field-works.md).
struct FieldWorksRules {
    // The share of an army's points its works add when it stands in them: 100, every battalion
    // in an entrenchment and every battery in a redoubt, so the points count twice.
    int defence_percent = 100;
};

// The variant's parameters: those its file gives, or Lone Warrior's when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const FieldWorksRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<FieldWorksRules>();
}
inline const FieldWorksRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::field_works
