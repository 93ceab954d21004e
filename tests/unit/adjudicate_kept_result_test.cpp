// SPDX-License-Identifier: Apache-2.0
// Adjudicator::run into an Adjudication the caller keeps: every phase's report and next position
// are those of a new Adjudication, whatever the kept one held (an earlier phase of the game,
// the position swapped out of it, another phase kind, another variant).
#include <doctest/doctest.h>

#include <cstddef>
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

// The place in `units` of the unit in `province`, or -1.
std::ptrdiff_t slot(const Position& position, ProvinceId province) {
    const Unit* unit = position.unit_at(province);
    return unit == nullptr ? -1 : unit - position.units.data();
}

// Plays `phases` random phases of a game twice in step: one position advanced by a new
// Adjudication each phase, the other swapped in and out of `kept`, as a game loop keeping its
// storage does.
void play_both_ways(const Variant& variant, std::uint64_t seed, int phases, Adjudication& kept) {
    bench::Random random(seed);
    const OrderParser parser(variant);
    Adjudicator fresh;
    Adjudicator reused;
    Position position = starting_position(variant);
    Position swapped = position;
    for (int i = 0; i < phases; ++i) {
        const std::string text = bench::random_phase_orders(variant, position, random);
        const ParsedOrders parsed = parser.parse(position, text);
        Adjudication result = fresh.run(variant, position, parsed.orders, seed);
        reused.run(variant, swapped, parser.parse(swapped, text).orders, kept, seed);
        REQUIRE_MESSAGE(adjudication_to_json(variant, parsed, kept).dump() ==
                            adjudication_to_json(variant, parsed, result).dump(),
                        variant.name, " seed ", seed, " ", position.phase.code());
        REQUIRE(kept.next == result.next);
        // unit_at answers from the kept position's index as from a new one's.
        for (std::size_t p = 0; p < variant.province_count(); ++p)
            REQUIRE(slot(kept.next, static_cast<ProvinceId>(p)) ==
                    slot(result.next, static_cast<ProvinceId>(p)));
        position = std::move(result.next);
        std::swap(swapped, kept.next);
    }
}

}  // namespace

TEST_CASE("adjudicate: a kept Adjudication answers as a new one, phase after phase") {
    Adjudication kept;
    // One kept result throughout: each game starts on what the last one left in it.
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
        play_both_ways(standard_variant(), seed, 40, kept);
    play_both_ways(variant_named("colonial"), 5, 30, kept);
    play_both_ways(variant_named("western-front-1914"), 6, 6, kept);
    play_both_ways(standard_variant(), 7, 40, kept);
}
