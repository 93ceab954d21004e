// SPDX-License-Identifier: Apache-2.0
// The second stage of the LOC allocation (max_flow.h): moving single lines while that leaves
// fewer armies Extended. The minimum-cost flow counts a line's reasons to be Extended, not the
// line; where a line has two (two capacity-1 provinces, say) moving it elsewhere may cost more
// reasons yet unfill a province and free other lines.
#include <algorithm>

#include "rules/rail/max_flow.h"

namespace adjutant::rail {

namespace {

std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

// A place's capacity and unfilled room (max_flow.h).
struct Place {
    int capacity;
    int unfilled;
};

Place vertex_place(const RailGraph& g, int v) {
    return {g.capacity[at(v)], g.unfilled[at(v)]};
}

Place link_place(const RailGraph& g, int link) {
    if (link < 0) return {0, 0};
    return {g.link_capacity[at(link)], g.link_unfilled[at(link)]};
}

// The lines through each vertex and over each link (either way, counted on the link's lower
// index: `twin` gives each link's other direction).
struct Loads {
    std::vector<int>& vertex;
    std::vector<int>& link;
};

// The index both directions of the link v-w count their lines on.
int shared_link(const RailGraph& g, const std::vector<int>& twin, int v, int w) {
    const int k = g.link(v, w);
    return std::min(k, twin[at(k)]);
}

void count_loads(const RailGraph& g, const std::vector<int>& twin,
                 const std::vector<std::vector<int>>& routes, Loads loads) {
    loads.vertex.assign(g.capacity.size(), 0);
    loads.link.assign(g.link_to.size(), 0);
    for (const auto& r : routes)
        for (std::size_t k = 0; k < r.size(); ++k) {
            ++loads.vertex[at(r[k])];
            if (k > 0) ++loads.link[at(shared_link(g, twin, r[k - 1], r[k]))];
        }
}

// A line over a place is Extended when the place has no unfilled room or is filled beyond it.
bool extends(Place p, int lines) {
    return p.unfilled == 0 || lines > p.unfilled;
}

int extended_count(const RailGraph& g, const std::vector<std::vector<int>>& routes,
                   AllocationScratch& s) {
    const Loads l{s.vertex_load, s.link_load};
    count_loads(g, s.twin, routes, l);
    int count = 0;
    for (const auto& r : routes) {
        bool extended = false;
        for (std::size_t k = 0; k < r.size() && !extended; ++k) {
            extended = extends(vertex_place(g, r[k]), l.vertex[at(r[k])]);
            if (k > 0 && !extended) {
                const int link = g.link(r[k - 1], r[k]);
                extended =
                    extends(link_place(g, link), l.link[at(std::min(link, s.twin[at(link)]))]);
            }
        }
        if (extended) ++count;
    }
    return count;
}

// Whether one more line fits a place carrying `lines`: within capacity, and within its unfilled
// room, unless `roomless` lets it over places that have none (capacity 1, narrow track).
bool fits(Place p, int lines, bool roomless) {
    if (lines + 1 > p.capacity) return false;
    return p.unfilled == 0 ? roomless : lines + 1 <= p.unfilled;
}

// Into `line`, a shortest line from `entries` to an exit over places where one more line fits
// (breadth-first, vertices and links in id order), given the other lines' loads; empty when
// there is none.
void fitting_line(const RailGraph& g, const Loads& l, const std::vector<int>& entries,
                  bool roomless, AllocationScratch& s, std::vector<int>& line) {
    line.clear();
    const std::size_t n = g.capacity.size();
    s.parent.assign(n, -1);
    s.seen.assign(n, 0);
    s.queue.clear();
    s.sorted.assign(entries.begin(), entries.end());
    std::sort(s.sorted.begin(), s.sorted.end());
    for (int v : s.sorted)
        if (!s.seen[at(v)] && fits(vertex_place(g, v), l.vertex[at(v)], roomless)) {
            s.seen[at(v)] = 1;
            s.queue.push_back(v);
        }
    for (std::size_t q = 0; q < s.queue.size(); ++q) {
        const int v = s.queue[q];
        if (g.exit[at(v)] != 0) {
            for (int x = v; x >= 0; x = s.parent[at(x)]) line.push_back(x);
            std::reverse(line.begin(), line.end());
            return;
        }
        for (int k = g.first[at(v)]; k < g.first[at(v) + 1]; ++k) {
            const int w = g.link_to[at(k)];
            if (s.seen[at(w)] || !fits(vertex_place(g, w), l.vertex[at(w)], roomless)) continue;
            if (!fits(link_place(g, k), l.link[at(std::min(k, s.twin[at(k)]))], roomless)) continue;
            s.seen[at(w)] = 1;
            s.parent[at(w)] = v;
            s.queue.push_back(w);
        }
    }
}

}  // namespace

void count_lines(const RailGraph& graph, const std::vector<std::vector<int>>& routes,
                 AllocationScratch& scratch) {
    count_loads(graph, scratch.twin, routes, Loads{scratch.vertex_load, scratch.link_load});
}

int lines_over(const RailGraph& graph, const AllocationScratch& scratch, int v, int w) {
    return scratch.link_load[at(shared_link(graph, scratch.twin, v, w))];
}

void reduce_extended(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                     AllocationScratch& scratch, std::vector<std::vector<int>>& routes) {
    // Each link's other direction, or itself when the graph has none.
    scratch.twin.resize(graph.link_to.size());
    for (int v = 0; v < graph.vertices(); ++v)
        for (int k = graph.first[at(v)]; k < graph.first[at(v) + 1]; ++k) {
            const int back = graph.link(graph.link_to[at(k)], v);
            scratch.twin[at(k)] = back < 0 ? k : back;
        }
    const Loads others{scratch.other_vertex_load, scratch.other_link_load};
    // Adds `sign` lines of `route` to the others' loads.
    const auto add_route = [&](const std::vector<int>& route, int sign) {
        for (std::size_t k = 0; k < route.size(); ++k) {
            others.vertex[at(route[k])] += sign;
            if (k > 0)
                others.link[at(shared_link(graph, scratch.twin, route[k - 1], route[k]))] += sign;
        }
    };
    // Each accepted move leaves strictly fewer armies Extended, so the loop ends. Until one is
    // accepted the routes stand as they were: the count before a try, and every line's load,
    // are those of the pass, and the line being moved is taken off the loads and put back.
    for (bool moved = true; moved;) {
        moved = false;
        const int before = extended_count(graph, routes, scratch);
        count_loads(graph, scratch.twin, routes, others);
        for (std::size_t i = 0; i < routes.size() && !moved; ++i) {
            if (routes[i].empty()) continue;
            scratch.kept.swap(routes[i]);
            routes[i].clear();
            add_route(scratch.kept, -1);
            // First a clean line; then one over places with no room, which fills nothing.
            for (bool roomless : {false, true}) {
                fitting_line(graph, others, entries[i], roomless, scratch, routes[i]);
                if (!routes[i].empty() && extended_count(graph, routes, scratch) < before) {
                    moved = true;
                    break;
                }
            }
            if (!moved) {
                routes[i].swap(scratch.kept);
                add_route(routes[i], +1);
            }
        }
    }
}

}  // namespace adjutant::rail
