// SPDX-License-Identifier: Apache-2.0
// Adjudicator(Explain::No): the same decisions, report and next position as the judge's
// explained adjudication, with no result explained, even when the kept Adjudication it writes
// into held explanations from an explained phase.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "adjudicate.h"
#include "bench/random_orders.h"
#include "orders/parser.h"
#include "report/adjudication_json.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

// Plays `phases` random phases, each adjudicated explained and then unexplained into one kept
// Adjudication; returns how many results the explained runs explained.
int play_unexplained(const Variant& variant, std::uint64_t seed, int phases) {
    bench::Random random(seed);
    const OrderParser parser(variant);
    Adjudicator explaining(Explain::Yes);
    Adjudicator unexplained(Explain::No);
    Adjudication kept;
    Position position = starting_position(variant);
    int explained = 0;
    for (int i = 0; i < phases; ++i) {
        const std::string text = bench::random_phase_orders(variant, position, random);
        const ParsedOrders parsed = parser.parse(position, text);
        Adjudication result = explaining.run(variant, position, parsed.orders, seed);
        explaining.run(variant, position, parsed.orders, kept, seed);
        unexplained.run(variant, position, parsed.orders, kept, seed);
        REQUIRE(kept.results.size() == result.results.size());
        for (std::size_t r = 0; r < result.results.size(); ++r) {
            INFO(variant.name, " seed ", seed, " ", position.phase.code(), " result ", r);
            CHECK(kept.results[r].explanation == Explanation{});
            if (result.results[r].explanation.made) ++explained;
            result.results[r].explanation.clear();
        }
        REQUIRE_MESSAGE(adjudication_to_json(variant, parsed, kept).dump() ==
                            adjudication_to_json(variant, parsed, result).dump(),
                        variant.name, " seed ", seed, " ", position.phase.code());
        REQUIRE(kept.next == result.next);
        position = std::move(result.next);
    }
    return explained;
}

}  // namespace

TEST_CASE("adjudicate: Explain::No decides as the explained adjudication, explaining nothing") {
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
        CHECK(play_unexplained(standard_variant(), seed, 40) > 0);
    CHECK(play_unexplained(variant_named("colonial"), 4, 30) > 0);
    CHECK(play_unexplained(variant_named("western-front-1914"), 5, 6) > 0);
}
