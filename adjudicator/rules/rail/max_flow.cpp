// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/max_flow.h"

#include <algorithm>
#include <climits>
#include <cstddef>

namespace adjutant::rail {

namespace {

struct Edge {
    int to;
    int residual;
    int original;  // capacity as built; 0 for the reverse edge of a pair
};

class FlowNetwork {
  public:
    explicit FlowNetwork(int nodes) : out_(static_cast<std::size_t>(nodes)) {}

    void add(int from, int to, int capacity) {
        out_[at(from)].push_back(static_cast<int>(edges_.size()));
        edges_.push_back(Edge{to, capacity, capacity});
        out_[at(to)].push_back(static_cast<int>(edges_.size()));
        edges_.push_back(Edge{from, 0, 0});
    }

    // One unit from `from` to `sink` along a shortest residual path never passing `avoid`.
    bool augment(int from, int sink, int avoid) {
        std::vector<int> via(out_.size(), -1);  // the edge that reached each node
        std::vector<std::uint8_t> seen(out_.size(), 0);
        std::vector<int> queue{from};
        seen[at(from)] = 1;
        seen[at(avoid)] = 1;
        for (std::size_t i = 0; i < queue.size() && !seen[at(sink)]; ++i)
            for (int e : out_[at(queue[i])]) {
                const Edge& edge = edges_[at(e)];
                if (edge.residual <= 0 || seen[at(edge.to)]) continue;
                seen[at(edge.to)] = 1;
                via[at(edge.to)] = e;
                queue.push_back(edge.to);
            }
        if (!seen[at(sink)]) return false;
        for (int node = sink; node != from;) {
            const int e = via[at(node)];
            edges_[at(e)].residual -= 1;
            edges_[at(e ^ 1)].residual += 1;
            node = edges_[at(e ^ 1)].to;
        }
        return true;
    }

    int size() const { return static_cast<int>(edges_.size()); }
    // Raises the capacity of the forward edge `e` to `capacity`, keeping its flow.
    void widen(int e, int capacity) {
        Edge& edge = edges_[at(e)];
        if (capacity <= edge.original) return;
        edge.residual += capacity - edge.original;
        edge.original = capacity;
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
    FlowNetwork net(2 + armies + 2 * vertices);
    constexpr int kUnlimited = INT_MAX / 4;
    for (int i = 0; i < armies; ++i) {
        net.add(source, army(i), 1);
        std::vector<int> sorted = entries[at(i)];
        std::sort(sorted.begin(), sorted.end());
        for (int v : sorted) net.add(army(i), in(v), 1);
    }
    const bool two_passes = graph.unfilled.size() == graph.capacity.size();
    std::vector<int> inner;  // the edge from in(v) to out(v)
    for (int v = 0; v < vertices; ++v) {
        inner.push_back(net.size());
        net.add(in(v), out(v),
                two_passes ? std::min(graph.unfilled[at(v)], graph.capacity[at(v)])
                           : graph.capacity[at(v)]);
        for (int w : graph.links[at(v)]) net.add(out(v), in(w), kUnlimited);
        if (graph.exit[at(v)] != 0) net.add(out(v), sink, kUnlimited);
    }
    std::vector<std::uint8_t> supplied(at(armies), 0);
    for (int i = 0; i < armies; ++i)
        if (net.augment(army(i), sink, source)) supplied[at(i)] = 1;
    if (two_passes) {
        for (int v = 0; v < vertices; ++v) net.widen(inner[at(v)], graph.capacity[at(v)]);
        for (int i = 0; i < armies; ++i)
            if (!supplied[at(i)] && net.augment(army(i), sink, source)) supplied[at(i)] = 1;
    }

    // Take the flow apart, army by army; a cycle met on the way carries nothing and is dropped.
    std::vector<int> flow = net.flows();
    std::vector<std::vector<int>> routes(at(armies));
    for (int i = 0; i < armies; ++i) {
        if (!supplied[at(i)]) continue;
        std::vector<int> nodes{army(i)};
        std::vector<int> used;  // the edge taken out of each node in `nodes`
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
                const auto k = static_cast<std::size_t>(again - nodes.begin());
                nodes.resize(k + 1);
                used.resize(k);
                continue;
            }
            used.push_back(taken);
            nodes.push_back(next);
        }
        for (int node : nodes)
            if (node >= 2 + armies && (node - 2 - armies) % 2 == 0)
                routes[at(i)].push_back((node - 2 - armies) / 2);
    }
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
