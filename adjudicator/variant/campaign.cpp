// SPDX-License-Identifier: Apache-2.0
#include "variant/campaign.h"

#include <algorithm>
#include <utility>

namespace adjutant {

void CampaignMap::index_rail_links() {
    rail_links_at.assign(city_class.size(), {});
    for (std::size_t i = 0; i < rail_links.size(); ++i) {
        rail_links_at[rail_links[i].a].push_back(static_cast<std::uint16_t>(i));
        rail_links_at[rail_links[i].b].push_back(static_cast<std::uint16_t>(i));
    }
    for (std::size_t p = 0; p < rail_links_at.size(); ++p) {
        const auto here = static_cast<ProvinceId>(p);
        std::sort(rail_links_at[p].begin(), rail_links_at[p].end(),
                  [&](std::uint16_t x, std::uint16_t y) {
                      return std::pair(rail_neighbour(x, here), x) <
                             std::pair(rail_neighbour(y, here), y);
                  });
    }
}

std::optional<std::uint16_t> CampaignMap::rail_link(ProvinceId a, ProvinceId b) const {
    if (a >= rail_links_at.size()) return std::nullopt;
    for (std::uint16_t i : rail_links_at[a])
        if (rail_neighbour(i, a) == b) return i;
    return std::nullopt;
}

bool CampaignMap::road(ProvinceId a, ProvinceId b) const {
    if (a >= roads.size()) return false;
    return std::binary_search(roads[a].begin(), roads[a].end(), b);
}

void CampaignMap::index_sides() {
    const std::size_t n = side.size();
    allied.assign(n * n, 0);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            allied[a * n + b] = !side[a].empty() && side[a] == side[b] ? 1 : 0;
}

void CampaignMap::index_roads(const std::vector<std::string>& abbreviations) {
    const std::size_t n = abbreviations.size();
    std::vector<ProvinceId> order(n);
    for (std::size_t p = 0; p < n; ++p) order[p] = static_cast<ProvinceId>(p);
    std::sort(order.begin(), order.end(),
              [&](ProvinceId x, ProvinceId y) { return abbreviations[x] < abbreviations[y]; });
    abbr_rank.assign(n, 0);
    for (std::size_t k = 0; k < n; ++k) abbr_rank[order[k]] = static_cast<std::uint32_t>(k);
    roads_by_abbr = roads;
    for (auto& list : roads_by_abbr)
        std::sort(list.begin(), list.end(),
                  [&](ProvinceId x, ProvinceId y) { return abbr_rank[x] < abbr_rank[y]; });
}

bool CampaignMap::enemies(PowerId a, PowerId b) const {
    if (a == b || a == kNoPower || b == kNoPower) return false;
    const std::size_t n = side.size();
    if (a >= n || b >= n) return true;
    // The table index_sides() keeps: the same answer as comparing the sides' names.
    if (allied.size() == n * n) return allied[a * n + b] == 0;
    return side[a].empty() || side[a] != side[b];
}

std::int64_t CampaignMap::replacement_points(ProvinceId province) const {
    switch (province < city_class.size() ? city_class[province] : 0) {
        case 1:
            return 200;
        case 2:
            return 100;
        case 3:
            return 50;
        default:
            return 0;
    }
}

}  // namespace adjutant
