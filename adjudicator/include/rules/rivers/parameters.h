// SPDX-License-Identifier: Apache-2.0
// The rivers module's parameters (Lone Warrior 4a; docs/rivers.md).
// The module reads them from its part of the variant file (rules/rivers/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, for the river routes the supply module traces (rules/rivers/river_route.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/ids.h"
#include "variant/variant.h"

namespace adjutant::rivers {

// Lone Warrior 4a, rivers and barges (docs/rivers.md): "Supply lines may be traced along a river
// to a friendly city if a barge flotilla is operating from this city as a supply carrier. This
// supply line can be cut by an enemy army holding a bridge hexside unless a friendly army also
// holds the bridge hexside."
struct River {
    std::string name;                  // "Meuse"
    std::vector<ProvinceId> course;    // its navigable course, upstream first, each next by road
    std::vector<std::uint8_t> bridge;  // per course province: 1 where a bridge crosses it
    std::vector<std::string> bridge_name;  // per course province: the bridge's town, or empty
};

struct RiversRules {
    std::int64_t flotilla_cost = 200;  // 4e: "Barge Flotilla (12 boats + 72 Sailors) 200"
    std::vector<River> rivers;
    // Per province: the indices of the rivers whose course passes through it, ascending.
    std::vector<std::vector<std::uint8_t>> rivers_at;

    // The place of `province` on river `river`'s course, or -1 when it is not on it.
    int course_index(std::size_t river, ProvinceId province) const;
};

// The variant's parameters: those its file gives, or no rivers when the variant does not
// enable the module (readers that run without it see the defaults, as they always have).
inline const RiversRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<RiversRules>();
}
inline const RiversRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::rivers
