// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/flow_network.h"

#include <algorithm>
#include <limits>

namespace adjutant::rail {

void FlowNetwork::reset(int nodes) {
    nodes_ = nodes;
    added_from_.clear();
    added_to_.clear();
    added_capacity_.clear();
    added_cost_.clear();
}

void FlowNetwork::build() {
    const std::size_t pairs = added_from_.size();
    const std::size_t edges = 2 * pairs;
    first_.assign(at(nodes_) + 1, 0);
    for (std::size_t k = 0; k < pairs; ++k) {
        ++first_[at(added_from_[k]) + 1];
        ++first_[at(added_to_[k]) + 1];
    }
    for (std::size_t n = 0; n < at(nodes_); ++n) first_[n + 1] += first_[n];
    to_.resize(edges);
    residual_.resize(edges);
    capacity_.resize(edges);
    cost_.resize(edges);
    partner_.resize(edges);
    // Pairs in the order added: within each node, edges keep that order.
    std::vector<int>& next = via_;  // borrowed as the fill position of each node
    next.assign(first_.begin(), first_.end() - 1);
    for (std::size_t k = 0; k < pairs; ++k) {
        const int forward = next[at(added_from_[k])]++;
        const int reverse = next[at(added_to_[k])]++;
        to_[at(forward)] = added_to_[k];
        residual_[at(forward)] = added_capacity_[k];
        capacity_[at(forward)] = added_capacity_[k];
        cost_[at(forward)] = added_cost_[k];
        partner_[at(forward)] = reverse;
        to_[at(reverse)] = added_from_[k];
        residual_[at(reverse)] = 0;
        capacity_[at(reverse)] = 0;
        cost_[at(reverse)] = -added_cost_[k];
        partner_[at(reverse)] = forward;
    }
    // Only the edges added have residual at first.
    live_.resize(edges);
    live_count_.assign(at(nodes_), 0);
    for (std::size_t n = 0; n < at(nodes_); ++n)
        for (int e = first_[n]; e < first_[n + 1]; ++e)
            if (residual_[at(e)] > 0)
                live_[at(first_[n] + live_count_[n]++)] = {to_[at(e)], e, cost_[at(e)]};
    distance_.resize(at(nodes_));
    via_.resize(at(nodes_));
    queued_.assign(at(nodes_), 0);
    queue_.resize(at(nodes_));
}

void FlowNetwork::drop_live(int node, int edge) {
    const auto begin = live_.begin() + first_[at(node)];
    const auto end = begin + live_count_[at(node)];
    const auto it = std::find_if(begin, end, [edge](const Arc& a) { return a.edge == edge; });
    std::copy(it + 1, end, it);
    --live_count_[at(node)];
}

void FlowNetwork::add_live(int node, int edge) {
    // In edge order: the search must meet the edges as it would among all of the node's.
    const auto begin = live_.begin() + first_[at(node)];
    const auto end = begin + live_count_[at(node)];
    const auto it = std::find_if(begin, end, [edge](const Arc& a) { return a.edge > edge; });
    std::copy_backward(it, end, end + 1);
    *it = {to_[at(edge)], edge, cost_[at(edge)]};
    ++live_count_[at(node)];
}

bool FlowNetwork::augment(int from, int sink) {
    // Every army supplied: no search finds a path from the source.
    if (live_count_[at(from)] == 0) return false;
    constexpr Cost kFar = std::numeric_limits<Cost>::max();
    std::fill(distance_.begin(), distance_.end(), kFar);
    const std::size_t ring = queue_.size();
    std::size_t head = 0;
    std::size_t size = 1;
    queue_[0] = from;
    distance_[at(from)] = 0;
    queued_[at(from)] = 1;
    while (size != 0) {
        const int node = queue_[head];
        head = head + 1 == ring ? 0 : head + 1;
        --size;
        queued_[at(node)] = 0;
        const Cost here = distance_[at(node)];
        const Arc* arc = live_.data() + first_[at(node)];
        const Arc* const end = arc + live_count_[at(node)];
        for (; arc != end; ++arc) {
            const int target = arc->to;
            const Cost d = here + arc->cost;
            if (d >= distance_[at(target)]) continue;
            distance_[at(target)] = d;
            via_[at(target)] = arc->edge;
            if (!queued_[at(target)]) {
                queued_[at(target)] = 1;
                std::size_t tail = head + size;
                if (tail >= ring) tail -= ring;
                queue_[tail] = target;
                ++size;
            }
        }
    }
    if (distance_[at(sink)] == kFar) return false;
    for (int node = sink; node != from;) {
        const int e = via_[at(node)];
        const int back = partner_[at(e)];
        const int tail = to_[at(back)];
        if (--residual_[at(e)] == 0) drop_live(tail, e);
        if (residual_[at(back)]++ == 0) add_live(node, back);
        node = tail;
    }
    return true;
}

}  // namespace adjutant::rail
