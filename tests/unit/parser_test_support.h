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
#include <vector>

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

// Germany: 4 centres (WAR taken), 3 units: 1 build. Russia: 3 centres, 1 unit: 2 builds.
// France: 3 centres, 4 units: 1 removal. England: 3 centres, 3 units. Austria lost TRI.
inline Position adjustment_position() {
    Position pos = position("W1901A", {{"Germany", "A BER"},
                                       {"Germany", "A SIL"},
                                       {"Germany", "A PRU"},
                                       {"Russia", "F SEV"},
                                       {"France", "A PAR"},
                                       {"France", "A PIC"},
                                       {"France", "A BUR"},
                                       {"France", "A GAS"},
                                       {"England", "F NTH"},
                                       {"England", "F LON"},
                                       {"England", "A LVP"}});
    pos.owner[province("WAR")] = power("Germany");
    pos.owner[province("TRI")] = power("Italy");
    return pos;
}

// A seat's submission, as the server's resolution parses it: the text and the seat's power.
struct Seat {
    std::string text;
    PowerId power;
};

// Seats of every kind the resolution meets in a movement phase: one ordering a unit twice (its
// one order per unit counts its own lines only), one whose lines are all refused (another
// power's block), an empty one, one with no valid power, one with comments and a refused line,
// and a GM's seat ordering a unit a player's seat ordered too.
inline std::vector<Seat> mixed_seats() {
    const Variant& v = standard();
    return {
        {"A PAR - BUR\nF BRE - MAO\nA PAR - PIC\nA MAR S A PAR - BUR\n", v.find_power("France")},
        {"Germany:\nA BER - KIE\nF KIE - DEN\n", v.find_power("England")},
        {"", v.find_power("Italy")},
        {"A VIE - GAL", static_cast<PowerId>(v.powers.size())},
        {"# a comment\n\nF LON - NTH\nA LVP - YOR\nF LON - ENG\nF EDI - XYZ",
         v.find_power("England")},
        {"France: A PAR H\nTurkey: A CON - BUL\nRussia:\nF SEV - BLA", kNoPower},
    };
}

// Two parses' lists are the same, verdict by verdict: the entry points that must agree
// (parse, parse_onto, parse_seats) are compared with it.
inline void check_same_lists(const ParsedOrders& got, const ParsedOrders& expected) {
    CHECK(got.orders == expected.orders);
    REQUIRE(got.verdicts.size() == expected.verdicts.size());
    for (std::size_t i = 0; i < got.verdicts.size(); ++i) {
        CAPTURE(i);
        const OrderVerdict& a = got.verdicts[i];
        const OrderVerdict& b = expected.verdicts[i];
        CHECK(a.line == b.line);
        CHECK(a.power == b.power);
        CHECK(a.order == b.order);
        CHECK(a.error == b.error);
        CHECK(a.note == b.note);
        CHECK(a.input() == b.input());
    }
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
