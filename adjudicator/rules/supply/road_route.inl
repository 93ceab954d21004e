// SPDX-License-Identifier: Apache-2.0
// Breadth-first search over the roads of a campaign map (see supply.h, road_route).
#pragma once

#include <algorithm>

#include "variant/variant.h"

namespace adjutant::supply {

template <typename Goal, typename Blocked>
std::vector<ProvinceId> road_route(const Variant& variant, ProvinceId from, Goal goal,
                                   Blocked blocked) {
    const CampaignMap& map = *variant.campaign;
    const std::size_t n = variant.provinces.size();
    std::vector<ProvinceId> parent(n, kNoProvince);
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<ProvinceId> frontier{from};
    seen[from] = 1;
    // Level by level, each level sorted by abbreviation, so the first goal found is the
    // shortest route and ties go to abbreviation order (deterministic, documented). The map
    // keeps each province's rank in that order and its roads in it (CampaignMap::index_roads).
    while (!frontier.empty()) {
        std::sort(frontier.begin(), frontier.end(),
                  [&](ProvinceId a, ProvinceId b) { return map.abbr_rank[a] < map.abbr_rank[b]; });
        for (ProvinceId p : frontier) {
            if (goal(p)) {
                std::vector<ProvinceId> route;
                for (ProvinceId at = p; at != kNoProvince; at = parent[at]) route.push_back(at);
                std::reverse(route.begin(), route.end());
                return route;
            }
        }
        std::vector<ProvinceId> next;
        for (ProvinceId p : frontier) {
            for (ProvinceId q : map.roads_by_abbr[p]) {
                if (seen[q] || blocked(q)) continue;
                seen[q] = 1;
                parent[q] = p;
                next.push_back(q);
            }
        }
        frontier = std::move(next);
    }
    return {};
}

}  // namespace adjutant::supply
