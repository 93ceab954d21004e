// SPDX-License-Identifier: Apache-2.0
// The decoded positions kept between requests (service/position_cache.h): an entry serves
// only the variant and the exact text it was decoded from, so a changed phase is never read
// from an old entry.
#include <doctest/doctest.h>

#include <string>

#include "service/codec.h"
#include "service/error.h"
#include "service/position_cache.h"
#include "service/variants.h"
#include "starting_position.h"
#include "variant_files.h"

TEST_CASE("position cache: a changed text or variant is decoded again, never served old") {
    using namespace adjutant;
    service::VariantRegistry registry;
    const auto standard = registry.add(variant_file_text("standard"));
    // The same map, another loaded variant.
    const auto again = registry.add(variant_file_text("standard"));
    const Variant& variant = standard->variant;
    const Position start = starting_position(variant);
    const std::string text = service::position_json(variant, start).dump();
    Position moved = start;
    moved.units.erase(moved.units.begin());
    const std::string changed = service::position_json(variant, moved).dump();
    REQUIRE(text != changed);

    service::PositionCache cache;
    CHECK(cache.decoded(1, standard, text) == service::decode_position(variant, text));
    CHECK(cache.decoded(1, standard, text) == start);  // served from the entry
    CHECK(cache.decoded(1, standard, changed) == moved);
    CHECK(cache.decoded(2, standard, text) == start);  // another game has its own entry
    CHECK(cache.decoded(1, again, changed) == service::decode_position(again->variant, changed));
    // A text that does not decode throws, as decoding does, and leaves the entry as it was.
    CHECK_THROWS_AS(cache.decoded(1, standard, "{\"units\": 3}"), service::ApiError);
    CHECK(cache.decoded(1, again, changed) == moved);
}
