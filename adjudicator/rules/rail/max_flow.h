// Allocating armies' lines of communication to rail routes within the provinces' LOC capacity
// (seed 000, "LOC Limitations"; docs/rail.md, "LOC capacity").
//
// The rail is a graph of provinces (vertices) with a capacity each: how many armies' lines may
// pass through. Rail links may carry a capacity of their own (18.1.2: "Capacity 2 is the maximum
// state for a Narrow- or Single-Track RR line"). Each army asks for one route from one of its
// entry vertices to an exit vertex (a province joined to the power's source). A minimum-cost
// maximum flow supplies as many armies as the capacities allow and, among those allocations,
// leaves as few lines Extended as its costs can tell; a greedy first-come allocation may supply
// fewer.
#pragma once

#include <cstdint>
#include <vector>

namespace adjutant::rail {

struct RailGraph {
    std::vector<int> capacity;            // per vertex: armies whose lines it carries
    std::vector<std::vector<int>> links;  // per vertex: neighbours, sorted
    std::vector<std::uint8_t> exit;       // per vertex: 1 when it reaches the source
    // Per vertex: lines it carries before a line through it is Extended (0: every line is, as at
    // capacity 1; capacity - 1: the last place extends, as at capacity 2 and 3). Empty: the
    // capacity (nothing extends).
    std::vector<int> unfilled;
    // Per vertex, parallel to `links`: the link's capacity and its unfilled places, as above.
    // Empty: unlimited links that never extend (double track).
    std::vector<std::vector<int>> link_capacity;
    std::vector<std::vector<int>> link_unfilled;
};

// For each army (in priority order), the route it is allocated: its vertices from the entry to
// the exit inclusive, or empty when no route fits.
//
// A minimum-cost maximum flow by successive shortest paths (Bellman-Ford over the residual
// graph, each vertex split into in and out nodes). The cost orders allocations by, in turn:
//   1. the lines it leaves Extended, counted as the sum over places that extend: a line over a
//      place with no unfilled room (capacity 1, narrow track) counts 1; the last place of a
//      province or link that has unfilled room counts its capacity, since filling it extends
//      every line through it. This is the number of Extended armies whenever no line has two
//      reasons to be Extended, and never less than it;
//   2. the sum of the supplied armies' priorities (their index): lower numbers first;
//   3. the total number of provinces the lines pass: shorter lines.
// The number of armies supplied is always the maximum. Deterministic: remaining ties go to the
// path Bellman-Ford finds first with nodes and edges in id order (vertices in order, each one's
// links in the order given). The routes then go through reduce_extended.
std::vector<std::vector<int>> allocate_max_flow(const RailGraph& graph,
                                                const std::vector<std::vector<int>>& entries);

// Moves single lines, armies in order, to the shortest line that fits the others' loads (first
// one within every place's unfilled room, then one also over places with no room) while that
// leaves strictly fewer armies Extended; the armies supplied stay the same (fewer_extended.cpp).
void reduce_extended(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                     std::vector<std::vector<int>>& routes);

// First come, first served: each army in order takes a shortest route in what capacity the
// armies before it left, and keeps it. Shown for comparison (tests, docs); not used in play.
std::vector<std::vector<int>> allocate_greedy(const RailGraph& graph,
                                              const std::vector<std::vector<int>>& entries);

}  // namespace adjutant::rail
