// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/max_flow.h"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace adjutant::rail {

void RailGraph::clear() {
    capacity.clear();
    exit.clear();
    unfilled.clear();
    first.assign(1, 0);
    link_to.clear();
    link_capacity.clear();
    link_unfilled.clear();
}

namespace {

using Cost = FlowNetwork::Cost;

// The exits' edges to the sink: any number of lines.
constexpr int kUnlimited = INT_MAX / 4;

// The weights that make the three parts of the cost (max_flow.h) lexicographic: every line
// passes at most every vertex once, so lengths sum to less than `priority`, and priorities sum
// to less than `extended`.
struct Weights {
    Cost priority;
    Cost extended;
};

Weights weights(int vertices, int armies) {
    const Cost priority = static_cast<Cost>(vertices + 1) * (armies + 1);
    return {priority, priority * (static_cast<Cost>(armies) * armies + 1)};
}

// A place (a province or a link) of `capacity` lines, the first `unfilled` of them clean: one
// edge for the clean places, one for those that extend (see max_flow.h for their cost).
void add_place(FlowNetwork& net, int from, int to, int capacity, int unfilled, Cost length,
               Cost extended) {
    unfilled = std::clamp(unfilled, 0, capacity);
    net.add(from, to, unfilled, length);
    const int extending = capacity - unfilled;
    const Cost each = unfilled == 0 ? 1 : capacity;
    net.add(from, to, extending, length + each * extended);
}

}  // namespace

void allocate_max_flow(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                       AllocationScratch& scratch, std::vector<std::vector<int>>& routes) {
    const int vertices = graph.vertices();
    const int armies = static_cast<int>(entries.size());
    const int source = 0;
    const int sink = 1;
    const auto army = [](int i) { return 2 + i; };
    const auto in = [&](int v) { return 2 + armies + 2 * v; };
    const auto out = [&](int v) { return 3 + armies + 2 * v; };
    const Weights w = weights(vertices, armies);
    FlowNetwork& net = scratch.network;
    net.reset(2 + armies + 2 * vertices);
    for (int i = 0; i < armies; ++i) {
        net.add(source, army(i), 1, w.priority * i);
        std::vector<int>& sorted = scratch.sorted;
        sorted.assign(entries[at(i)].begin(), entries[at(i)].end());
        std::sort(sorted.begin(), sorted.end());
        for (int v : sorted) net.add(army(i), in(v), 1, 0);
    }
    for (int v = 0; v < vertices; ++v) {
        add_place(net, in(v), out(v), graph.capacity[at(v)], graph.unfilled[at(v)], 1, w.extended);
        // Each direction of a link gets its capacity: a least-cost flow never uses both, since
        // swapping the tails of two lines that cross a link in opposite directions is shorter.
        for (int k = graph.first[at(v)]; k < graph.first[at(v) + 1]; ++k)
            add_place(net, out(v), in(graph.link_to[at(k)]), graph.link_capacity[at(k)],
                      graph.link_unfilled[at(k)], 0, w.extended);
        if (graph.exit[at(v)] != 0) net.add(out(v), sink, kUnlimited, 0);
    }
    net.build();
    // Successive shortest paths from the common source: each augmentation is a cheapest one,
    // so after the last the flow is a maximum of least cost. Each search stops at the sink, so
    // it visits the nodes nearer than the sink, not the power's whole network: the week's
    // cost grows with the armies, not with their square.
    while (net.augment(source, sink)) {
    }
    std::vector<std::uint8_t>& supplied = scratch.supplied;
    supplied.assign(at(armies), 0);
    for (int e = net.first(source); e < net.first(source + 1); ++e)
        if (net.forward(e) && net.flow(e) > 0) supplied[at(net.to(e) - 2)] = 1;

    // Take the flow apart, army by army, off the network itself (no copy of it per edge); a
    // cycle met on the way carries nothing and is dropped.
    routes.resize(at(armies));
    std::vector<int>& nodes = scratch.nodes;
    for (int i = 0; i < armies; ++i) {
        routes[at(i)].clear();
        if (!supplied[at(i)]) continue;
        nodes.assign(1, army(i));
        while (nodes.back() != sink) {
            int taken = -1;
            for (int e = net.first(nodes.back()); e < net.first(nodes.back() + 1); ++e)
                if (net.forward(e) && net.flow(e) > 0) {
                    taken = e;
                    break;
                }
            if (taken < 0) break;  // cannot happen with a valid flow
            net.take(taken);
            const int next = net.to(taken);
            const auto again = std::find(nodes.begin(), nodes.end(), next);
            if (again != nodes.end()) {
                // Walking the cycle took its unit of flow off each of its edges already:
                // the route simply leaves it out.
                nodes.resize(static_cast<std::size_t>(again - nodes.begin()) + 1);
                continue;
            }
            nodes.push_back(next);
        }
        for (int node : nodes)
            if (node >= 2 + armies && (node - 2 - armies) % 2 == 0)
                routes[at(i)].push_back((node - 2 - armies) / 2);
    }
    reduce_extended(graph, entries, scratch, routes);
}

std::vector<std::vector<int>> allocate_max_flow(const RailGraph& graph,
                                                const std::vector<std::vector<int>>& entries) {
    AllocationScratch scratch;
    std::vector<std::vector<int>> routes;
    allocate_max_flow(graph, entries, scratch, routes);
    return routes;
}

std::vector<std::vector<int>> allocate_greedy(const RailGraph& graph,
                                              const std::vector<std::vector<int>>& entries) {
    std::vector<int> left = graph.capacity;
    std::vector<std::vector<int>> routes(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        std::vector<int> parent(left.size(), -1);
        std::vector<std::uint8_t> seen(left.size(), 0);
        std::vector<int> queue;
        std::vector<int> sorted = entries[i];
        std::sort(sorted.begin(), sorted.end());
        for (int v : sorted)
            if (left[at(v)] > 0 && !seen[at(v)]) {
                seen[at(v)] = 1;
                queue.push_back(v);
            }
        int found = -1;
        for (std::size_t k = 0; k < queue.size() && found < 0; ++k) {
            const int v = queue[k];
            if (graph.exit[at(v)] != 0) {
                found = v;
                break;
            }
            for (int k = graph.first[at(v)]; k < graph.first[at(v) + 1]; ++k) {
                const int w = graph.link_to[at(k)];
                if (!seen[at(w)] && left[at(w)] > 0) {
                    seen[at(w)] = 1;
                    parent[at(w)] = v;
                    queue.push_back(w);
                }
            }
        }
        if (found < 0) continue;
        for (int v = found; v >= 0; v = parent[at(v)]) {
            routes[i].push_back(v);
            left[at(v)] -= 1;
        }
        std::reverse(routes[i].begin(), routes[i].end());
    }
    return routes;
}

}  // namespace adjutant::rail
