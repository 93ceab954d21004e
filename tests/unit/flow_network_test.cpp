// SPDX-License-Identifier: Apache-2.0
// The LOC flow's search (rules/rail/flow_network.h) and its tie-break among routes of equal
// cost: fewest edges, then the route that leaves the first node where two routes part by the
// edge built first. Pinned on small networks with equal-cost routes, and on random ones against
// every simple residual path (docs/rail.md, "LOC capacity and the max-flow allocation").
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "rail_graph_lists.h"
#include "rules/rail/flow_network.h"

using adjutant::rail::at;
using adjutant::rail::FlowNetwork;
using adjutant::test::Lcg;

namespace {

constexpr int kSource = 0;
constexpr int kSink = 1;

int edges_of(const FlowNetwork& net, int nodes) {
    return net.first(nodes);
}

// The nodes of the route the last augmentation took: the edges whose residual it lowered.
std::vector<int> route_taken(const FlowNetwork& net, int nodes, const std::vector<int>& before) {
    std::vector<int> route{kSource};
    while (route.back() != kSink) {
        const int node = route.back();
        int next = -1;
        for (int e = net.first(node); e < net.first(node + 1); ++e)
            if (net.residual(e) < before[at(e)]) next = net.to(e);
        REQUIRE(next >= 0);
        route.push_back(next);
        REQUIRE(route.size() <= at(nodes) + 1);
    }
    return route;
}

std::vector<int> residuals(const FlowNetwork& net, int nodes) {
    std::vector<int> r(at(edges_of(net, nodes)));
    for (std::size_t e = 0; e < r.size(); ++e) r[e] = net.residual(static_cast<int>(e));
    return r;
}

std::vector<int> augment(FlowNetwork& net, int nodes) {
    const std::vector<int> before = residuals(net, nodes);
    REQUIRE(net.augment(kSource, kSink));
    return route_taken(net, nodes, before);
}

// The rule, by brute force: of the simple residual paths from the source to the sink, the least
// (cost, edges, edge ids from the source): a node's edges have ids in the order built.
struct Best {
    bool found = false;
    FlowNetwork::Cost cost = 0;
    std::vector<int> edges;
};

void search(const FlowNetwork& net, int node, FlowNetwork::Cost cost, std::vector<int>& path,
            std::vector<std::uint8_t>& on_path, Best& best) {
    if (node == kSink) {
        const bool better =
            !best.found || cost < best.cost ||
            (cost == best.cost && (path.size() < best.edges.size() ||
                                   (path.size() == best.edges.size() && path < best.edges)));
        if (better) best = {true, cost, path};
        return;
    }
    for (int e = net.first(node); e < net.first(node + 1); ++e) {
        const int to = net.to(e);
        if (net.residual(e) <= 0 || on_path[at(to)]) continue;
        on_path[at(to)] = 1;
        path.push_back(e);
        search(net, to, cost + net.cost(e), path, on_path, best);
        path.pop_back();
        on_path[at(to)] = 0;
    }
}

}  // namespace

TEST_CASE("LOC flow: of two routes of equal cost and edges, the one by the edge built first") {
    // source -> 2, then 2 -> 4 -> sink and 2 -> 3 -> sink, both costing 1; 2's edge to 4 is
    // built first, so the first unit goes by 4 although 3 has the lower number, the second by 3.
    FlowNetwork net;
    const int nodes = 5;
    net.reset(nodes);
    net.add(kSource, 2, 2, 0);
    net.add(2, 4, 1, 1);
    net.add(2, 3, 1, 1);
    net.add(3, kSink, 1, 0);
    net.add(4, kSink, 1, 0);
    net.build();
    CHECK(augment(net, nodes) == std::vector<int>{kSource, 2, 4, kSink});
    CHECK(augment(net, nodes) == std::vector<int>{kSource, 2, 3, kSink});
    CHECK_FALSE(net.augment(kSource, kSink));
}

TEST_CASE("LOC flow: of two routes of equal cost, the one with fewer edges") {
    // 2 -> 4 -> 5 -> sink (built first) and 2 -> 3 -> sink both cost 2: the shorter is taken.
    FlowNetwork net;
    const int nodes = 6;
    net.reset(nodes);
    net.add(kSource, 2, 1, 0);
    net.add(2, 4, 1, 1);
    net.add(4, 5, 1, 1);
    net.add(5, kSink, 1, 0);
    net.add(2, 3, 1, 2);
    net.add(3, kSink, 1, 0);
    net.build();
    CHECK(augment(net, nodes) == std::vector<int>{kSource, 2, 3, kSink});
}

namespace {

// Random small networks with many equal costs, unit by unit until none is left: each route
// taken is the brute force's least, also after earlier units left reverse edges (negative
// costs) and the potentials of the searches before. The source's edges lead anywhere, so their
// heads are also reached by other routes (the search keeps the source's edges between
// searches). With `reuse`, one network serves every trial, as a week's allocation reuses one
// for every power: its marks and kept edges must not leak from one build into the next.
int check_random_networks(bool reuse) {
    Lcg rng{15};
    int routes = 0;
    FlowNetwork shared;
    for (int trial = 0; trial < 300; ++trial) {
        const int nodes = 4 + rng.below(4);
        FlowNetwork fresh;
        FlowNetwork& net = reuse ? shared : fresh;
        net.reset(nodes);
        for (int from = 0; from < nodes; ++from)
            for (int to = 0; to < nodes; ++to) {
                if (from == to || from == kSink || to == kSource || rng.below(5) < 2) continue;
                net.add(from, to, 1 + rng.below(2), rng.below(3));
            }
        net.build();
        for (int unit = 0; unit < nodes * 2; ++unit) {
            Best best;
            std::vector<int> path;
            std::vector<std::uint8_t> on_path(at(nodes), 0);
            on_path[kSource] = 1;
            search(net, kSource, 0, path, on_path, best);
            if (!best.found) {
                CHECK_FALSE(net.augment(kSource, kSink));
                break;
            }
            std::vector<int> expected{kSource};
            for (int e : best.edges) expected.push_back(net.to(e));
            CHECK(augment(net, nodes) == expected);
            ++routes;
        }
    }
    return routes;
}

}  // namespace

TEST_CASE("LOC flow: every augmentation takes the least route by cost, edges, then edge order") {
    CHECK(check_random_networks(false) > 300);
}

TEST_CASE("LOC flow: one network rebuilt for each allocation takes the same routes") {
    CHECK(check_random_networks(true) > 300);
}
