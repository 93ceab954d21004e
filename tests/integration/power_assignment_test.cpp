// SPDX-License-Identifier: Apache-2.0
// Assigning powers (service/power_assignment.h, service/hungarian.h): the Hungarian algorithm
// finds the least total cost that trying every permutation finds, on many seeded random
// matrices and rankings (with ties and partial rankings); the preference assignment is the
// optimum of the rankings with the seed's ties; the same input and seed give the same powers.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/keyed_rng.h"
#include "service/hungarian.h"
#include "service/power_assignment.h"

namespace power_assignment_test {

using adjutant::DiceSeed;
using Matrix = std::vector<std::vector<std::int64_t>>;
namespace svc = adjutant::service;

// The cost of giving row i column assignment[i] (a longer assignment's tail is unused).
std::int64_t total(const Matrix& costs, const std::vector<std::size_t>& assignment) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < costs.size(); ++i) sum += costs[i][assignment[i]];
    return sum;
}

// The least total over every injective choice of columns, by trying all permutations of the
// columns (the first n of each permutation are the rows' columns).
std::int64_t brute_force_min(const Matrix& costs) {
    if (costs.empty()) return 0;
    std::vector<std::size_t> columns(costs.front().size());
    std::iota(columns.begin(), columns.end(), std::size_t{0});
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    do {
        best = std::min(best, total(costs, columns));
    } while (std::next_permutation(columns.begin(), columns.end()));
    return best;
}

bool is_injective(const std::vector<std::size_t>& assignment, std::size_t columns) {
    std::vector<bool> seen(columns, false);
    for (const auto j : assignment) {
        if (j >= columns || seen[j]) return false;
        seen[j] = true;
    }
    return true;
}

const std::vector<std::string> kPowers{"Austria", "England", "France", "Germany",
                                       "Italy",   "Russia",  "Turkey"};

DiceSeed seed_of(std::uint8_t fill) {
    std::array<std::uint8_t, 32> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(fill + i * 7);
    return DiceSeed(bytes);
}

// A random ranking of `n` powers: full, partial or "any" (empty).
svc::Ranking random_ranking(std::mt19937& rng, std::size_t n) {
    std::vector<std::size_t> powers(n);
    std::iota(powers.begin(), powers.end(), std::size_t{0});
    std::shuffle(powers.begin(), powers.end(), rng);
    powers.resize(std::uniform_int_distribution<std::size_t>(0, n)(rng));
    return powers;
}

TEST_CASE("hungarian: the least total cost, as trying every permutation finds") {
    std::mt19937 rng(20261207);
    for (int instance = 0; instance < 600; ++instance) {
        const std::size_t m = std::uniform_int_distribution<std::size_t>(1, 7)(rng);
        const std::size_t n = std::uniform_int_distribution<std::size_t>(1, m)(rng);
        // Small ranges make many ties; large ones make none.
        const std::int64_t range = instance % 2 == 0 ? 3 : 1000;
        Matrix costs(n, std::vector<std::int64_t>(m));
        for (auto& row : costs)
            for (auto& c : row) c = std::uniform_int_distribution<std::int64_t>(0, range)(rng);
        const auto assignment = svc::hungarian_min_cost(costs);
        REQUIRE(assignment.size() == n);
        CHECK(is_injective(assignment, m));
        CHECK(total(costs, assignment) == brute_force_min(costs));
    }
}

TEST_CASE("hungarian: the edge cases") {
    CHECK(svc::hungarian_min_cost({}).empty());
    CHECK(svc::hungarian_min_cost({{5}}) == std::vector<std::size_t>{0});
    // Every cost the same: still a permutation.
    const Matrix flat(7, std::vector<std::int64_t>(7, 4));
    CHECK(is_injective(svc::hungarian_min_cost(flat), 7));
    CHECK_THROWS(svc::hungarian_min_cost({{1}, {2}}));
    CHECK_THROWS(svc::hungarian_min_cost({{1, 2}, {3}}));
}

TEST_CASE("preference: the cost of a ranking") {
    const svc::Ranking full{2, 0, 1};
    CHECK(svc::preference_cost(full, 2, 3) == 0);
    CHECK(svc::preference_cost(full, 0, 3) == 2);
    CHECK(svc::preference_cost(full, 1, 3) == 4);
    // Two of seven ranked: the five others share places 2..6, mean 4, doubled 8.
    const svc::Ranking partial{3, 5};
    CHECK(svc::preference_cost(partial, 3, 7) == 0);
    CHECK(svc::preference_cost(partial, 5, 7) == 2);
    CHECK(svc::preference_cost(partial, 0, 7) == 8);
    // "Any": indifferent, every power the mean place.
    CHECK(svc::preference_cost({}, 4, 7) == 6);
    // Every ranking costs the same in all, n(n - 1).
    for (const auto& ranking : {svc::Ranking{}, partial, svc::Ranking{0, 1, 2, 3, 4, 5, 6}}) {
        std::int64_t sum = 0;
        for (std::size_t p = 0; p < 7; ++p) sum += svc::preference_cost(ranking, p, 7);
        CHECK(sum == 42);
    }
}

TEST_CASE("preference: the optimum of the rankings, ties broken by the seed's values") {
    std::mt19937 rng(7);
    for (int instance = 0; instance < 300; ++instance) {
        const std::size_t m = std::uniform_int_distribution<std::size_t>(1, 7)(rng);
        const std::size_t n = std::uniform_int_distribution<std::size_t>(1, m)(rng);
        const std::vector<std::string> powers(kPowers.begin(),
                                              kPowers.begin() + static_cast<std::ptrdiff_t>(m));
        std::vector<svc::Ranking> rankings;
        for (std::size_t i = 0; i < n; ++i) {
            auto r = random_ranking(rng, m);
            // Many "any" and one-power rankings: the ties the seed must break.
            if (instance % 3 == 0) r.resize(std::min<std::size_t>(r.size(), 1));
            rankings.push_back(r);
        }
        const DiceSeed seed = seed_of(static_cast<std::uint8_t>(instance));
        const auto assignment = svc::assign_by_preference(rankings, powers, seed);
        REQUIRE(assignment.size() == n);
        CHECK(is_injective(assignment, m));
        Matrix preference(n, std::vector<std::int64_t>(m));
        Matrix ties(n, std::vector<std::int64_t>(m));
        Matrix both(n, std::vector<std::int64_t>(m));
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < m; ++j) {
                preference[i][j] = svc::preference_cost(rankings[i], j, m);
                ties[i][j] = svc::tie_value(seed, i, powers[j]);
                both[i][j] = preference[i][j] * (1LL << 40) + ties[i][j];
            }
        // The best total preference, and among those the least total of the seed's values.
        CHECK(total(preference, assignment) == brute_force_min(preference));
        CHECK(svc::preference_total(rankings, assignment, m) == brute_force_min(preference));
        CHECK(total(both, assignment) == brute_force_min(both));
    }
}

TEST_CASE("preference and random: the same join list and seed give the same powers") {
    std::mt19937 rng(99);
    std::vector<svc::Ranking> rankings;
    for (int i = 0; i < 7; ++i) rankings.push_back(random_ranking(rng, 7));
    const auto first = svc::assign_by_preference(rankings, kPowers, seed_of(1));
    for (int again = 0; again < 5; ++again)
        CHECK(svc::assign_by_preference(rankings, kPowers, seed_of(1)) == first);
    // Seven players who rank nothing: the seed alone decides, and different seeds differ.
    const std::vector<svc::Ranking> indifferent(7);
    const auto a = svc::assign_by_preference(indifferent, kPowers, seed_of(1));
    bool some_differ = false;
    for (std::uint8_t s = 2; s < 12; ++s)
        some_differ |= svc::assign_by_preference(indifferent, kPowers, seed_of(s)) != a;
    CHECK(some_differ);
    CHECK(svc::assign_by_preference(indifferent, kPowers, seed_of(1)) == a);

    const auto shuffled = svc::assign_at_random(7, kPowers, seed_of(3));
    CHECK(is_injective(shuffled, 7));
    CHECK(svc::assign_at_random(7, kPowers, seed_of(3)) == shuffled);
    bool random_differs = false;
    for (std::uint8_t s = 4; s < 14; ++s)
        random_differs |= svc::assign_at_random(7, kPowers, seed_of(s)) != shuffled;
    CHECK(random_differs);
    // A 64-bit seed of an older game works the same way.
    CHECK(svc::assign_at_random(7, kPowers, DiceSeed(42)) ==
          svc::assign_at_random(7, kPowers, DiceSeed(42)));
    // Fewer players than powers: each gets a different one.
    CHECK(is_injective(svc::assign_at_random(3, kPowers, seed_of(3)), 7));
}

TEST_CASE("assignment modes: their words") {
    for (const auto mode : {svc::AssignmentMode::first_come, svc::AssignmentMode::preference,
                            svc::AssignmentMode::random})
        CHECK(svc::parse_assignment_mode(svc::to_string(mode)) == mode);
    CHECK_FALSE(svc::parse_assignment_mode("lottery"));
}

}  // namespace power_assignment_test
