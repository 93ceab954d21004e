#include "variant/campaign.h"

#include <algorithm>

namespace adjutant {

std::optional<std::uint16_t> CampaignMap::rail_link(ProvinceId a, ProvinceId b) const {
    for (std::size_t i = 0; i < rail_links.size(); ++i)
        if ((rail_links[i].a == a && rail_links[i].b == b) ||
            (rail_links[i].a == b && rail_links[i].b == a))
            return static_cast<std::uint16_t>(i);
    return std::nullopt;
}

bool CampaignMap::road(ProvinceId a, ProvinceId b) const {
    if (a >= roads.size()) return false;
    return std::binary_search(roads[a].begin(), roads[a].end(), b);
}

bool CampaignMap::enemies(PowerId a, PowerId b) const {
    if (a == b || a == kNoPower || b == kNoPower) return false;
    if (a >= side.size() || b >= side.size()) return true;
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
