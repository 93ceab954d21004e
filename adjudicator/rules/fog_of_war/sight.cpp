// SPDX-License-Identifier: Apache-2.0
// "A power sees its own units, what stands in and next to the provinces it occupies", as this
// project reads Lone Warrior 4a's "that army must be told" (docs/fog-of-war.md): a province is seen
// when the power occupies it or a neighbour of it. A neighbour is a province an army or a fleet
// could move to, or a road leads to, so a coast sees the sea beside it and a fleet the coasts
// around it.
#include "position/sight.h"
#include "rules/fog_of_war/fog_of_war.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::fog_of_war {

void sight(const Variant& variant, const Position& /*position*/, Sight& sight) {
    const std::size_t n = variant.province_count();
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = static_cast<ProvinceId>(i);
        if (!sight.occupies(p)) continue;
        sight.seen[p] = 1;
        if (p < variant.army_adjacency.size())
            for (ProvinceId q : variant.army_adjacency[p]) sight.seen[q] = 1;
        if (p < variant.fleet_adjacency.size())
            for (const FleetEdge& e : variant.fleet_adjacency[p]) sight.seen[e.to.province] = 1;
        if (variant.campaign && p < variant.campaign->roads.size())
            for (ProvinceId q : variant.campaign->roads[p]) sight.seen[q] = 1;
    }
}

}  // namespace adjutant::fog_of_war
