// SPDX-License-Identifier: Apache-2.0
// Position::unit_at answers from its index by province: the answer is the scan's through every
// edit the index follows (add, remove, move, normalise), and through edits of `units` it does
// not follow but notices (a change of size, a unit moved away in place).
#include <doctest/doctest.h>

#include <utility>

#include "position/position.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

const Unit* scanned(const Position& position, ProvinceId province) {
    for (const Unit& u : position.units)
        if (u.location.province == province) return &u;
    return nullptr;
}

// unit_at (the const overload, which keeps the index) and the lookup the parser takes once
// (unit_lookup) against a scan, for every province.
void check_every_province(const Variant& v, const Position& position) {
    const UnitLookup lookup = position.unit_lookup(v.provinces.size());
    for (std::size_t p = 0; p < v.provinces.size(); ++p) {
        const auto province = static_cast<ProvinceId>(p);
        CHECK_MESSAGE(position.unit_at(province) == scanned(position, province),
                      v.provinces[p].abbr);
        CHECK_MESSAGE(lookup.at(province) == scanned(position, province), v.provinces[p].abbr);
    }
}

ProvinceId province(const Variant& v, const char* abbr) {
    const ProvinceId p = v.find_province(abbr);
    REQUIRE_MESSAGE(p != kNoProvince, abbr);
    return p;
}

std::size_t slot_of(const Position& position, ProvinceId province) {
    const Unit* u = scanned(position, province);
    REQUIRE(u != nullptr);
    return static_cast<std::size_t>(u - position.units.data());
}

}  // namespace

TEST_CASE("unit index: unit_at finds what a scan finds through the edits it follows") {
    const Variant& v = standard_variant();
    Position position = starting_position(v);
    check_every_province(v, position);

    position.move_unit(slot_of(position, province(v, "PAR")), Location{province(v, "BUR")});
    check_every_province(v, position);
    CHECK(std::as_const(position).unit_at(province(v, "PAR")) == nullptr);

    position.remove_unit(slot_of(position, province(v, "LON")));
    check_every_province(v, position);

    position.add_unit(Unit{UnitType::Army, 0, Location{province(v, "BOH")}, {}});
    check_every_province(v, position);
    REQUIRE(std::as_const(position).unit_at(province(v, "BOH")) != nullptr);

    position.normalise();
    check_every_province(v, position);
}

TEST_CASE("unit index: edits of units made directly are noticed or undone by normalise") {
    const Variant& v = standard_variant();
    Position position = starting_position(v);

    // A unit added or removed directly changes the count the index was built for. (An addition
    // and a removal together keep the count: such code calls normalise() before unit_at, as
    // Position says.)
    position.units.push_back(Unit{UnitType::Army, 0, Location{province(v, "BOH")}, {}});
    check_every_province(v, position);
    position.normalise();
    position.units.erase(position.units.begin());
    check_every_province(v, position);

    // A unit moved in place: where it was is answered by a scan, and normalise() indexes it.
    position.normalise();
    position.units[slot_of(position, province(v, "MUN"))].location = Location{province(v, "TYR")};
    CHECK(std::as_const(position).unit_at(province(v, "MUN")) == nullptr);
    CHECK(position.unit_lookup(v.provinces.size()).at(province(v, "MUN")) == nullptr);
    position.normalise();
    check_every_province(v, position);

    // A unit handed out for editing may be moved: the index is off until normalise().
    Unit* kiel = position.unit_at(province(v, "KIE"));
    REQUIRE(kiel != nullptr);
    kiel->location = Location{province(v, "HOL")};
    check_every_province(v, position);

    // A copy answers from its own units.
    const Position copy = position;
    check_every_province(v, copy);
}
