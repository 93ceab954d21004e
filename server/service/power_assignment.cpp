// SPDX-License-Identifier: Apache-2.0
#include "service/power_assignment.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <stdexcept>

#include "core/sha256.h"
#include "service/hungarian.h"

namespace adjutant::service {

namespace {

constexpr std::string_view kAssignmentPrefix = "adjutant-assign-v1|";
constexpr std::int64_t kAssignmentTieBits = 16;

std::array<std::uint8_t, 32> assignment_digest(const DiceSeed& seed, const std::string& message) {
    if (const auto& bytes = seed.bytes())
        return hmac_sha256(
            std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()),
            std::string(kAssignmentPrefix) + message);
    return sha256(std::string(kAssignmentPrefix) + std::to_string(seed.legacy()) + "|" + message);
}

std::uint64_t assignment_bits(const std::array<std::uint8_t, 32>& digest, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value = (value << 8U) | digest[static_cast<std::size_t>(i)];
    return value;
}

}  // namespace

std::string_view to_string(AssignmentMode mode) {
    switch (mode) {
        case AssignmentMode::first_come:
            return "first-come";
        case AssignmentMode::preference:
            return "preference";
        case AssignmentMode::random:
            return "random";
    }
    return "first-come";  // not reached: every mode is listed above
}

std::optional<AssignmentMode> parse_assignment_mode(std::string_view word) {
    for (const auto mode :
         {AssignmentMode::first_come, AssignmentMode::preference, AssignmentMode::random})
        if (to_string(mode) == word) return mode;
    return std::nullopt;
}

std::int64_t preference_cost(const Ranking& ranking, std::size_t power, std::size_t power_count) {
    const auto at = std::find(ranking.begin(), ranking.end(), power);
    if (at != ranking.end()) return 2 * static_cast<std::int64_t>(at - ranking.begin());
    return static_cast<std::int64_t>(ranking.size()) + static_cast<std::int64_t>(power_count) - 1;
}

std::uint32_t tie_value(const DiceSeed& seed, std::size_t player, std::string_view power) {
    return static_cast<std::uint32_t>(assignment_bits(
        assignment_digest(seed, std::to_string(player) + "|" + std::string(power)), 2));
}

std::vector<std::size_t> assign_by_preference(const std::vector<Ranking>& rankings,
                                              const std::vector<std::string>& powers,
                                              const DiceSeed& seed) {
    const std::size_t n = powers.size();
    if (rankings.size() > n) throw std::invalid_argument("more players than powers");
    // One step of preference cost outweighs every player's tie value put together.
    const std::int64_t step = static_cast<std::int64_t>(n) << kAssignmentTieBits;
    std::vector<std::vector<std::int64_t>> costs(rankings.size(), std::vector<std::int64_t>(n, 0));
    for (std::size_t i = 0; i < rankings.size(); ++i)
        for (std::size_t j = 0; j < n; ++j)
            costs[i][j] = preference_cost(rankings[i], j, n) * step + tie_value(seed, i, powers[j]);
    return hungarian_min_cost(costs);
}

std::vector<std::size_t> assign_at_random(std::size_t players,
                                          const std::vector<std::string>& powers,
                                          const DiceSeed& seed) {
    if (players > powers.size()) throw std::invalid_argument("more players than powers");
    std::vector<std::uint64_t> keys;
    keys.reserve(powers.size());
    for (const auto& power : powers)
        keys.push_back(assignment_bits(assignment_digest(seed, "random|" + power), 8));
    std::vector<std::size_t> order(powers.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&keys](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    order.resize(players);
    return order;
}

std::int64_t preference_total(const std::vector<Ranking>& rankings,
                              const std::vector<std::size_t>& assignment, std::size_t power_count) {
    std::int64_t total = 0;
    for (std::size_t i = 0; i < rankings.size() && i < assignment.size(); ++i)
        total += preference_cost(rankings[i], assignment[i], power_count);
    return total;
}

}  // namespace adjutant::service
