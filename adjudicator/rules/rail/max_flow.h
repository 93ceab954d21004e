// SPDX-License-Identifier: Apache-2.0
// Allocating armies' lines of communication to rail routes within the provinces' LOC capacity
// (Oào's LOC limitations; docs/rail.md, "LOC capacity").
//
// The rail is a graph of provinces (vertices) with a capacity each: how many armies' lines may
// pass through. Rail links may carry a capacity of their own (18.1.2: "Capacity 2 is the maximum
// state for a Narrow- or Single-Track RR line"). Each army asks for one route from one of its
// entry vertices to an exit vertex (a province joined to the power's source). A minimum-cost
// maximum flow supplies as many armies as the capacities allow and, among those allocations,
// leaves as few lines Extended as its costs can tell; a greedy first-come allocation may supply
// fewer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "rules/rail/flow_network.h"

namespace adjutant::rail {

// A link or province with no limit of its own: more lines than any map has armies.
constexpr int kUnlimitedLines = 1 << 28;

// The graph, flat: each vertex's links are one run of the link arrays, in the order added, so
// a week's allocation builds it into storage it keeps from power to power (no list per vertex).
struct RailGraph {
    std::vector<int> capacity;       // per vertex: armies whose lines it carries
    std::vector<std::uint8_t> exit;  // per vertex: 1 when it reaches the source
    // Per vertex: lines it carries before a line through it is Extended (0: every line is, as at
    // capacity 1; capacity - 1: the last place extends, as at capacity 2 and 3; the capacity:
    // nothing extends).
    std::vector<int> unfilled;
    std::vector<int> first{0};  // per vertex v: its links are [first[v], first[v + 1])
    // Per link, from its vertex: the neighbour (sorted within a vertex), the link's capacity and
    // its unfilled places, as above (kUnlimitedLines for double track, which never extends).
    std::vector<int> link_to;
    std::vector<int> link_capacity;
    std::vector<int> link_unfilled;

    int vertices() const { return static_cast<int>(capacity.size()); }
    void clear();
    // Adds a vertex; the links added after it, up to the next vertex, are its own. Both are
    // here to be inlined: a week of the 1914 map adds some 560 links and 170 vertices.
    void add_vertex(int vertex_capacity, int vertex_unfilled, bool is_exit) {
        capacity.push_back(vertex_capacity);
        unfilled.push_back(vertex_unfilled);
        exit.push_back(is_exit ? 1 : 0);
        first.push_back(first.back());
    }
    void add_link(int to, int capacity_of_link, int unfilled_of_link) {
        link_to.push_back(to);
        link_capacity.push_back(capacity_of_link);
        link_unfilled.push_back(unfilled_of_link);
        ++first.back();
    }
    // The link from v to w, or -1. Here to be inlined: the second stage (fewer_extended.cpp)
    // asks it for every step of every line each time it counts the lines' loads.
    int link(int v, int w) const {
        const auto v_at = static_cast<std::size_t>(v);
        for (int k = first[v_at]; k < first[v_at + 1]; ++k)
            if (link_to[static_cast<std::size_t>(k)] == w) return k;
        return -1;
    }
};

// What an allocation works in, kept by its caller from one allocation to the next (every
// power's, each week), so that a week allocates almost nothing.
struct AllocationScratch {
    FlowNetwork network;
    std::vector<int> nodes;              // the nodes of the route being taken apart
    std::vector<std::uint8_t> supplied;  // per army
    std::vector<int> sorted;             // an army's entries, sorted
    // reduce_extended's (fewer_extended.cpp)
    std::vector<int> vertex_load;        // of every line
    std::vector<int> link_load;          // per link, both directions counted on the lower one
    std::vector<int> other_vertex_load;  // of every line but the one being moved
    std::vector<int> other_link_load;
    std::vector<int> twin;  // per link: the same link from its other end
    std::vector<int> kept;
    std::vector<int> parent;
    std::vector<int> queue;
    // Generation stamps: an entry is set when it holds its array's current generation, so a
    // search or a pass starts by bumping a number, not by clearing arrays the size of the graph.
    std::vector<std::uint32_t> seen;  // per vertex: reached by the current search
    std::uint32_t seen_generation = 0;
    // Per place (the vertices, then the links counted on their lower index): the pass's index
    // of the lines over it, place_slot's run of index_start / index_lines when place_stamp is
    // the pass's generation; and whether the current try has looked at it yet.
    std::vector<std::uint32_t> place_stamp;
    std::uint32_t place_generation = 0;
    std::vector<int> place_slot;
    std::vector<int> index_start;
    std::vector<int> index_lines;  // per line over the place: its army
    std::vector<int> index_what;   // and the vertex, or the link in the direction it takes
    std::vector<std::uint32_t> tried_stamp;
    std::uint32_t tried_generation = 0;
    std::vector<int> reasons;  // per army: the places that extend its line in the pass
    std::vector<int> change;   // per army: how the try changes that number
    std::vector<int> changed;  // the armies whose number the try changes
};

// For each army (in priority order), the route it is allocated: its vertices from the entry to
// the exit inclusive, or empty when no route fits. `routes` is resized to the armies.
//
// A minimum-cost maximum flow by successive shortest paths (Dijkstra with potentials over the
// residual graph, each vertex split into in and out nodes). The cost orders allocations by, in
// turn:
//   1. the lines it leaves Extended, counted as the sum over places that extend: a line over a
//      place with no unfilled room (capacity 1, narrow track) counts 1; the last place of a
//      province or link that has unfilled room counts its capacity, since filling it extends
//      every line through it. This is the number of Extended armies whenever no line has two
//      reasons to be Extended, and never less than it;
//   2. the sum of the supplied armies' priorities (their index): lower numbers first;
//   3. the total number of provinces the lines pass: shorter lines.
// The number of armies supplied is always the maximum. Deterministic: each augmenting path is,
// of the cheapest, the one with fewest edges of the network, then the one that leaves the first
// node where two such paths part by the edge built first (FlowNetwork::augment); edges are built
// vertices in order, each one's links in the order given. The routes then go through
// reduce_extended.
void allocate_max_flow(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                       AllocationScratch& scratch, std::vector<std::vector<int>>& routes);
// The same with scratch space of its own.
std::vector<std::vector<int>> allocate_max_flow(const RailGraph& graph,
                                                const std::vector<std::vector<int>>& entries);

// Moves single lines, armies in order, to the shortest line that fits the others' loads (first
// one within every place's unfilled room, then one also over places with no room) while that
// leaves strictly fewer armies Extended; the armies supplied stay the same (fewer_extended.cpp).
void reduce_extended(const RailGraph& graph, const std::vector<std::vector<int>>& entries,
                     AllocationScratch& scratch, std::vector<std::vector<int>>& routes);

// After an allocation on `graph`: the lines of `routes` through each vertex into
// scratch.vertex_load, and over the link v-w (either way) as lines_over tells.
void count_lines(const RailGraph& graph, const std::vector<std::vector<int>>& routes,
                 AllocationScratch& scratch);
int lines_over(const RailGraph& graph, const AllocationScratch& scratch, int v, int w);

// First come, first served: each army in order takes a shortest route in what capacity the
// armies before it left, and keeps it. Shown for comparison (tests, docs); not used in play.
std::vector<std::vector<int>> allocate_greedy(const RailGraph& graph,
                                              const std::vector<std::vector<int>>& entries);

}  // namespace adjutant::rail
