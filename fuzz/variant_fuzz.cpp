// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: load_variant on arbitrary bytes must never crash, and any variant it
// accepts must give a starting position that survives a JSON round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "position/position_json.h"
#include "starting_position.h"
#include "variant/variant_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const adjutant::VariantLoad load = adjutant::load_variant(text);
    if (!load.ok()) return 0;
    const adjutant::Variant& variant = *load.variant;
    const adjutant::Position start = adjutant::starting_position(variant);
    const adjutant::PositionLoad back =
        adjutant::position_from_json(variant, adjutant::position_to_json(variant, start));
    if (!back.ok() || *back.position != start) __builtin_trap();
    return 0;
}
