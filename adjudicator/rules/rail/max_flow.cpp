#include "rules/rail/max_flow.h"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>

namespace adjutant::rail {

namespace {

using Cost = std::int64_t;

struct Edge {
    int to;
    int residual;
    int original;  // capacity as built; 0 for the reverse edge of a pair
    Cost cost;     // the reverse edge of a pair costs the opposite
};

class FlowNetwork {
  public:
    explicit FlowNetwork(int nodes) : out_(static_cast<std::size_t>(nodes)) {}

    void add(int from, int to, int capacity, Cost cost) {
        if (capacity <= 0) return;
        out_[at(from)].push_back(static_cast<int>(edges_.size()));
        edges_.push_back(Edge{to, capacity, capacity, cost});
        out_[at(to)].push_back(static_cast<int>(edges_.size()));
        edges_.push_back(Edge{from, 0, 0, -cost});
    }

    // One unit from `from` to `sink` along a cheapest residual path (Bellman-Ford, queue order,
    // a node's distance replaced only by a strictly smaller one: deterministic). The residual
    // graph of a minimum-cost flow has no negative cycle, so the search ends.
    bool augment(int from, int sink) {
        constexpr Cost kFar = std::numeric_limits<Cost>::max();
        std::vector<Cost> distance(out_.size(), kFar);
        std::vector<int> via(out_.size(), -1);  // the edge that reached each node
        std::vector<std::uint8_t> queued(out_.size(), 0);
        std::deque<int> queue{from};
        distance[at(from)] = 0;
        queued[at(from)] = 1;
        while (!queue.empty()) {
            const int node = queue.front();
            queue.pop_front();
            queued[at(node)] = 0;
            for (int e : out_[at(node)]) {
                const Edge& edge = edges_[at(e)];
                if (edge.residual <= 0) continue;
                const Cost d = distance[at(node)] + edge.cost;
                if (d >= distance[at(edge.to)]) continue;
                distance[at(edge.to)] = d;
                via[at(edge.to)] = e;
                if (!queued[at(edge.to)]) {
                    queued[at(edge.to)] = 1;
                    queue.push_back(edge.to);
                }
            }
        }
        if (distance[at(sink)] == kFar) return false;
        for (int node = sink; node != from;) {
            const int e = via[at(node)];
            edges_[at(e)].residual -= 1;
            edges_[at(e ^ 1)].residual += 1;
            node = edges_[at(e ^ 1)].to;
        }
        return true;
    }

    // Flow on the forward edges, to be taken apart into routes.
    std::vector<int> flows() const {
        std::vector<int> out(edges_.size(), 0);
        for (std::size_t e = 0; e < edges_.size(); e += 2)
            out[e] = edges_[e].original - edges_[e].residual;
        return out;
    }
    const std::vector<int>& out(int node) const { return out_[at(node)]; }
    const Edge& edge(int e) const { return edges_[at(e)]; }

  private:
    static std::size_t at(int i) { return static_cast<std::size_t>(i); }
    std::vector<std::vector<int>> out_;
    std::vector<Edge> edges_;
};

std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

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

std::vector<std::vector<int>> allocate_max_flow(const RailGraph& graph,
                                                const std::vector<std::vector<int>>& entries) {
    const int vertices = static_cast<int>(graph.capacity.size());
    const int armies = static_cast<int>(entries.size());
    const int source = 0;
    const int sink = 1;
    const auto army = [](int i) { return 2 + i; };
    const auto in = [&](int v) { return 2 + armies + 2 * v; };
    const auto out = [&](int v) { return 3 + armies + 2 * v; };
    const Weights w = weights(vertices, armies);
    FlowNetwork net(2 + armies + 2 * vertices);
    for (int i = 0; i < armies; ++i) {
        net.add(source, army(i), 1, w.priority * i);
        std::vector<int> sorted = entries[at(i)];
        std::sort(sorted.begin(), sorted.end());
        for (int v : sorted) net.add(army(i), in(v), 1, 0);
    }
    const bool filling = graph.unfilled.size() == graph.capacity.size();
    const bool link_limits = graph.link_capacity.size() == graph.capacity.size();
    for (int v = 0; v < vertices; ++v) {
        const int cap = graph.capacity[at(v)];
        add_place(net, in(v), out(v), cap, filling ? graph.unfilled[at(v)] : cap, 1, w.extended);
        // Each direction of a link gets its capacity: a least-cost flow never uses both, since
        // swapping the tails of two lines that cross a link in opposite directions is shorter.
        const auto& links = graph.links[at(v)];
        for (std::size_t k = 0; k < links.size(); ++k) {
            const int lc = link_limits ? graph.link_capacity[at(v)][k] : kUnlimited;
            const int lu = link_limits ? graph.link_unfilled[at(v)][k] : kUnlimited;
            add_place(net, out(v), in(links[k]), lc, lu, 0, w.extended);
        }
        if (graph.exit[at(v)] != 0) net.add(out(v), sink, kUnlimited, 0);
    }
    // Successive shortest paths from the common source: each augmentation is a cheapest one,
    // so after the last the flow is a maximum of least cost.
    while (net.augment(source, sink)) {
    }
    std::vector<int> flow = net.flows();
    std::vector<std::uint8_t> supplied(at(armies), 0);
    for (int e : net.out(source))
        if ((e & 1) == 0 && flow[at(e)] > 0) supplied[at(net.edge(e).to - 2)] = 1;

    // Take the flow apart, army by army; a cycle met on the way carries nothing and is dropped.
    std::vector<std::vector<int>> routes(at(armies));
    for (int i = 0; i < armies; ++i) {
        if (!supplied[at(i)]) continue;
        std::vector<int> nodes{army(i)};
        while (nodes.back() != sink) {
            int taken = -1;
            for (int e : net.out(nodes.back()))
                if ((e & 1) == 0 && flow[at(e)] > 0) {
                    taken = e;
                    break;
                }
            if (taken < 0) break;  // cannot happen with a valid flow
            flow[at(taken)] -= 1;
            const int next = net.edge(taken).to;
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
    reduce_extended(graph, entries, routes);
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
            for (int w : graph.links[at(v)])
                if (!seen[at(w)] && left[at(w)] > 0) {
                    seen[at(w)] = 1;
                    parent[at(w)] = v;
                    queue.push_back(w);
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
