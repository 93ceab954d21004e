// SPDX-License-Identifier: Apache-2.0
// The residual network of the LOC allocation's minimum-cost flow (max_flow.h), flat: every node's
// edges are one run of the edge arrays, and the search's scratch space stays with the network, so
// one network serves every power's allocation of a week without allocating again.
#pragma once

#include <cstdint>
#include <vector>

namespace adjutant::rail {

class FlowNetwork {
  public:
    using Cost = std::int64_t;

    // Starts a network of `nodes` nodes and no edges, keeping the storage of the last one.
    void reset(int nodes);
    // An edge and its reverse (residual 0, the opposite cost); none when `capacity` <= 0. Here to
    // be inlined: a week of the 1914 map adds some 1,500 edges.
    void add(int from, int to, int capacity, Cost cost) {
        if (capacity <= 0) return;
        added_from_.push_back(from);
        added_to_.push_back(to);
        added_capacity_.push_back(capacity);
        added_cost_.push_back(cost);
    }
    // Lays the edges added out by node, each node's in the order they were added (the order the
    // search visits them, which decides ties). Call once, after the last add().
    void build();

    // One unit from `from` to `sink` along a cheapest residual path (Bellman-Ford, queue order,
    // a node's distance replaced only by a strictly smaller one: deterministic). The residual
    // graph of a minimum-cost flow has no negative cycle, so the search ends.
    bool augment(int from, int sink);

    // A node's edges (after build): [first(node), first(node + 1)).
    int first(int node) const { return first_[at(node)]; }
    int to(int edge) const { return to_[at(edge)]; }
    // Whether `edge` is one added (not a reverse edge), and the flow it carries.
    bool forward(int edge) const { return capacity_[at(edge)] > 0; }
    int flow(int edge) const { return capacity_[at(edge)] - residual_[at(edge)]; }

  private:
    static std::size_t at(int i) { return static_cast<std::size_t>(i); }

    int nodes_ = 0;
    // As added: each pair's ends, capacity and cost.
    std::vector<int> added_from_;
    std::vector<int> added_to_;
    std::vector<int> added_capacity_;
    std::vector<Cost> added_cost_;
    // Laid out by node.
    std::vector<int> first_;     // per node, and one past the last
    std::vector<int> to_;        // per edge
    std::vector<int> residual_;  // per edge
    std::vector<int> capacity_;  // per edge: as added; 0 for a reverse edge
    std::vector<Cost> cost_;     // per edge
    std::vector<int> partner_;   // per edge: its reverse
    // The edges with residual left, per node: the first live_count_[node] places of the node's
    // run [first_[node], first_[node + 1]) of live_, in edge order. The search visits only
    // these, in the same order it would meet them among all the node's edges: about half of
    // all edges are reverse edges with nothing to undo, and the search no longer reads them.
    struct Arc {
        int to;
        int edge;
        Cost cost;
    };
    std::vector<Arc> live_;
    std::vector<int> live_count_;
    // After an augmentation, `edge` lost its last unit of residual or gained its first.
    void drop_live(int node, int edge);
    void add_live(int node, int edge);
    // The search's scratch space. queued_ is all zero between searches (every node queued is
    // taken again), and via_ is read only where a distance was set, so neither is reset.
    std::vector<Cost> distance_;
    std::vector<int> via_;  // the edge that reached each node
    std::vector<std::uint8_t> queued_;
    std::vector<int> queue_;  // a ring: a node is in it at most once at a time
};

}  // namespace adjutant::rail
