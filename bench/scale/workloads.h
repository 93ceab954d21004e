// SPDX-License-Identifier: Apache-2.0
// The phases the scale bench measures on one map: positions and their orders, prepared before
// any measuring so the figures hold parsing and adjudication only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant::bench {

struct Sample {
    Position position;
    std::string orders;  // as players write them
    std::uint64_t seed = 0;
};

struct Workload {
    std::string label;  // "standard-5-random": what --count names
    std::string what;   // the table's title: "random legal movement phases"
    bool parse = true;  // parse the orders inside the measured part, or only adjudicate
    std::vector<Sample> samples;
    std::vector<ParsedOrders> parsed;  // the samples' orders, parsed once, for parse = false
};

// `phases` movement phases of random legal games on `variant` (seeded, so the same every run),
// each game played for at most `years` years; retreats and adjustments are played, not kept.
// `local`: supports among neighbours (random_local_movement_orders), else adjutant_bench's
// random_movement_orders.
std::vector<Sample> random_game_phases(const Variant& variant, long phases, int years,
                                       std::uint64_t seed, bool local);

// The campaign's first week with `first_week` as its orders, `weeks` times (each with its
// own dice seed).
std::vector<Sample> repeated_week(const Variant& variant, const std::string& first_week,
                                  long weeks);

// The `weeks` weeks that follow the first (played with `first_week`), every army holding.
std::vector<Sample> holding_weeks(const Variant& variant, const std::string& first_week,
                                  long weeks);

// `weeks` weeks of random legal movement orders (supports among neighbours) from the first
// week's outcome on.
std::vector<Sample> random_weeks(const Variant& variant, const std::string& first_week, long weeks,
                                 std::uint64_t seed);

// Fills workload.parsed from its samples.
void parse_samples(const Variant& variant, Workload& workload);

// Plays every sample once (parsing or not as the workload says) and returns a checksum, so
// the work cannot be optimised away.
std::size_t play(const Variant& variant, const OrderParser& parser, Adjudicator& adjudicator,
                 const Workload& workload);

}  // namespace adjutant::bench
