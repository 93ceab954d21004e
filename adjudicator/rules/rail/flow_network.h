// SPDX-License-Identifier: Apache-2.0
// The residual network of the LOC allocation's minimum-cost flow (max_flow.h), flat: every node's
// edges are one run of the edge arrays, and the search's scratch space stays with the network, so
// one network serves every power's allocation of a week without allocating again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace adjutant::rail {

// A vertex's or an edge's number (ints, as the algorithms count them) as a vector's index.
inline std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

class FlowNetwork {
  public:
    using Cost = std::int64_t;

    // Starts a network of `nodes` nodes and no edges, keeping the storage of the last one.
    void reset(int nodes);
    // An edge and its reverse (residual 0, the opposite cost); none when `capacity` <= 0. Here to
    // be inlined: a week of the 1914 map adds some 1,500 edges.
    void add(int from, int to, int capacity, Cost cost) {
        if (capacity <= 0) return;
        added_.push_back({from, to, capacity, cost});
    }
    // Lays the edges added out by node, each node's in the order they were added (the order the
    // search visits them, which decides ties). Call once, after the last add().
    void build();

    // One unit from `from` to `sink` along a cheapest residual path, false when there is none.
    // Dijkstra with potentials (Johnson's re-weighting, kept from one augmentation to the next),
    // stopping when the sink is settled, so a search visits only the nodes cheaper than the
    // sink. Call it from the same `from` each time (successive shortest paths).
    // Tie-break among paths of equal cost, a rule of the paths alone (the potentials, which
    // decide the order the search meets nodes, do not move it): fewest edges of the residual
    // network; then the path that leaves the first node where two such paths part by the edge
    // built first. It picks the same routes as the Bellman-Ford search it replaced on every
    // rules case and recorded game (docs/rail.md, "Tie-breaking").
    bool augment(int from, int sink);

    // A node's edges (after build): [first(node), first(node + 1)).
    int first(int node) const { return first_[at(node)]; }
    int to(int edge) const { return arcs_[at(edge)].to; }
    // Whether `edge` is one added (not a reverse edge), and the flow it carries.
    bool forward(int edge) const { return capacity_[at(edge)] > 0; }
    int flow(int edge) const { return capacity_[at(edge)] - arcs_[at(edge)].residual; }
    // Takes one unit of flow off `edge`, taking the flow apart into routes once the searches are
    // done (the network is not searched again until the next build).
    void take(int edge) { ++arcs_[at(edge)].residual; }
    // What `edge` may still carry, and its cost (the tests' check of the tie-break).
    int residual(int edge) const { return arcs_[at(edge)].residual; }
    Cost cost(int edge) const { return arcs_[at(edge)].cost; }

  private:
    // The node `edge` leaves.
    int tail(int edge) const { return arcs_[at(partner_[at(edge)])].to; }

    int nodes_ = 0;
    // As added: each pair's ends, capacity and cost.
    struct Added {
        int from;
        int to;
        int capacity;
        Cost cost;
    };
    std::vector<Added> added_;
    // Laid out by node.
    std::vector<int> first_;  // per node, and one past the last
    // Per edge, what the search reads side by side: its head, what it may still carry, its cost.
    // The search reads every edge of a node it settles and skips those with no residual (about
    // half are reverse edges with nothing to undo): cheaper, now that a search settles a few
    // dozen nodes, than keeping a list of the live ones up to date along every path.
    struct Arc {
        int to;
        int residual;
        Cost cost;
    };
    std::vector<Arc> arcs_;
    std::vector<int> capacity_;  // per edge: as added; 0 for a reverse edge
    std::vector<int> partner_;   // per edge: its reverse
    // Of two routes of the same cost and edges to one node, the one by `edge` from the settled
    // `node` and the one by `known`: whether the first leaves their common start by an edge
    // earlier in the order built.
    bool earlier_route(int node, int edge, int known) const;
    // Per node: the potential that makes every residual edge's reduced cost non-negative.
    std::vector<Cost> potential_;
    // The search's scratch space. A node's distance (reduced), edge count and parent edge are
    // set only where reached_ holds this search's number, and it is final where settled_ does:
    // nothing is reset between searches.
    struct Entry {
        Cost distance;
        int edges;
        int node;
    };
    std::vector<Cost> distance_;
    std::vector<int> edges_;
    std::vector<int> via_;  // the edge that reached each node
    std::vector<std::uint32_t> reached_;
    std::vector<std::uint32_t> settled_;
    std::uint32_t search_ = 0;
    std::vector<Entry> heap_;
    std::vector<int> settled_list_;
    // The edges out of the search's start, kept from one search to the next in a heap of their
    // reduced cost (less the start's potential), so that a search takes from it only the edges it
    // reaches before the sink instead of relaxing all of them: the LOC flow's start has an edge
    // to every army, and each search supplies one, so relaxing them all made a week's searches
    // grow with the square of the armies. A key is the edge's cost less its head's potential
    // when stored; potentials only fall (a settled node gains its distance less the sink's), so
    // a key stored is never above the edge's own, and a stale one is put back when taken.
    struct Start {
        Cost key;
        int node;
        int edge;
    };
    std::vector<Start> starts_;
    std::vector<int> started_;  // the start's edges the current search took from starts_
    int origin_ = -1;           // the start starts_ holds the edges of, or -1
    void start_from(int from);
    // augment's two halves: the search for the cheapest route from `from` to `sink` (true when
    // it reached the sink; the route is in via_), and one unit of flow pushed along it with the
    // potentials and the start's edges brought up to date.
    bool search(int from, int sink);
    void next_search();
    void push_along_route(int from, int sink);
    static bool later_start(const Start& a, const Start& b) {
        if (a.key != b.key) return a.key > b.key;
        if (a.node != b.node) return a.node > b.node;
        return a.edge > b.edge;
    }
    Start start_of(int edge) const {
        return {arcs_[at(edge)].cost - potential_[at(arcs_[at(edge)].to)], arcs_[at(edge)].to,
                edge};
    }
};

}  // namespace adjutant::rail
