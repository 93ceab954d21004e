// SPDX-License-Identifier: Apache-2.0
// The experience module's parameters (Lone Warrior 4d; docs/experience.md).
// The module reads them from its part of the variant file (rules/experience/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, for the server, which checks a tabletop result against the guards a power
// started with.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ids.h"
#include "variant/variant.h"

namespace adjutant::experience {

// Lone Warrior 4d, experience (docs/experience.md): "Each nation starts with 250 points worth of
// guards or veterans." Each power's starting points of guards (elite) or veterans, and the army
// that holds them, by the province it starts in.
struct ExperienceStart {
    PowerId power = kNoPower;
    ProvinceId army = kNoProvince;  // the start army that holds them
    bool guards = false;            // elite guards; veterans otherwise
    std::int64_t points = 250;
};

struct ExperienceRules {
    std::vector<ExperienceStart> start;  // at most one a power
    // The elite points `power` started with: 4d, "The percentage of guards may never be
    // increased during the campaign but the original number may be maintained."
    std::int64_t starting_elite(PowerId power) const;
};

// The variant's parameters: those its file gives, or no start when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const ExperienceRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<ExperienceRules>();
}
inline const ExperienceRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::experience
