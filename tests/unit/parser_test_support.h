// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the order-parser tests: the standard variant, hand-made positions, and a
// one-line verdict as a string ("A PAR H" when accepted, "error: ..." when rejected).
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <utility>

#include "orders/parser.h"
#include "position/position.h"
#include "starting_position.h"
#include "variant/unit_text.h"
#include "variant/variant_json.h"

namespace parser_test {

using namespace adjutant;

inline const Variant& standard() {
    static const VariantLoad load = [] {
        std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/standard.json",
                         std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return load_variant(text.str());
    }();
    REQUIRE(load.ok());
    return *load.variant;
}

inline PowerId power(const char* name) {
    const PowerId id = standard().find_power(name);
    REQUIRE_MESSAGE(id != kNoPower, name);
    return id;
}

inline ProvinceId province(const char* name) {
    const ProvinceId id = standard().find_province(name);
    REQUIRE_MESSAGE(id != kNoProvince, name);
    return id;
}

inline Location loc(const char* text) {
    auto where = parse_location_text(standard(), text);
    REQUIRE_MESSAGE(where.has_value(), text);
    return *where;
}

// Units as {"France", "A PAR"}; ownership of centres as at the start of the game.
inline Position position(const char* phase,
                         std::initializer_list<std::pair<const char*, const char*>> units) {
    Position pos = starting_position(standard());
    pos.phase = *Phase::parse(phase);
    pos.units.clear();
    for (const auto& entry : units) {
        const char* text = entry.second;
        auto unit = parse_unit_text(standard(), text, power(entry.first));
        REQUIRE_MESSAGE(unit.has_value(), text);
        pos.units.push_back(*unit);
    }
    pos.normalise();
    return pos;
}

inline Position start() {
    return starting_position(standard());
}

inline std::string show(const OrderVerdict& v) {
    return v.accepted() ? v.canonical(standard()) : "error: " + v.error;
}

// The verdict of a text expected to hold exactly one order line.
inline std::string one(const Position& pos, std::string_view text, PowerId as = kNoPower) {
    const ParsedOrders parsed = parse_orders(standard(), pos, text, as);
    REQUIRE_MESSAGE(parsed.verdicts.size() == 1, text);
    return show(parsed.verdicts.front());
}

}  // namespace parser_test
