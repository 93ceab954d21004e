// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/flow_network.h"

#include <algorithm>
#include <limits>

namespace adjutant::rail {

void FlowNetwork::reset(int nodes) {
    nodes_ = nodes;
    added_.clear();
}

void FlowNetwork::build() {
    const std::size_t pairs = added_.size();
    const std::size_t edges = 2 * pairs;
    first_.assign(at(nodes_) + 1, 0);
    for (std::size_t k = 0; k < pairs; ++k) {
        ++first_[at(added_[k].from) + 1];
        ++first_[at(added_[k].to) + 1];
    }
    for (std::size_t n = 0; n < at(nodes_); ++n) first_[n + 1] += first_[n];
    arcs_.resize(edges);
    capacity_.resize(edges);
    partner_.resize(edges);
    // Pairs in the order added: within each node, edges keep that order.
    std::vector<int>& next = via_;  // borrowed as the fill position of each node
    next.assign(first_.begin(), first_.end() - 1);
    for (std::size_t k = 0; k < pairs; ++k) {
        const Added& pair = added_[k];
        const int forward = next[at(pair.from)]++;
        const int reverse = next[at(pair.to)]++;
        arcs_[at(forward)] = {pair.to, pair.capacity, pair.cost};
        capacity_[at(forward)] = pair.capacity;
        partner_[at(forward)] = reverse;
        arcs_[at(reverse)] = {pair.from, 0, -pair.cost};
        capacity_[at(reverse)] = 0;
        partner_[at(reverse)] = forward;
    }
    // Every edge added costs zero or more, so zero potentials start the reduced costs right.
    potential_.assign(at(nodes_), 0);
    distance_.resize(at(nodes_));
    edges_.resize(at(nodes_));
    via_.resize(at(nodes_));
    // The marks hold search numbers, which go on from the last network's: nothing the size of
    // the network is cleared for them (augment clears them when the number wraps).
    reached_.resize(at(nodes_), 0);
    settled_.resize(at(nodes_), 0);
    origin_ = -1;
}

bool FlowNetwork::earlier_route(int node, int edge, int known) const {
    // Both routes have as many edges and every node on them is settled, so their parents are
    // final: walk both back together to the node where they meet.
    int a = node;
    int b = tail(known);
    while (a != b) {
        edge = via_[at(a)];
        known = via_[at(b)];
        a = tail(edge);
        b = tail(known);
    }
    return edge < known;
}

void FlowNetwork::start_from(int from) {
    origin_ = from;
    starts_.clear();
    for (int e = first_[at(from)]; e < first_[at(from) + 1]; ++e)
        if (arcs_[at(e)].residual > 0) starts_.push_back(start_of(e));
    std::make_heap(starts_.begin(), starts_.end(), later_start);
}

bool FlowNetwork::augment(int from, int sink) {
    if (origin_ != from) start_from(from);
    // Every army supplied: no search finds a path from the source.
    if (starts_.empty()) return false;
    if (!search(from, sink)) {
        // Nothing changed: the start's edges taken go back as they were.
        for (int e : started_) {
            starts_.push_back(start_of(e));
            std::push_heap(starts_.begin(), starts_.end(), later_start);
        }
        return false;
    }
    push_along_route(from, sink);
    return true;
}

void FlowNetwork::next_search() {
    // The marks compare with the search's number; when it wraps, every mark is cleared once.
    if (++search_ == 0) {
        std::fill(reached_.begin(), reached_.end(), 0u);
        std::fill(settled_.begin(), settled_.end(), 0u);
        search_ = 1;
    }
}

// Dijkstra over the reduced costs cost + potential(tail) - potential(head), which the
// potentials keep non-negative on every edge with residual left (push_along_route). The heap
// takes the least (distance, edges, node), so every node on a node's cheapest routes with
// fewest edges is settled before it. A node's route is replaced by one of less (distance,
// edges), or of the same and earlier_route: the order nodes are met in, which the potentials
// move, decides nothing (the tie-break in flow_network.h).
bool FlowNetwork::search(int from, int sink) {
    next_search();
    std::vector<Entry>& heap = heap_;
    heap.clear();
    settled_list_.clear();
    started_.clear();
    const auto later = [](const Entry& a, const Entry& b) {
        if (a.distance != b.distance) return a.distance > b.distance;
        if (a.edges != b.edges) return a.edges > b.edges;
        return a.node > b.node;
    };
    const auto relax = [&](int node, Cost here, int steps, int e) {
        const Arc& arc = arcs_[at(e)];
        const int target = arc.to;
        if (settled_[at(target)] == search_) return;
        const Cost d = here + arc.cost - potential_[at(target)];
        if (reached_[at(target)] == search_) {
            const Cost known = distance_[at(target)];
            if (d > known || (d == known && steps > edges_[at(target)])) return;
            if (d == known && steps == edges_[at(target)]) {
                if (earlier_route(node, e, via_[at(target)])) via_[at(target)] = e;
                return;
            }
        }
        reached_[at(target)] = search_;
        distance_[at(target)] = d;
        edges_[at(target)] = steps;
        via_[at(target)] = e;
        heap.push_back({d, steps, target});
        std::push_heap(heap.begin(), heap.end(), later);
    };
    // The start is settled first, at distance 0; its edges are relaxed from starts_ as the
    // search reaches their distance, each before any node of the heap that is not less, which
    // is the order a search relaxing them all at once would settle their heads in.
    const Cost base = potential_[at(from)];
    distance_[at(from)] = 0;
    edges_[at(from)] = 0;
    reached_[at(from)] = search_;
    settled_[at(from)] = search_;
    settled_list_.push_back(from);
    bool found = false;
    for (;;) {
        while (!starts_.empty()) {
            const Start& least = starts_.front();
            if (!heap.empty() && later({base + least.key, 1, least.node}, heap.front())) break;
            std::pop_heap(starts_.begin(), starts_.end(), later_start);
            const Start taken = starts_.back();
            starts_.pop_back();
            const Start now = start_of(taken.edge);
            if (now.key != taken.key) {
                // Its head was settled by an earlier search: put back at its key now.
                starts_.push_back(now);
                std::push_heap(starts_.begin(), starts_.end(), later_start);
                continue;
            }
            started_.push_back(taken.edge);
            relax(from, base, 1, taken.edge);
        }
        if (heap.empty()) break;
        std::pop_heap(heap.begin(), heap.end(), later);
        const Entry top = heap.back();
        heap.pop_back();
        const int node = top.node;
        if (settled_[at(node)] == search_) continue;
        settled_[at(node)] = search_;
        settled_list_.push_back(node);
        // The sink settled: its distance is final, and so is every node's on its route.
        if (node == sink) {
            found = true;
            break;
        }
        const Cost here = top.distance + potential_[at(node)];
        const int steps = top.edges + 1;
        const int end = first_[at(node) + 1];
        for (int e = first_[at(node)]; e < end; ++e)
            if (arcs_[at(e)].residual > 0) relax(node, here, steps, e);
    }
    return found;
}

void FlowNetwork::push_along_route(int from, int sink) {
    // New potentials: each node's own plus the least of its distance and the sink's. Unsettled
    // nodes all gain the sink's distance, which leaves their differences as they were, so only
    // the settled ones change, by their distance less the sink's (the common part is dropped:
    // only differences of potentials are ever read).
    const Cost to_sink = distance_[at(sink)];
    for (int node : settled_list_) potential_[at(node)] += distance_[at(node)] - to_sink;
    for (int node = sink; node != from;) {
        const int e = via_[at(node)];
        --arcs_[at(e)].residual;
        ++arcs_[at(partner_[at(e)])].residual;
        node = tail(e);
    }
    // The start's edges this search took go back at their new keys while they have room; those
    // it did not take keep theirs, stale where their heads were settled (put back when taken).
    for (int e : started_)
        if (arcs_[at(e)].residual > 0) {
            starts_.push_back(start_of(e));
            std::push_heap(starts_.begin(), starts_.end(), later_start);
        }
}

}  // namespace adjutant::rail
