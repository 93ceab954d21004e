// Breadth-first search over a power's rail (see rail.h, reach).
#pragma once

#include <algorithm>

#include "variant/variant.h"

namespace adjutant::rail {

bool side_map_edge(const Variant& variant, PowerId power, ProvinceId province);

// The provinces joined to `province` by a rail link that is not demolished, in id order.
std::vector<ProvinceId> rail_neighbours(const Variant& variant, const Position& position,
                                        ProvinceId province, bool double_only);

template <typename Usable>
std::vector<std::uint8_t> reach(const Variant& variant, const Position& position, PowerId power,
                                Usable usable, bool double_only) {
    const CampaignMap& map = *variant.campaign;
    const std::size_t n = variant.provinces.size();
    std::vector<std::uint8_t> out(n, 0);
    const auto walk = [&](const std::vector<ProvinceId>& starts, bool region_only) {
        std::vector<std::uint8_t> seen(n, 0);
        std::vector<ProvinceId> queue;
        for (ProvinceId s : starts) {
            seen[s] = 1;
            queue.push_back(s);
        }
        for (std::size_t i = 0; i < queue.size(); ++i)
            for (ProvinceId q : rail_neighbours(variant, position, queue[i], double_only)) {
                if (seen[q] || !usable(q)) continue;
                if (region_only && map.rail.port_region[q] == 0) continue;
                seen[q] = 1;
                queue.push_back(q);
            }
        for (std::size_t p = 0; p < n; ++p) out[p] = out[p] | seen[p];
    };
    const auto start_ok = [&](ProvinceId p) {
        return usable(p) && (!double_only || double_source(variant, p));
    };
    std::vector<ProvinceId> edges;
    for (std::size_t p = 0; p < n; ++p) {
        const auto here = static_cast<ProvinceId>(p);
        if (side_map_edge(variant, power, here) && start_ok(here)) edges.push_back(here);
    }
    walk(edges, false);
    // 18.2, the Belgian exception: inside the region the side's lines connect to the port.
    const ProvinceId port = map.rail.port;
    if (port != kNoProvince && !map.rail.port_side.empty() &&
        map.side[power] == map.rail.port_side && start_ok(port))
        walk({port}, true);
    return out;
}

}  // namespace adjutant::rail
