// SPDX-License-Identifier: Apache-2.0
// How a game's powers go to its players (docs/assignment.md): first come, first served (a
// player joins a power by name, as always), by preference (the players join a list, rank the
// powers, and the server gives each a power so that the rankings are satisfied best, taken
// together: hungarian.h), or at random (a shuffle from the game's seed). Pure functions of
// their inputs: the same join list, rankings and seed give the same powers, byte for byte, so
// anyone who knows the seed (revealed when the game ends) can check the assignment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/keyed_rng.h"

namespace adjutant::service {

enum class AssignmentMode { first_come, preference, random };

// "first-come", "preference", "random"; parse_assignment_mode is its inverse.
std::string_view to_string(AssignmentMode mode);
std::optional<AssignmentMode> parse_assignment_mode(std::string_view word);

// A player's ranking: indices into the powers being assigned, most wanted first; a power at
// most once. Empty: "any" (indifferent).
using Ranking = std::vector<std::size_t>;

// What a power costs a player, in half-ranks so that it stays a whole number: a power ranked
// r-th (0-based) costs 2r; the powers left unranked share the places after the ranked ones
// and cost their mean, k + n - 1 for k ranked of n. "Any" is every power unranked: n - 1 each.
// Every ranking's costs add up to n(n - 1), so no player gains by ranking more or fewer.
std::int64_t preference_cost(const Ranking& ranking, std::size_t power, std::size_t power_count);

// The tie-breaking values of the seed: for each player (by place in the join list) and each
// power (by name), 16 bits of HMAC-SHA-256(seed, "adjutant-assign-v1|" player "|" power) (a
// 64-bit seed of an older game: SHA-256 of "adjutant-assign-v1|" seed "|" player "|" power).
std::uint32_t tie_value(const DiceSeed& seed, std::size_t player, std::string_view power);

// By preference: for each player in join-list order, the index of its power. Among the
// assignments with the least total preference_cost, the one with the least total tie_value
// (each total tie is less than one step of preference cost, so ties never outweigh a rank).
// players <= powers.size().
std::vector<std::size_t> assign_by_preference(const std::vector<Ranking>& rankings,
                                              const std::vector<std::string>& powers,
                                              const DiceSeed& seed);

// At random: the powers in order of their seeded value (64 bits of the same HMAC over
// "adjutant-assign-v1|random|" power; ties by the variant's order), the i-th player of the
// join list gets the i-th.
std::vector<std::size_t> assign_at_random(std::size_t players,
                                          const std::vector<std::string>& powers,
                                          const DiceSeed& seed);

// The sum of preference_cost over an assignment (what the audit log records).
std::int64_t preference_total(const std::vector<Ranking>& rankings,
                              const std::vector<std::size_t>& assignment, std::size_t power_count);

}  // namespace adjutant::service
