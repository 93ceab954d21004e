// SPDX-License-Identifier: Apache-2.0
// LOC limitations (seed 000, superseding 15.0): each army's line of communication runs by road
// to the nearest operational rail of its power, then by rail to the power's source. A rail
// province carries at most its capacity's number of armies' lines; the allocation is a
// vertex-capacitated maximum flow (max_flow.h). Capacity 1, a full province or narrow track on
// the route leaves the army's supply Extended; so does finding no route within capacity.
#include <algorithm>
#include <tuple>

#include "rules/rail/max_flow.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// The operational rail provinces nearest to `from` by road (all of those at the least number of
// roads), never entering a province that holds an enemy army.
std::vector<ProvinceId> entries(const Variant& v, const Position& pos, PowerId power,
                                ProvinceId from, const std::vector<std::uint8_t>& usable) {
    const CampaignMap& map = *v.campaign;
    std::vector<std::uint8_t> seen(v.provinces.size(), 0);
    std::vector<ProvinceId> level{from};
    seen[from] = 1;
    while (!level.empty()) {
        std::vector<ProvinceId> found;
        for (ProvinceId p : level)
            if (usable[p]) found.push_back(p);
        if (!found.empty()) {
            std::sort(found.begin(), found.end());
            return found;
        }
        std::vector<ProvinceId> next;
        for (ProvinceId p : level)
            for (ProvinceId q : map.roads[p]) {
                if (seen[q]) continue;
                seen[q] = 1;
                const Unit* u = pos.unit_at(q);
                if (u != nullptr && u->type == UnitType::Army && map.enemies(u->power, power))
                    continue;
                next.push_back(q);
            }
        level = std::move(next);
    }
    return {};
}

std::string route_text(const Variant& v, const std::vector<ProvinceId>& route) {
    std::string out;
    for (ProvinceId p : route) out += (out.empty() ? "" : "-") + v.provinces[p].abbr;
    return out;
}

}  // namespace

void allocate_loc(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    const std::size_t n = v.provinces.size();
    for (Unit& u : next.units) u.stats.supply_extended = false;
    for (std::size_t w = 0; w < next.rail.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        const auto& rail = next.rail[w];
        // Armies by number: the lower number wins when two could take the last place.
        std::vector<Unit*> armies;
        for (Unit& u : next.units)
            if (u.power == power && u.type == UnitType::Army &&
                (!map.supply_rules || !u.stats.supply_line.empty()))
                armies.push_back(&u);
        if (armies.empty()) continue;
        std::sort(armies.begin(), armies.end(), [](const Unit* a, const Unit* b) {
            return std::tie(a->stats.id, a->location) < std::tie(b->stats.id, b->location);
        });
        std::vector<int> vertex(n, -1);
        std::vector<ProvinceId> province_of;
        std::vector<std::uint8_t> usable(n, 0);
        for (std::size_t p = 0; p < n; ++p)
            if (operational(rail[p])) {
                vertex[p] = static_cast<int>(province_of.size());
                province_of.push_back(static_cast<ProvinceId>(p));
                usable[p] = 1;
            }
        RailGraph graph;
        for (ProvinceId p : province_of) {
            const int cap = loc_capacity(v, p, rail[p]);
            graph.capacity.push_back(cap);
            // The last place of capacity 2 or 3 extends supply; exceptional lines never do.
            graph.unfilled.push_back(
                rail[p] == RailState::Capacity2 || rail[p] == RailState::Capacity3 ? cap - 1 : cap);
            std::vector<int> links;
            for (ProvinceId q : rail_neighbours(v, next, p, false))
                if (vertex[q] >= 0) links.push_back(vertex[q]);
            graph.links.push_back(std::move(links));
            graph.exit.push_back(source(v, power, p) ? 1 : 0);
        }
        std::vector<std::vector<int>> asked;
        for (const Unit* u : armies) {
            std::vector<int> e;
            for (ProvinceId p : entries(v, next, power, u->location.province, usable))
                e.push_back(vertex[p]);
            asked.push_back(std::move(e));
        }
        const auto routes = allocate_max_flow(graph, asked);
        std::vector<int> load(province_of.size(), 0);
        for (const auto& r : routes)
            for (int x : r) ++load[static_cast<std::size_t>(x)];
        for (std::size_t i = 0; i < armies.size(); ++i) {
            Unit& u = *armies[i];
            const std::string name = "A " + v.provinces[u.location.province].abbr;
            if (routes[i].empty()) {
                u.stats.supply_extended = true;
                ctx.event("loc.none", power, u.location.province,
                          name +
                              " has no rail line of communication within capacity: its "
                              "supply is Extended");
                continue;
            }
            std::vector<ProvinceId> route;
            std::string why;
            const auto reason = [&](const std::string& r) { why += (why.empty() ? "" : ", ") + r; };
            for (std::size_t k = 0; k < routes[i].size(); ++k) {
                const auto x = static_cast<std::size_t>(routes[i][k]);
                const ProvinceId p = province_of[x];
                route.push_back(p);
                const int cap = graph.capacity[x];
                if (rail[p] == RailState::Capacity1)
                    reason(v.provinces[p].abbr + " at capacity 1");
                else if (rail[p] != RailState::Exceptional && load[x] >= cap)
                    reason(v.provinces[p].abbr + " full (" + std::to_string(load[x]) + " of " +
                           std::to_string(cap) + ")");
                if (k == 0) continue;
                const auto link = map.rail_link(route[k - 1], p);
                if (link && map.rail_links[*link].track == Track::Narrow)
                    reason("narrow track " + v.provinces[route[k - 1]].abbr + "-" +
                           v.provinces[p].abbr);
            }
            u.stats.supply_extended = !why.empty();
            ctx.event(why.empty() ? "loc.line" : "loc.extended", power, u.location.province,
                      name + "'s line of communication runs by rail " + route_text(v, route) +
                          (why.empty() ? std::string() : "; its supply is Extended: " + why));
        }
    }
}

}  // namespace adjutant::rail
