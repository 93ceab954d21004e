// SPDX-License-Identifier: Apache-2.0
// Rail graphs for the LOC allocation's tests, written as lists per vertex, and the flat
// RailGraph of max_flow.h they stand for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "rules/rail/max_flow.h"

namespace adjutant::test {

// A fixed linear congruential generator: the same graphs on every platform.
struct Lcg {
    std::uint64_t state;
    int below(int n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
    }
};

struct RailLists {
    std::vector<int> capacity;
    std::vector<std::vector<int>> links;  // per vertex: neighbours, sorted
    std::vector<std::uint8_t> exit;
    std::vector<int> unfilled;  // empty: the capacity (nothing extends)
    // Parallel to `links`; empty: unlimited links that never extend (double track).
    std::vector<std::vector<int>> link_capacity;
    std::vector<std::vector<int>> link_unfilled;
};

inline rail::RailGraph flat(const RailLists& lists) {
    rail::RailGraph graph;
    const bool filling = lists.unfilled.size() == lists.capacity.size();
    const bool limited = lists.link_capacity.size() == lists.capacity.size();
    for (std::size_t v = 0; v < lists.capacity.size(); ++v) {
        graph.add_vertex(lists.capacity[v], filling ? lists.unfilled[v] : lists.capacity[v],
                         lists.exit[v] != 0);
        for (std::size_t k = 0; k < lists.links[v].size(); ++k)
            graph.add_link(lists.links[v][k],
                           limited ? lists.link_capacity[v][k] : rail::kUnlimitedLines,
                           limited ? lists.link_unfilled[v][k] : rail::kUnlimitedLines);
    }
    return graph;
}

}  // namespace adjutant::test
