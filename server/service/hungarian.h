// SPDX-License-Identifier: Apache-2.0
// The Hungarian algorithm (Kuhn 1955, Munkres 1957): an assignment of rows to columns that
// minimises the total cost, exactly. The server uses it to give the players of a game that
// assigns powers by preference the powers they prefer most, taken together (docs/assignment.md).
//
// The problem: a cost matrix a[i][j] for n rows (players) and m >= n columns (powers); find a
// column p(i) for every row, no column twice, with the least sum of a[i][p(i)].
//
// The method (the O(n^2 m) form with potentials, as in the textbooks): keep a number u[i] for
// each row and v[j] for each column such that u[i] + v[j] <= a[i][j] everywhere (a feasible
// "dual"). An edge where equality holds is "tight". Rows are added one at a time. For the new
// row, grow a tree of alternating paths along tight edges only (Dijkstra-like: minv[j] is how
// far column j is from becoming tight from the tree); when no tight edge leaves the tree, lift
// the potentials of the tree by the smallest slack `delta`, which keeps every constraint and
// makes at least one more edge tight. Once the path reaches a free column, flip the matching
// along it (every row on it moves to the next column). The matching only ever uses tight edges,
// so its cost equals sum(u) + sum(v), which by the constraints is a lower bound for every
// assignment: the result is optimal (linear programming duality).
//
// Deterministic: plain loops in index order, so the same matrix gives the same assignment on
// every machine. Ties between equally cheap assignments are the caller's to break, by adding
// small distinct costs (power_assignment.h does, from the game's seed).
#pragma once

#include <cstdint>
#include <vector>

namespace adjutant::service {

// rows: n vectors of m costs each, n <= m (throws std::invalid_argument otherwise, or when a
// row's length differs). Returns for each row the column it is assigned, all distinct.
std::vector<std::size_t> hungarian_min_cost(const std::vector<std::vector<std::int64_t>>& rows);

}  // namespace adjutant::service
