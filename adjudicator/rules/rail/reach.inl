// SPDX-License-Identifier: Apache-2.0
// Breadth-first search over a power's rail (see rail.h, reach).
#pragma once

#include <algorithm>

#include "variant/variant.h"

namespace adjutant::rail {

bool side_map_edge(const Variant& variant, PowerId power, ProvinceId province);

// The provinces joined to `province` by a rail link that is not demolished, in id order.
std::vector<ProvinceId> rail_neighbours(const Variant& variant, const Position& position,
                                        ProvinceId province, bool double_only);

// `visit(q)` for each of those, in the same order, without making a list: a search calls this
// for every province it takes from its queue.
template <typename Visit>
void for_each_rail_neighbour(const Variant& variant, const std::vector<std::uint16_t>& demolished,
                             ProvinceId province, bool double_only, Visit visit) {
    const CampaignMap& map = *variant.campaign;
    ProvinceId last = kNoProvince;
    for (std::uint16_t i : map.rail_links_at[province]) {
        if (double_only && map.rail_links[i].track != Track::Double) continue;
        if (std::binary_search(demolished.begin(), demolished.end(), i)) continue;
        const ProvinceId q = map.rail_neighbour(i, province);
        if (q == last) continue;  // two links to one neighbour
        last = q;
        visit(q);
    }
}

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
        const std::vector<std::uint16_t>& demolished = state(position).demolished;
        for (std::size_t i = 0; i < queue.size(); ++i)
            for_each_rail_neighbour(variant, demolished, queue[i], double_only, [&](ProvinceId q) {
                if (seen[q] || !usable(q)) return;
                if (region_only && map.rail.port_region[q] == 0) return;
                seen[q] = 1;
                queue.push_back(q);
            });
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
