// SPDX-License-Identifier: Apache-2.0
// Oào's LOC limitations (superseding 15.0): each army's line of communication runs by road
// to the nearest operational rail of its power, then by rail to the power's source. A rail
// province carries at most its capacity's number of armies' lines; the allocation is a
// minimum-cost maximum flow (max_flow.h). A single- or narrow-track link carries at most two
// lines (18.1.2, "Capacity 2 is the maximum state for a Narrow- or Single-Track RR line").
// Capacity 1, a full province or single-track link, or narrow track on the route leaves the
// army's supply Extended; so does finding no route within capacity.
#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "module/scratch.h"
#include "rules/rail/max_flow.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// What a week's allocation works in, kept from power to power and from week to week in the
// caller's Adjudicator (module/scratch.h). Every use sizes or clears what it reads first.
struct WeekScratch {
    std::vector<Unit*> armies;  // the power's armies supplied, by number
    RailGraph graph;
    std::vector<int> vertex;              // per province: its vertex, or -1
    std::vector<ProvinceId> province_of;  // per vertex
    std::vector<std::uint8_t> usable;     // per province: operational
    AllocationScratch allocation;
    // Per power, per army: its entry vertices and its route. Per power, so that each power's
    // lists keep their number and their room from week to week: one list for every power, resized
    // to each power's armies in turn, would free the routes of the armies beyond a smaller
    // power's and make them anew for the next larger one, some 15 allocations a week.
    std::vector<std::vector<std::vector<int>>> asked;
    std::vector<std::vector<std::vector<int>>> routes;
    // entries()'s. A province is seen by the current search when `seen` holds its number, so a
    // search per army does not clear an array of every province (the front's square).
    std::vector<std::uint32_t> seen;
    std::uint32_t search = 0;
    std::vector<ProvinceId> level;
    std::vector<ProvinceId> next_level;
    std::vector<ProvinceId> route;
};

// Into `found`, the vertices of the operational rail provinces nearest to `from` by road (all of
// those at the least number of roads), never entering a province that holds an enemy army.
void entries(const Variant& v, const RailWeek& week, PowerId power, ProvinceId from, WeekScratch& s,
             std::vector<int>& found) {
    const CampaignMap& map = *v.campaign;
    found.clear();
    if (s.seen.size() < v.provinces.size()) s.seen.resize(v.provinces.size(), 0);
    if (++s.search == 0) {
        std::fill(s.seen.begin(), s.seen.end(), 0u);
        s.search = 1;
    }
    const std::uint32_t search = s.search;
    s.level.assign(1, from);
    s.seen[from] = search;
    while (!s.level.empty()) {
        for (ProvinceId p : s.level)
            if (s.usable[p]) found.push_back(s.vertex[p]);
        if (!found.empty()) {
            // Vertices are numbered in province order.
            std::sort(found.begin(), found.end());
            return;
        }
        s.next_level.clear();
        for (ProvinceId p : s.level)
            for (ProvinceId q : map.roads[p]) {
                if (s.seen[q] == search) continue;
                s.seen[q] = search;
                if (week.enemy_next[power][q]) continue;
                s.next_level.push_back(q);
            }
        s.level.swap(s.next_level);
    }
}

// The best track of the links between neighbours `a` and `b` that are not demolished.
Track track_between(const CampaignMap& map, const std::vector<std::uint8_t>& gone, ProvinceId a,
                    ProvinceId b) {
    Track best = Track::Narrow;
    for (std::uint16_t i : map.rail_links_at[a])
        if (map.rail_neighbour(i, a) == b && !gone[i])
            best = std::min(best, map.rail_links[i].track);
    return best;
}

// 18.1.2: a single-track line holds capacity 2 at most, and two lines fill it; narrow track
// extends every line.
constexpr int kTrackLines = 2;
int link_unfilled(Track track) {
    return track == Track::Single ? kTrackLines - 1 : 0;
}

// The event of an army whose line runs by rail over `route`: "A SED's line of communication runs
// by rail SED-AAC-LIE", and why it is Extended if it is. Made in one string given its room first:
// every army has this event every week, and a chain of `+` made three or four strings of it.
std::string line_text(const Variant& v, ProvinceId army, const std::vector<ProvinceId>& route,
                      const std::string& why) {
    static constexpr std::string_view kRuns = "'s line of communication runs by rail ";
    static constexpr std::string_view kExtended = "; its supply is Extended: ";
    const std::string& abbr = v.provinces[army].abbr;
    std::size_t size = 2 + abbr.size() + kRuns.size() + route.size();
    for (ProvinceId p : route) size += v.provinces[p].abbr.size();
    if (!why.empty()) size += kExtended.size() + why.size();
    std::string out;
    out.reserve(size);
    out += "A ";
    out += abbr;
    out += kRuns;
    for (std::size_t k = 0; k < route.size(); ++k) {
        if (k > 0) out += '-';
        out += v.provinces[route[k]].abbr;
    }
    if (!why.empty()) {
        out += kExtended;
        out += why;
    }
    return out;
}

// A power's operational rail as the flow graph of max_flow.h: one vertex per operational
// province, with its capacity, the lines it takes before it extends them (18.1.2), its links
// and whether it is a source.
void power_rail(const Variant& v, const RailWeek& week, PowerId power,
                const std::vector<RailState>& rail, WeekScratch& s) {
    const CampaignMap& map = *v.campaign;
    const std::vector<std::uint8_t>& gone = week.closed_link[power];  // per link
    // source(): a map edge of the power's side (the week's list of them, in id order), or the
    // port of the port exception for its side.
    const std::vector<ProvinceId>& edges = week.map_edges[power];
    const RailNetworkRules& rules = parameters(map);
    const bool port_side = !rules.port_side.empty() && map.side[power] == rules.port_side;
    const auto is_source = [&](ProvinceId p) {
        return std::binary_search(edges.begin(), edges.end(), p) || (p == rules.port && port_side);
    };
    const std::size_t n = v.provinces.size();
    s.vertex.assign(n, -1);
    s.usable.assign(n, 0);
    s.province_of.clear();
    for (std::size_t p = 0; p < n; ++p)
        if (operational(rail[p])) {
            s.vertex[p] = static_cast<int>(s.province_of.size());
            s.province_of.push_back(static_cast<ProvinceId>(p));
            s.usable[p] = 1;
        }
    RailGraph& graph = s.graph;
    graph.clear();
    for (ProvinceId p : s.province_of) {
        const int cap = loc_capacity(v, p, rail[p]);
        // Capacity 1 extends every line, the last place of capacity 2 or 3 extends them all,
        // exceptional lines never do (18.1.2).
        graph.add_vertex(cap,
                         rail[p] == RailState::Capacity1     ? 0
                         : rail[p] == RailState::Exceptional ? cap
                                                             : cap - 1,
                         is_source(p));
        // The links at p come grouped by neighbour (CampaignMap::rail_links_at); a neighbour
        // joined by two links is joined by the better track of those still standing.
        ProvinceId last = kNoProvince;
        Track best = Track::Narrow;
        const auto link_last = [&] {
            if (last == kNoProvince || s.vertex[last] < 0) return;
            // Double track adds no limit of its own: the province's capacity bounds it.
            const bool limited = best != Track::Double;
            graph.add_link(s.vertex[last], limited ? kTrackLines : cap,
                           limited ? link_unfilled(best) : cap);
        };
        for (const std::uint16_t i : map.rail_links_at[p]) {
            if (gone[i]) continue;
            const ProvinceId q = map.rail_neighbour(i, p);
            if (q != last) {
                link_last();
                last = q;
                best = Track::Narrow;
            }
            best = std::min(best, map.rail_links[i].track);
        }
        link_last();
    }
}

// Why the line `vertices` leaves its army's supply Extended (18.1.2), or empty: "SED at capacity
// 1, narrow track AAC-LIE". Fills `route` with its provinces. The loads are those count_lines
// left in the allocation's scratch.
std::string extended_because(const Variant& v, const std::vector<std::uint8_t>& gone,
                             const WeekScratch& s, const std::vector<RailState>& rail,
                             const std::vector<int>& vertices, std::vector<ProvinceId>& route) {
    const CampaignMap& map = *v.campaign;
    std::string why;
    const auto reason = [&](const std::string& r) { why += (why.empty() ? "" : ", ") + r; };
    route.clear();
    for (std::size_t k = 0; k < vertices.size(); ++k) {
        const auto x = static_cast<std::size_t>(vertices[k]);
        const ProvinceId p = s.province_of[x];
        route.push_back(p);
        const int cap = s.graph.capacity[x];
        const int load = s.allocation.vertex_load[x];
        if (rail[p] == RailState::Capacity1)
            reason(v.provinces[p].abbr + " at capacity 1");
        else if (rail[p] != RailState::Exceptional && load >= cap)
            reason(v.provinces[p].abbr + " full (" + std::to_string(load) + " of " +
                   std::to_string(cap) + ")");
        if (k == 0) continue;
        const Track track = track_between(map, gone, route[k - 1], p);
        if (track == Track::Double) continue;
        const std::string between = v.provinces[route[k - 1]].abbr + "-" + v.provinces[p].abbr;
        const int lines = lines_over(s.graph, s.allocation, vertices[k - 1], vertices[k]);
        if (track == Track::Narrow)
            reason("narrow track " + between);
        else if (lines >= kTrackLines)
            reason("single track " + between + " full (" + std::to_string(lines) + " of " +
                   std::to_string(kTrackLines) + ")");
    }
    return why;
}

}  // namespace

void allocate_loc(TurnContext& ctx, RailWeek& week) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (Unit& u : next.units) attributes(u.stats).supply_extended = false;
    // The scratch space outlives the call, so a week allocates nothing for its searches once
    // the Adjudicator has run a week of the same size (some 230 allocations a week of the 1914
    // map).
    WeekScratch& s = ctx.scratch.get<WeekScratch>();
    std::vector<Unit*>& armies = s.armies;
    if (s.asked.size() < state(next).rail.size()) {
        s.asked.resize(state(next).rail.size());
        s.routes.resize(state(next).rail.size());
    }
    for (std::size_t w = 0; w < state(next).rail.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        const auto& rail = state(next).rail[w];
        // Armies by number: the lower number wins when two could take the last place.
        armies.clear();
        for (Unit& u : next.units)
            if (u.power == power && u.type == UnitType::Army &&
                (!map.modules.enabled("supply") || !u.stats.supply_line.empty()))
                armies.push_back(&u);
        if (armies.empty()) continue;
        std::sort(armies.begin(), armies.end(), [](const Unit* a, const Unit* b) {
            return std::tie(a->stats.id, a->location) < std::tie(b->stats.id, b->location);
        });
        power_rail(v, week, power, rail, s);
        std::vector<std::vector<int>>& asked = s.asked[w];
        std::vector<std::vector<int>>& routes = s.routes[w];
        asked.resize(armies.size());
        for (std::size_t i = 0; i < armies.size(); ++i)
            entries(v, week, power, armies[i]->location.province, s, asked[i]);
        allocate_max_flow(s.graph, asked, s.allocation, routes);
        count_lines(s.graph, routes, s.allocation);
        for (std::size_t i = 0; i < armies.size(); ++i) {
            Unit& u = *armies[i];
            if (routes[i].empty()) {
                attributes(u.stats).supply_extended = true;
                ctx.event("loc.none", power, u.location.province,
                          "A " + v.provinces[u.location.province].abbr +
                              " has no rail line of communication within capacity: its "
                              "supply is Extended");
                continue;
            }
            const std::string why =
                extended_because(v, week.closed_link[w], s, rail, routes[i], s.route);
            attributes(u.stats).supply_extended = !why.empty();
            ctx.event(why.empty() ? "loc.line" : "loc.extended", power, u.location.province,
                      line_text(v, u.location.province, s.route, why));
        }
    }
}

}  // namespace adjutant::rail
