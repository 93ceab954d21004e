// SPDX-License-Identifier: Apache-2.0
// LOC limitations (seed 000, superseding 15.0): each army's line of communication runs by road
// to the nearest operational rail of its power, then by rail to the power's source. A rail
// province carries at most its capacity's number of armies' lines; the allocation is a
// minimum-cost maximum flow (max_flow.h). A single- or narrow-track link carries at most two
// lines (18.1.2, "Capacity 2 is the maximum state for a Narrow- or Single-Track RR line").
// Capacity 1, a full province or single-track link, or narrow track on the route leaves the
// army's supply Extended; so does finding no route within capacity.
#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

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

// The best track of the links between neighbours `a` and `b` that are not demolished.
Track track_between(const Variant& v, const Position& pos, ProvinceId a, ProvinceId b) {
    const CampaignMap& map = *v.campaign;
    Track best = Track::Narrow;
    for (std::uint16_t i : map.rail_links_at[a])
        if (map.rail_neighbour(i, a) == b && !demolished(pos, i))
            best = std::min(best, map.rail_links[i].track);
    return best;
}

// 18.1.2: a single-track line holds capacity 2 at most, and two lines fill it; narrow track
// extends every line.
constexpr int kTrackLines = 2;
int link_unfilled(Track track) {
    return track == Track::Single ? kTrackLines - 1 : 0;
}

std::string route_text(const Variant& v, const std::vector<ProvinceId>& route) {
    std::string out;
    for (ProvinceId p : route) out += (out.empty() ? "" : "-") + v.provinces[p].abbr;
    return out;
}

// A power's operational rail as the flow graph of max_flow.h: one vertex per operational
// province, with its capacity, the lines it takes before it extends them (18.1.2), its links
// and whether it is a source.
struct PowerRail {
    RailGraph graph;
    std::vector<int> vertex;              // per province: its vertex, or -1
    std::vector<ProvinceId> province_of;  // per vertex
    std::vector<std::uint8_t> usable;     // per province: operational
};

PowerRail power_rail(const Variant& v, const Position& next, PowerId power,
                     const std::vector<RailState>& rail) {
    const std::size_t n = v.provinces.size();
    PowerRail net;
    net.vertex.assign(n, -1);
    net.usable.assign(n, 0);
    for (std::size_t p = 0; p < n; ++p)
        if (operational(rail[p])) {
            net.vertex[p] = static_cast<int>(net.province_of.size());
            net.province_of.push_back(static_cast<ProvinceId>(p));
            net.usable[p] = 1;
        }
    RailGraph& graph = net.graph;
    for (ProvinceId p : net.province_of) {
        const int cap = loc_capacity(v, p, rail[p]);
        graph.capacity.push_back(cap);
        // Capacity 1 extends every line, the last place of capacity 2 or 3 extends them all,
        // exceptional lines never do (18.1.2).
        graph.unfilled.push_back(rail[p] == RailState::Capacity1     ? 0
                                 : rail[p] == RailState::Exceptional ? cap
                                                                     : cap - 1);
        std::vector<int> links;
        std::vector<int> link_cap;
        std::vector<int> link_free;
        for (ProvinceId q : rail_neighbours(v, next, p, false)) {
            if (net.vertex[q] < 0) continue;
            links.push_back(net.vertex[q]);
            const Track track = track_between(v, next, p, q);
            // Double track adds no limit of its own: the province's capacity bounds it.
            const bool limited = track != Track::Double;
            link_cap.push_back(limited ? kTrackLines : cap);
            link_free.push_back(limited ? link_unfilled(track) : cap);
        }
        graph.links.push_back(std::move(links));
        graph.link_capacity.push_back(std::move(link_cap));
        graph.link_unfilled.push_back(std::move(link_free));
        graph.exit.push_back(source(v, power, p) ? 1 : 0);
    }
    return net;
}

// The lines the allocation put through each province and over each link, either way.
struct Loads {
    std::vector<int> province;
    std::map<std::pair<int, int>, int> link;
};

Loads loads_of(const PowerRail& net, const std::vector<std::vector<int>>& routes) {
    Loads loads{std::vector<int>(net.province_of.size(), 0), {}};
    for (const auto& r : routes)
        for (std::size_t k = 0; k < r.size(); ++k) {
            ++loads.province[static_cast<std::size_t>(r[k])];
            if (k > 0) ++loads.link[std::minmax(r[k - 1], r[k])];
        }
    return loads;
}

// Why the line `vertices` leaves its army's supply Extended (18.1.2), or empty: "SED at capacity
// 1, narrow track AAC-LIE". Fills `route` with its provinces.
std::string extended_because(const Variant& v, const Position& next, const PowerRail& net,
                             const std::vector<RailState>& rail, const Loads& loads,
                             const std::vector<int>& vertices, std::vector<ProvinceId>& route) {
    std::string why;
    const auto reason = [&](const std::string& r) { why += (why.empty() ? "" : ", ") + r; };
    for (std::size_t k = 0; k < vertices.size(); ++k) {
        const auto x = static_cast<std::size_t>(vertices[k]);
        const ProvinceId p = net.province_of[x];
        route.push_back(p);
        const int cap = net.graph.capacity[x];
        const int load = loads.province[x];
        if (rail[p] == RailState::Capacity1)
            reason(v.provinces[p].abbr + " at capacity 1");
        else if (rail[p] != RailState::Exceptional && load >= cap)
            reason(v.provinces[p].abbr + " full (" + std::to_string(load) + " of " +
                   std::to_string(cap) + ")");
        if (k == 0) continue;
        const Track track = track_between(v, next, route[k - 1], p);
        const std::string between = v.provinces[route[k - 1]].abbr + "-" + v.provinces[p].abbr;
        const auto counted = loads.link.find(std::minmax(vertices[k - 1], vertices[k]));
        const int lines = counted == loads.link.end() ? 0 : counted->second;
        if (track == Track::Narrow)
            reason("narrow track " + between);
        else if (track == Track::Single && lines >= kTrackLines)
            reason("single track " + between + " full (" + std::to_string(lines) + " of " +
                   std::to_string(kTrackLines) + ")");
    }
    return why;
}

}  // namespace

void allocate_loc(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (Unit& u : next.units) u.stats.supply_extended = false;
    for (std::size_t w = 0; w < state(next).rail.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        const auto& rail = state(next).rail[w];
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
        const PowerRail net = power_rail(v, next, power, rail);
        std::vector<std::vector<int>> asked;
        for (const Unit* u : armies) {
            std::vector<int> e;
            for (ProvinceId p : entries(v, next, power, u->location.province, net.usable))
                e.push_back(net.vertex[p]);
            asked.push_back(std::move(e));
        }
        const auto routes = allocate_max_flow(net.graph, asked);
        const Loads loads = loads_of(net, routes);
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
            const std::string why = extended_because(v, next, net, rail, loads, routes[i], route);
            u.stats.supply_extended = !why.empty();
            ctx.event(why.empty() ? "loc.line" : "loc.extended", power, u.location.province,
                      name + "'s line of communication runs by rail " + route_text(v, route) +
                          (why.empty() ? std::string() : "; its supply is Extended: " + why));
        }
    }
}

}  // namespace adjutant::rail
