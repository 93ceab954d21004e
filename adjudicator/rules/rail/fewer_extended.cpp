// SPDX-License-Identifier: Apache-2.0
// The second stage of the LOC allocation (max_flow.h): moving single lines while that leaves
// fewer armies Extended. The minimum-cost flow counts a line's reasons to be Extended, not the
// line; where a line has two (two capacity-1 provinces, say) moving it elsewhere may cost more
// reasons yet unfill a province and free other lines.
#include <algorithm>
#include <map>
#include <utility>

#include "rules/rail/max_flow.h"

namespace adjutant::rail {

namespace {

std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

constexpr int kUnlimited = 1 << 28;

// A place's capacity and unfilled room (max_flow.h).
struct Place {
    int capacity;
    int unfilled;
};

Place vertex_place(const RailGraph& g, int v) {
    const int cap = g.capacity[at(v)];
    return {cap, g.unfilled.size() == g.capacity.size() ? g.unfilled[at(v)] : cap};
}

Place link_place(const RailGraph& g, int v, int w) {
    if (g.link_capacity.size() != g.capacity.size()) return {kUnlimited, kUnlimited};
    const auto& links = g.links[at(v)];
    for (std::size_t k = 0; k < links.size(); ++k)
        if (links[k] == w) return {g.link_capacity[at(v)][k], g.link_unfilled[at(v)][k]};
    return {0, 0};
}

using LinkKey = std::pair<int, int>;

struct Loads {
    std::vector<int> vertex;
    std::map<LinkKey, int> link;  // either way
};

Loads loads_of(const RailGraph& g, const std::vector<std::vector<int>>& routes) {
    Loads l{std::vector<int>(g.capacity.size(), 0), {}};
    for (const auto& r : routes)
        for (std::size_t k = 0; k < r.size(); ++k) {
            ++l.vertex[at(r[k])];
            if (k > 0) ++l.link[std::minmax(r[k - 1], r[k])];
        }
    return l;
}

// A line over a place is Extended when the place has no unfilled room or is filled beyond it.
bool extends(Place p, int lines) {
    return p.unfilled == 0 || lines > p.unfilled;
}

int extended_count(const RailGraph& g, const std::vector<std::vector<int>>& routes) {
    const Loads l = loads_of(g, routes);
    int count = 0;
    for (const auto& r : routes) {
        bool extended = false;
        for (std::size_t k = 0; k < r.size() && !extended; ++k) {
            extended = extends(vertex_place(g, r[k]), l.vertex[at(r[k])]);
            if (k > 0 && !extended) {
                const LinkKey key = std::minmax(r[k - 1], r[k]);
                extended = extends(link_place(g, r[k - 1], r[k]), l.link.at(key));
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

// A shortest line from `entries` to an exit over places where one more line fits (breadth-first,
// vertices and links in id order), given the other lines' loads; empty when there is none.
std::vector<int> fitting_line(const RailGraph& g, const Loads& l, const std::vector<int>& entries,
                              bool roomless) {
    const std::size_t n = g.capacity.size();
    std::vector<int> parent(n, -1);
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<int> queue;
    std::vector<int> sorted = entries;
    std::sort(sorted.begin(), sorted.end());
    for (int v : sorted)
        if (!seen[at(v)] && fits(vertex_place(g, v), l.vertex[at(v)], roomless)) {
            seen[at(v)] = 1;
            queue.push_back(v);
        }
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const int v = queue[k];
        if (g.exit[at(v)] != 0) {
            std::vector<int> line;
            for (int x = v; x >= 0; x = parent[at(x)]) line.push_back(x);
            std::reverse(line.begin(), line.end());
            return line;
        }
        for (int w : g.links[at(v)]) {
            if (seen[at(w)] || !fits(vertex_place(g, w), l.vertex[at(w)], roomless)) continue;
            const auto on_link = l.link.find(std::minmax(v, w));
            if (!fits(link_place(g, v, w), on_link == l.link.end() ? 0 : on_link->second, roomless))
                continue;
            seen[at(w)] = 1;
            parent[at(w)] = v;
            queue.push_back(w);
        }
    }
    return {};
}

}  // namespace

void reduce_extended(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                     std::vector<std::vector<int>>& routes) {
    // Each accepted move leaves strictly fewer armies Extended, so the loop ends.
    for (bool moved = true; moved;) {
        moved = false;
        for (std::size_t i = 0; i < routes.size() && !moved; ++i) {
            if (routes[i].empty()) continue;
            const int before = extended_count(graph, routes);
            const std::vector<int> kept = routes[i];
            routes[i].clear();
            const Loads others = loads_of(graph, routes);
            // First a clean line; then one over places with no room, which fills nothing.
            for (bool roomless : {false, true}) {
                routes[i] = fitting_line(graph, others, entries[i], roomless);
                if (!routes[i].empty() && extended_count(graph, routes) < before) {
                    moved = true;
                    break;
                }
            }
            if (!moved) routes[i] = kept;
        }
    }
}

}  // namespace adjutant::rail
