// SPDX-License-Identifier: Apache-2.0
// The second stage of the LOC allocation (max_flow.h): moving single lines while that leaves
// fewer armies Extended. The minimum-cost flow counts a line's reasons to be Extended, not the
// line; where a line has two (two capacity-1 provinces, say) moving it elsewhere may cost more
// reasons yet unfill a province and free other lines.
#include <algorithm>

#include "rules/rail/max_flow.h"

namespace adjutant::rail {

namespace {

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

// Whether the line `r` is Extended under `l`: the number of its places that extend.
int reasons_over(const RailGraph& g, const std::vector<int>& twin, const Loads& l,
                 const std::vector<int>& r) {
    int reasons = 0;
    for (std::size_t k = 0; k < r.size(); ++k) {
        if (extends(vertex_place(g, r[k]), l.vertex[at(r[k])])) ++reasons;
        if (k == 0) continue;
        const int link = g.link(r[k - 1], r[k]);
        if (extends(link_place(g, link), l.link[at(std::min(link, twin[at(link)]))])) ++reasons;
    }
    return reasons;
}

// Starts a new generation of `stamps` over `size` entries: an entry is set in it only once
// stamped with it. New entries are unset; a wrap of the count clears them all.
std::uint32_t next_generation(std::vector<std::uint32_t>& stamps, std::uint32_t& generation,
                              std::size_t size) {
    if (stamps.size() < size) stamps.resize(size, 0);
    if (++generation == 0) {
        std::fill(stamps.begin(), stamps.end(), 0u);
        generation = 1;
    }
    return generation;
}

// The places are the vertices, then the links counted on their lower index (`shared_link`).
// Calls `visit(place, what)` for each place of `r`, `what` the vertex or the link as `r` takes it.
template <class Visit>
void each_place(const RailGraph& g, const std::vector<int>& twin, const std::vector<int>& r,
                Visit&& visit) {
    const int n = g.vertices();
    for (std::size_t k = 0; k < r.size(); ++k) {
        visit(r[k], r[k]);
        if (k == 0) continue;
        const int link = g.link(r[k - 1], r[k]);
        visit(n + std::min(link, twin[at(link)]), link);
    }
}

// For a pass over `routes` with loads `all`: each army's reasons to be Extended, and the index
// of the lines over each place. Returns the armies Extended.
int index_pass(const RailGraph& g, const std::vector<std::vector<int>>& routes, const Loads& all,
               AllocationScratch& s) {
    const std::size_t places = g.capacity.size() + g.link_to.size();
    const std::uint32_t gen = next_generation(s.place_stamp, s.place_generation, places);
    if (s.place_slot.size() < places) s.place_slot.resize(places);
    s.index_start.clear();
    s.reasons.resize(routes.size());
    int extended = 0;
    for (std::size_t j = 0; j < routes.size(); ++j) {
        s.reasons[j] = reasons_over(g, s.twin, all, routes[j]);
        if (s.reasons[j] > 0) ++extended;
        each_place(g, s.twin, routes[j], [&](int place, int) {
            if (s.place_stamp[at(place)] != gen) {
                s.place_stamp[at(place)] = gen;
                s.place_slot[at(place)] = static_cast<int>(s.index_start.size());
                s.index_start.push_back(0);
            }
            ++s.index_start[at(s.place_slot[at(place)])];
        });
    }
    // Counts to the start of each place's run; filling moves each start to the run's end, and
    // the shift after puts them back.
    int total = 0;
    for (int& start : s.index_start) {
        const int count = start;
        start = total;
        total += count;
    }
    s.index_start.push_back(total);
    s.index_lines.resize(at(total));
    s.index_what.resize(at(total));
    for (std::size_t j = 0; j < routes.size(); ++j)
        each_place(g, s.twin, routes[j], [&](int place, int what) {
            const int e = s.index_start[at(s.place_slot[at(place)])]++;
            s.index_lines[at(e)] = static_cast<int>(j);
            s.index_what[at(e)] = what;
        });
    for (std::size_t slot = s.index_start.size() - 1; slot-- > 1;)
        s.index_start[slot] = s.index_start[slot - 1];
    s.index_start[0] = 0;
    return extended;
}

// The armies Extended once army i's line `old_line` (the pass's) is `new_line`, from the pass's
// count `before`, loads `all` and index, and the loads `now` with the new line: only the lines
// over a place whose load changed can change.
int extended_after(const RailGraph& g, std::size_t i, const std::vector<int>& old_line,
                   const std::vector<int>& new_line, int before, const Loads& all, const Loads& now,
                   AllocationScratch& s) {
    const int n = g.vertices();
    int count =
        before - (s.reasons[i] > 0 ? 1 : 0) + (reasons_over(g, s.twin, now, new_line) > 0 ? 1 : 0);
    const std::uint32_t gen =
        next_generation(s.tried_stamp, s.tried_generation, g.capacity.size() + g.link_to.size());
    s.changed.clear();
    const auto visit = [&](int place, int) {
        if (s.tried_stamp[at(place)] == gen) return;
        s.tried_stamp[at(place)] = gen;
        const bool vertex = place < n;
        const int was = vertex ? all.vertex[at(place)] : all.link[at(place - n)];
        const int is = vertex ? now.vertex[at(place)] : now.link[at(place - n)];
        if (was == is || s.place_stamp[at(place)] != s.place_generation) return;
        const int slot = s.place_slot[at(place)];
        for (int e = s.index_start[at(slot)]; e < s.index_start[at(slot) + 1]; ++e) {
            const int j = s.index_lines[at(e)];
            if (at(j) == i) continue;
            const int what = s.index_what[at(e)];
            const Place p = vertex ? vertex_place(g, what) : link_place(g, what);
            const int d = (extends(p, is) ? 1 : 0) - (extends(p, was) ? 1 : 0);
            if (d == 0) continue;
            s.change[at(j)] += d;
            s.changed.push_back(j);
        }
    };
    each_place(g, s.twin, old_line, visit);
    each_place(g, s.twin, new_line, visit);
    // An army listed twice counts once: its change is spent the first time.
    for (int j : s.changed) {
        const int reasons = s.reasons[at(j)];
        count += (reasons + s.change[at(j)] > 0 ? 1 : 0) - (reasons > 0 ? 1 : 0);
        s.change[at(j)] = 0;
    }
    return count;
}

// Whether one more line fits a place carrying `lines`: within capacity, and within its unfilled
// room, unless `roomless` lets it over places that have none (capacity 1, narrow track).
bool fits(Place p, int lines, bool roomless) {
    if (lines + 1 > p.capacity) return false;
    return p.unfilled == 0 ? roomless : lines + 1 <= p.unfilled;
}

// Whether the search without `roomless` turned a place away that the search with it would
// have taken: a place with no unfilled room and capacity left.
bool refused_for_room(Place p, int lines, bool roomless) {
    return !roomless && p.unfilled == 0 && lines + 1 <= p.capacity;
}

// Into `line`, a shortest line from `entries` to an exit over places where one more line fits
// (breadth-first, vertices and links in id order), given the other lines' loads; empty when
// there is none. Returns whether it turned away a place only for want of room: if not, the
// search with `roomless` makes every decision this one made, and finds the same line.
bool fitting_line(const RailGraph& g, const Loads& l, const std::vector<int>& entries,
                  bool roomless, AllocationScratch& s, std::vector<int>& line) {
    line.clear();
    bool refused = false;
    // Whether one more line fits p, noting a refusal for want of room.
    const auto fits_here = [&](Place p, int lines) {
        if (fits(p, lines, roomless)) return true;
        refused = refused || refused_for_room(p, lines, roomless);
        return false;
    };
    const std::size_t n = g.capacity.size();
    // Only what the search reaches is read: a vertex's parent once it is seen in this search.
    if (s.parent.size() < n) s.parent.resize(n);
    const std::uint32_t seen = next_generation(s.seen, s.seen_generation, n);
    s.queue.clear();
    s.sorted.assign(entries.begin(), entries.end());
    std::sort(s.sorted.begin(), s.sorted.end());
    for (int v : s.sorted)
        if (s.seen[at(v)] != seen && fits_here(vertex_place(g, v), l.vertex[at(v)])) {
            s.seen[at(v)] = seen;
            s.parent[at(v)] = -1;
            s.queue.push_back(v);
        }
    for (std::size_t q = 0; q < s.queue.size(); ++q) {
        const int v = s.queue[q];
        if (g.exit[at(v)] != 0) {
            for (int x = v; x >= 0; x = s.parent[at(x)]) line.push_back(x);
            std::reverse(line.begin(), line.end());
            return refused;
        }
        for (int k = g.first[at(v)]; k < g.first[at(v) + 1]; ++k) {
            const int w = g.link_to[at(k)];
            if (s.seen[at(w)] == seen || !fits_here(vertex_place(g, w), l.vertex[at(w)])) continue;
            if (!fits_here(link_place(g, k), l.link[at(std::min(k, s.twin[at(k)]))])) continue;
            s.seen[at(w)] = seen;
            s.parent[at(w)] = v;
            s.queue.push_back(w);
        }
    }
    return refused;
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
    // The pass's loads, of every line as it stands, and the others': of every line but the one
    // being moved, and its new line while that is tried.
    const Loads all{scratch.vertex_load, scratch.link_load};
    const Loads others{scratch.other_vertex_load, scratch.other_link_load};
    count_loads(graph, scratch.twin, routes, all);
    others.vertex = all.vertex;
    others.link = all.link;
    scratch.change.assign(routes.size(), 0);
    // Adds `sign` lines of `route` to `loads`.
    const auto add_route = [&](const Loads& loads, const std::vector<int>& route, int sign) {
        for (std::size_t k = 0; k < route.size(); ++k) {
            loads.vertex[at(route[k])] += sign;
            if (k > 0)
                loads.link[at(shared_link(graph, scratch.twin, route[k - 1], route[k]))] += sign;
        }
    };
    // Each accepted move leaves strictly fewer armies Extended, so the loop ends. Until one is
    // accepted the routes stand as they were: the count before a try, and every line's load,
    // are those of the pass, and the line being moved is taken off the loads and put back.
    for (bool moved = true; moved;) {
        moved = false;
        const int before = index_pass(graph, routes, all, scratch);
        if (before == 0) break;  // no move can leave fewer than none
        for (std::size_t i = 0; i < routes.size() && !moved; ++i) {
            if (routes[i].empty()) continue;
            scratch.kept.swap(routes[i]);
            routes[i].clear();
            add_route(others, scratch.kept, -1);
            // First a clean line; then one over places with no room, which fills nothing,
            // unless the first search turned no such place away (it would find the same line).
            bool refused = true;
            for (bool roomless : {false, true}) {
                if (!refused) break;
                refused = fitting_line(graph, others, entries[i], roomless, scratch, routes[i]);
                if (routes[i].empty()) continue;
                add_route(others, routes[i], +1);
                if (extended_after(graph, i, scratch.kept, routes[i], before, all, others,
                                   scratch) < before) {
                    moved = true;
                    break;
                }
                add_route(others, routes[i], -1);
            }
            if (moved) {
                // The others' loads hold the new line already; the pass's take the move.
                add_route(all, scratch.kept, -1);
                add_route(all, routes[i], +1);
            } else {
                routes[i].swap(scratch.kept);
                add_route(others, routes[i], +1);
            }
        }
    }
}

}  // namespace adjutant::rail
