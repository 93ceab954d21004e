// SPDX-License-Identifier: Apache-2.0
// Breadth-first search over a power's rail (see rail.h, reach).
#pragma once

#include <algorithm>

#include "rules/rail/parameters.h"
#include "rules/rail/week.h"
#include "variant/variant.h"

namespace adjutant::rail {

bool side_map_edge(const Variant& variant, PowerId power, ProvinceId province);

// `visit(q)` for each province joined to `province` by a rail link that is not `closed` (per
// link, RailWeek::closed_link; of double track only when `double_only`), in id order, without
// making a list: a search calls this for every province it takes from its queue.
template <typename Visit>
void for_each_rail_neighbour(const Variant& variant, const std::vector<std::uint8_t>& closed,
                             ProvinceId province, bool double_only, Visit visit) {
    const CampaignMap& map = *variant.campaign;
    ProvinceId last = kNoProvince;
    for (std::uint16_t i : map.rail_links_at[province]) {
        if (double_only && map.rail_links[i].track != Track::Double) continue;
        if (closed[i]) continue;
        const ProvinceId q = map.rail_neighbour(i, province);
        if (q == last) continue;  // two links to one neighbour
        last = q;
        visit(q);
    }
}

// The search of reach() (rail.h): into `out`, the provinces reached from those of
// `map_edges` that `usable` accepts (see rail.h).
template <typename Usable>
void reach_from(const Variant& variant, const Position& position,
                const std::vector<std::uint8_t>& closed, PowerId power,
                const std::vector<ProvinceId>& map_edges, Usable usable, bool double_only,
                std::vector<std::uint8_t>& seen, std::vector<ProvinceId>& queue,
                std::vector<std::uint8_t>& out) {
    const CampaignMap& map = *variant.campaign;
    const RailNetworkRules& rules = parameters(map);
    const std::size_t n = variant.provinces.size();
    // From the provinces already marked and queued, those they lead to.
    const auto walk = [&](std::vector<std::uint8_t>& marked, bool region_only) {
        for (std::size_t i = 0; i < queue.size(); ++i)
            for_each_rail_neighbour(variant, closed, queue[i], double_only, [&](ProvinceId q) {
                if (marked[q] || !usable(q)) return;
                if (region_only && rules.port_region[q] == 0) return;
                marked[q] = 1;
                queue.push_back(q);
            });
    };
    const auto start_ok = [&](ProvinceId p) {
        return usable(p) && (!double_only || double_source(variant, position, power, p));
    };
    out.assign(n, 0);
    queue.clear();
    for (ProvinceId p : map_edges)
        if (start_ok(p)) {
            out[p] = 1;
            queue.push_back(p);
        }
    walk(out, false);
    // 18.2, the Belgian exception: inside the region the side's lines connect to the port.
    const ProvinceId port = rules.port;
    if (port != kNoProvince && !rules.port_side.empty() && map.side[power] == rules.port_side &&
        start_ok(port)) {
        seen.assign(n, 0);
        seen[port] = 1;
        queue.assign(1, port);
        walk(seen, true);
        for (std::size_t p = 0; p < n; ++p) out[p] = out[p] | seen[p];
    }
}

template <typename Usable>
void reach(RailWeek& week, PowerId power, Usable usable, bool double_only,
           std::vector<std::uint8_t>& out) {
    reach_from(*week.variant, *week.position, week.closed_link[power], power, week.map_edges[power],
               usable, double_only, week.seen, week.queue, out);
}

}  // namespace adjutant::rail
