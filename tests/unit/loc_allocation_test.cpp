// SPDX-License-Identifier: Apache-2.0
// The LOC allocation against an exhaustive search on small random rail graphs: it supplies as
// many armies as any allocation within the capacities of provinces and links, and among those
// it nearly always leaves as few armies Extended (docs/rail.md, "LOC capacity and the
// max-flow allocation").
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "rail_graph_lists.h"
#include "rules/rail/max_flow.h"

using adjutant::rail::at;
using adjutant::test::Lcg;
using adjutant::test::RailLists;

namespace {

using Route = std::vector<int>;

// Capacity and unfilled places of the link from v to w (unlimited when not limited).
std::pair<int, int> link_of(const RailLists& g, int v, int w) {
    const auto& links = g.links[at(v)];
    for (std::size_t k = 0; k < links.size(); ++k)
        if (links[k] == w) return {g.link_capacity[at(v)][k], g.link_unfilled[at(v)][k]};
    return {0, 0};
}

RailLists random_graph(Lcg& rng, int vertices) {
    RailLists g;
    g.links.resize(at(vertices));
    g.link_capacity.resize(at(vertices));
    g.link_unfilled.resize(at(vertices));
    for (int v = 0; v < vertices; ++v) {
        // Capacity 1, 2, 3 or an exceptional 5, with the unfilled places of loc_capacity.cpp.
        const int kind = rng.below(4);
        const int cap = kind == 3 ? 5 : kind + 1;
        g.capacity.push_back(cap);
        g.unfilled.push_back(kind == 0 ? 0 : kind == 3 ? cap : cap - 1);
        g.exit.push_back(v == 0 || rng.below(5) == 0 ? 1 : 0);
    }
    for (int v = 0; v < vertices; ++v)
        for (int w = v + 1; w < vertices; ++w) {
            if (rng.below(2) != 0) continue;
            // Double (no limit of its own), single (two lines, the second extends) or narrow.
            const int track = rng.below(3);
            const int lc = track == 0 ? 99 : 2;
            const int lu = track == 0 ? 99 : track == 1 ? 1 : 0;
            g.links[at(v)].push_back(w);
            g.link_capacity[at(v)].push_back(lc);
            g.link_unfilled[at(v)].push_back(lu);
            g.links[at(w)].push_back(v);
            g.link_capacity[at(w)].push_back(lc);
            g.link_unfilled[at(w)].push_back(lu);
        }
    // Neighbours sorted, as loc_capacity.cpp gives them.
    for (int v = 0; v < vertices; ++v) {
        std::vector<std::size_t> order(g.links[at(v)].size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return g.links[at(v)][a] < g.links[at(v)][b];
        });
        std::vector<int> l, c, u;
        for (std::size_t k : order) {
            l.push_back(g.links[at(v)][k]);
            c.push_back(g.link_capacity[at(v)][k]);
            u.push_back(g.link_unfilled[at(v)][k]);
        }
        g.links[at(v)] = l;
        g.link_capacity[at(v)] = c;
        g.link_unfilled[at(v)] = u;
    }
    return g;
}

// Simple paths from an entry to the first exit they meet.
std::vector<Route> routes_from(const RailLists& g, const std::vector<int>& entries) {
    std::vector<Route> out;
    Route path;
    std::vector<std::uint8_t> on(g.capacity.size(), 0);
    std::function<void(int)> walk = [&](int v) {
        path.push_back(v);
        on[at(v)] = 1;
        if (g.exit[at(v)] != 0) {
            out.push_back(path);
        } else {
            for (int w : g.links[at(v)])
                if (!on[at(w)]) walk(w);
        }
        on[at(v)] = 0;
        path.pop_back();
    };
    for (int e : entries) walk(e);
    return out;
}

struct Score {
    int supplied = 0;
    int extended = 0;  // among the supplied
    int reasons = 0;   // the measure the flow minimises (max_flow.h, cost part 1)
};

// Capacities respected, and the armies supplied and Extended (the rules of loc_capacity.cpp:
// a place with no unfilled room extends every line through it; one whose lines exceed its
// unfilled places extends them all). Supplied is -1 when a capacity is exceeded.
Score score(const RailLists& g, const std::vector<Route>& chosen) {
    std::vector<int> load(g.capacity.size(), 0);
    std::map<std::pair<int, int>, int> link_load;
    for (const Route& r : chosen)
        for (std::size_t k = 0; k < r.size(); ++k) {
            ++load[at(r[k])];
            if (k > 0) ++link_load[std::minmax(r[k - 1], r[k])];
        }
    Score s;
    // A place with no unfilled room counts each line; a full one counts its capacity.
    const auto reasons = [](int lines, int capacity, int free) {
        return free == 0 ? lines : lines > free ? (lines - free) * capacity : 0;
    };
    for (std::size_t v = 0; v < load.size(); ++v) {
        if (load[v] > g.capacity[v]) return {-1, 0, 0};
        s.reasons += reasons(load[v], g.capacity[v], g.unfilled[v]);
    }
    for (const auto& [link, n] : link_load) {
        const auto [cap, free] = link_of(g, link.first, link.second);
        if (n > cap) return {-1, 0, 0};
        s.reasons += reasons(n, cap, free);
    }
    for (const Route& r : chosen) {
        if (r.empty()) continue;
        ++s.supplied;
        bool extended = false;
        for (std::size_t k = 0; k < r.size(); ++k) {
            const int v = r[k];
            const int free = g.unfilled[at(v)];
            if (free == 0 || load[at(v)] > free) extended = true;
            if (k == 0) continue;
            const int lfree = link_of(g, r[k - 1], v).second;
            if (lfree == 0 || link_load[std::minmax(r[k - 1], v)] > lfree) extended = true;
        }
        if (extended) ++s.extended;
    }
    return s;
}

// Over every choice of one route (or none) per army: the most armies supplied, and among those
// the fewest Extended (`extended`) and, apart, the least measure (`reasons`).
Score best(const RailLists& g, const std::vector<std::vector<Route>>& options) {
    Score top{0, 0, 0};
    std::vector<Route> chosen(options.size());
    std::function<void(std::size_t)> pick = [&](std::size_t i) {
        if (i == options.size()) {
            const Score s = score(g, chosen);
            if (s.supplied > top.supplied) {
                top = s;
            } else if (s.supplied == top.supplied) {
                top.extended = std::min(top.extended, s.extended);
                top.reasons = std::min(top.reasons, s.reasons);
            }
            return;
        }
        chosen[i].clear();
        pick(i + 1);
        for (const Route& r : options[i]) {
            chosen[i] = r;
            pick(i + 1);
        }
    };
    pick(0);
    return top;
}

}  // namespace

TEST_CASE("LOC allocation: the most armies, then the fewest Extended, against exhaustive search") {
    Lcg rng{20260101};
    int trials = 0;
    int supplied_some = 0;  // trials where at least one army can be supplied
    int fewest = 0;         // trials where no allocation of the maximum has fewer Extended
    for (int trial = 0; trial < 4000; ++trial) {
        const RailLists g = random_graph(rng, 6);
        const int armies = 1 + rng.below(3);
        std::vector<std::vector<int>> entries;
        std::vector<std::vector<Route>> options;
        for (int a = 0; a < armies; ++a) {
            std::vector<int> e{rng.below(6)};
            if (rng.below(2) == 0) e.push_back(rng.below(6));
            std::sort(e.begin(), e.end());
            e.erase(std::unique(e.begin(), e.end()), e.end());
            options.push_back(routes_from(g, e));
            entries.push_back(std::move(e));
        }
        const auto routes = adjutant::rail::allocate_max_flow(adjutant::test::flat(g), entries);
        const Score got = score(g, routes);
        const Score want = best(g, options);
        INFO("trial " << trial);
        REQUIRE(got.supplied >= 0);  // within every capacity
        CHECK(got.supplied == want.supplied);
        // The flow minimises the measure of reasons, which bounds the Extended armies from
        // above; the second stage only ever leaves fewer.
        CHECK(got.extended <= want.reasons);
        CHECK(got.extended >= want.extended);
        if (got.extended == want.extended) ++fewest;
        ++trials;
        if (want.supplied > 0) ++supplied_some;
    }
    CHECK(trials == 4000);
    CHECK(supplied_some > 100);  // the graphs are not all trivial
    // The measure stands in for the count: on these random graphs, where lines with two reasons
    // are common, the allocation gives the fewest Extended in all but a few (3988 of 4000).
    MESSAGE("fewest Extended in " << fewest << " of " << trials << " trials");
    CHECK(fewest >= trials * 99 / 100);
}

namespace {

// The second stage as first written, every count over every line (fewer_extended.cpp keeps
// loads and an index of the lines over each place instead): both must move the same lines.
struct WholeCounts {
    const adjutant::rail::RailGraph& g;

    int shared(int v, int w) const {
        const int k = g.link(v, w);
        const int back = g.link(w, v);
        return std::min(k, back < 0 ? k : back);
    }
    static bool extends(int unfilled, int lines) { return unfilled == 0 || lines > unfilled; }
    static bool fits(int capacity, int unfilled, int lines, bool roomless) {
        if (lines + 1 > capacity) return false;
        return unfilled == 0 ? roomless : lines + 1 <= unfilled;
    }
    void count(const std::vector<Route>& routes, std::vector<int>& vertex,
               std::vector<int>& link) const {
        vertex.assign(g.capacity.size(), 0);
        link.assign(g.link_to.size(), 0);
        for (const Route& r : routes)
            for (std::size_t k = 0; k < r.size(); ++k) {
                ++vertex[at(r[k])];
                if (k > 0) ++link[at(shared(r[k - 1], r[k]))];
            }
    }
    int extended(const std::vector<Route>& routes) const {
        std::vector<int> vertex, link;
        count(routes, vertex, link);
        int n = 0;
        for (const Route& r : routes) {
            bool e = false;
            for (std::size_t k = 0; k < r.size(); ++k) {
                e = e || extends(g.unfilled[at(r[k])], vertex[at(r[k])]);
                if (k > 0)
                    e = e || extends(g.link_unfilled[at(g.link(r[k - 1], r[k]))],
                                     link[at(shared(r[k - 1], r[k]))]);
            }
            if (e) ++n;
        }
        return n;
    }
    Route fitting(const std::vector<Route>& others, std::vector<int> entries, bool roomless) const {
        std::vector<int> vertex, link;
        count(others, vertex, link);
        std::sort(entries.begin(), entries.end());
        std::vector<int> parent(g.capacity.size(), -1), queue;
        std::vector<std::uint8_t> seen(g.capacity.size(), 0);
        for (int v : entries)
            if (!seen[at(v)] &&
                fits(g.capacity[at(v)], g.unfilled[at(v)], vertex[at(v)], roomless)) {
                seen[at(v)] = 1;
                queue.push_back(v);
            }
        for (std::size_t q = 0; q < queue.size(); ++q) {
            const int v = queue[q];
            if (g.exit[at(v)] != 0) {
                Route line;
                for (int x = v; x >= 0; x = parent[at(x)]) line.insert(line.begin(), x);
                return line;
            }
            for (int k = g.first[at(v)]; k < g.first[at(v) + 1]; ++k) {
                const int w = g.link_to[at(k)];
                if (seen[at(w)] ||
                    !fits(g.capacity[at(w)], g.unfilled[at(w)], vertex[at(w)], roomless) ||
                    !fits(g.link_capacity[at(k)], g.link_unfilled[at(k)], link[at(shared(v, w))],
                          roomless))
                    continue;
                seen[at(w)] = 1;
                parent[at(w)] = v;
                queue.push_back(w);
            }
        }
        return {};
    }
    void reduce(const std::vector<std::vector<int>>& entries, std::vector<Route>& routes) const {
        for (bool moved = true; moved;) {
            moved = false;
            const int before = extended(routes);
            for (std::size_t i = 0; i < routes.size() && !moved; ++i) {
                if (routes[i].empty()) continue;
                const Route kept = routes[i];
                for (bool roomless : {false, true}) {
                    std::vector<Route> others = routes;
                    others[i].clear();
                    routes[i] = fitting(others, entries[i], roomless);
                    if (!routes[i].empty() && extended(routes) < before) {
                        moved = true;
                        break;
                    }
                }
                if (!moved) routes[i] = kept;
            }
        }
    }
};

}  // namespace

TEST_CASE("LOC allocation: the second stage moves the lines a count over every line would") {
    Lcg rng{20261205};
    // One scratch for every trial, graphs of different sizes: stamps of earlier searches and
    // passes must never read as current.
    adjutant::rail::AllocationScratch scratch;
    int moves = 0;  // trials where some line moved
    for (int trial = 0; trial < 3000; ++trial) {
        const RailLists g = random_graph(rng, 4 + rng.below(5));
        const adjutant::rail::RailGraph flat = adjutant::test::flat(g);
        const int vertices = static_cast<int>(g.capacity.size());
        const int armies = 1 + rng.below(5);
        std::vector<std::vector<int>> entries;
        std::vector<Route> routes;
        // Any simple line, or none, per army: over capacity too, as a start the flow never gives.
        for (int a = 0; a < armies; ++a) {
            std::vector<int> e{rng.below(vertices)};
            if (rng.below(2) == 0) e.push_back(rng.below(vertices));
            const std::vector<Route> options = routes_from(g, e);
            const int pick = rng.below(static_cast<int>(options.size()) + 1);
            routes.push_back(pick == 0 ? Route{} : options[at(pick - 1)]);
            entries.push_back(std::move(e));
        }
        std::vector<Route> want = routes;
        WholeCounts{flat}.reduce(entries, want);
        std::vector<Route> got = routes;
        adjutant::rail::reduce_extended(flat, entries, scratch, got);
        INFO("trial " << trial);
        CHECK(got == want);
        if (want != routes) ++moves;
    }
    MESSAGE("a line moved in " << moves << " of 3000 trials");
    CHECK(moves > 300);  // the trials exercise the moves, not only the count
}
