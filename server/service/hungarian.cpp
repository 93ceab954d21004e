// SPDX-License-Identifier: Apache-2.0
#include "service/hungarian.h"

#include <limits>
#include <stdexcept>

namespace adjutant::service {

std::vector<std::size_t> hungarian_min_cost(const std::vector<std::vector<std::int64_t>>& rows) {
    const std::size_t n = rows.size();
    if (n == 0) return {};
    const std::size_t m = rows.front().size();
    if (n > m) throw std::invalid_argument("more rows than columns");
    for (const auto& row : rows)
        if (row.size() != m) throw std::invalid_argument("rows of different lengths");
    constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max() / 4;
    // 1-based, with column 0 a virtual column holding the row being added: match[j] is the row
    // (1..n) in column j, 0 for none; way[j] is the column before j on the alternating path.
    std::vector<std::int64_t> u(n + 1, 0);
    std::vector<std::int64_t> v(m + 1, 0);
    std::vector<std::size_t> match(m + 1, 0);
    std::vector<std::size_t> way(m + 1, 0);
    for (std::size_t i = 1; i <= n; ++i) {
        match[0] = i;
        std::size_t j0 = 0;  // the column the tree has reached last
        std::vector<std::int64_t> minv(m + 1, kInfinity);
        std::vector<bool> used(m + 1, false);
        do {
            used[j0] = true;
            const std::size_t i0 = match[j0];
            std::int64_t delta = kInfinity;
            std::size_t j1 = 0;
            for (std::size_t j = 1; j <= m; ++j) {
                if (used[j]) continue;
                const std::int64_t slack = rows[i0 - 1][j - 1] - u[i0] - v[j];
                if (slack < minv[j]) {
                    minv[j] = slack;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            // Lift the tree's potentials by the least slack: one more edge becomes tight.
            for (std::size_t j = 0; j <= m; ++j) {
                if (used[j]) {
                    u[match[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (match[j0] != 0);
        // A free column is reached: flip the matching along the path back to the new row.
        do {
            const std::size_t j1 = way[j0];
            match[j0] = match[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    std::vector<std::size_t> assignment(n, 0);
    for (std::size_t j = 1; j <= m; ++j)
        if (match[j] != 0) assignment[match[j] - 1] = j - 1;
    return assignment;
}

}  // namespace adjutant::service
