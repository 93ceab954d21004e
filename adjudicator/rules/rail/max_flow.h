// SPDX-License-Identifier: Apache-2.0
// Allocating armies' lines of communication to rail routes within the provinces' LOC capacity
// (seed 000, "LOC Limitations"; docs/rail.md, "LOC capacity").
//
// The rail is a graph of provinces (vertices) with a capacity each: how many armies' lines may
// pass through. Each army asks for one route from one of its entry vertices to an exit vertex
// (a province joined to the power's source). A vertex-capacitated maximum flow supplies as many
// armies as the capacities allow; a greedy first-come allocation may supply fewer.
#pragma once

#include <cstdint>
#include <vector>

namespace adjutant::rail {

struct RailGraph {
    std::vector<int> capacity;            // per vertex: armies whose lines it carries
    std::vector<std::vector<int>> links;  // per vertex: neighbours, sorted
    std::vector<std::uint8_t> exit;       // per vertex: 1 when it reaches the source
    // Per vertex: armies it carries before it is full (a full province extends supply, 18.1.2);
    // empty: the capacity.
    std::vector<int> unfilled;
};

// For each army (in priority order: earlier armies win ties), the route it is allocated: its
// vertices from the entry to the exit inclusive, or empty when no route fits.
//
// Maximum: the armies are taken in order, each by a shortest augmenting path in the residual
// graph (each vertex split into in and out nodes joined by an edge of its capacity), so a later
// army may reroute an earlier one but never unseat it. An army that finds no augmenting path
// never finds one later, so the result is a maximum flow, and among maxima it favours earlier
// armies. Deterministic: nodes and edges are explored in id order.
//
// With `unfilled` given, the armies are first placed within those smaller capacities, then the
// armies left over are placed with the full capacities (earlier placements may be rerouted):
// still a maximum, and one that leaves provinces full only where it must. It does not promise
// the fewest Extended armies.
std::vector<std::vector<int>> allocate_max_flow(const RailGraph& graph,
                                                const std::vector<std::vector<int>>& entries);

// First come, first served: each army in order takes a shortest route in what capacity the
// armies before it left, and keeps it. Shown for comparison (tests, docs); not used in play.
std::vector<std::vector<int>> allocate_greedy(const RailGraph& graph,
                                              const std::vector<std::vector<int>>& entries);

}  // namespace adjutant::rail
