// SPDX-License-Identifier: Apache-2.0
// position_is_ok: each invariant, broken on its own, is named; starting positions keep them all.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <utility>

#include "position/position_check.h"
#include "rules/rail/state.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

ProvinceId province(const Variant& v, const char* abbr) {
    const ProvinceId p = v.find_province(abbr);
    REQUIRE_MESSAGE(p != kNoProvince, abbr);
    return p;
}

// The pieces below with only their places set (aggregate initialisation would warn about the
// fields left out).
Garrison garrison(PowerId power, ProvinceId at) {
    Garrison g;
    g.power = power;
    g.province = at;
    return g;
}

sieges::Siege siege(ProvinceId of) {
    sieges::Siege s;
    s.province = of;
    return s;
}

SupplyTrain train(PowerId power, ProvinceId at, ProvinceId base) {
    SupplyTrain t;
    t.power = power;
    t.at = at;
    t.base = base;
    return t;
}

struct Breakage {
    const char* what;
    std::function<void(const Variant&, Position&)> do_it;
    std::string fragment;  // part of the description position_is_ok must give
};

}  // namespace

TEST_CASE("position_is_ok: starting positions keep every invariant") {
    for (const char* name : {"standard", "colonial", "western-front-1914"}) {
        CAPTURE(name);
        const Variant& v = variant_named(name);
        CHECK(position_is_ok(v, starting_position(v)) == "");
    }
}

TEST_CASE("position_is_ok: names the invariant broken") {
    const Variant& v = standard_variant();
    const std::string provinces = std::to_string(v.province_count()) + " provinces";
    const Breakage breakages[] = {
        {"owner short", [](const Variant&, Position& p) { p.owner.pop_back(); },
         "owner has " + std::to_string(v.province_count() - 1) + " entries for " + provinces},
        {"owner of a non-centre",
         [](const Variant& v, Position& p) { p.owner[province(v, "BUR")] = 0; },
         "BUR is owned but is no supply centre"},
        {"unknown owner", [](const Variant& v, Position& p) { p.owner[province(v, "PAR")] = 9; },
         "PAR is owned by unknown power 9"},
        {"unit off the map",
         [](const Variant&, Position& p) { p.units[0].location.province = 999; },
         "unit on unknown province 999"},
        {"unit without power", [](const Variant&, Position& p) { p.units[0].power = kNoPower; },
         "has no power"},
        {"army at sea",
         [](const Variant& v, Position& p) {
             p.units[0].type = UnitType::Army;
             p.units[0].location = Location{province(v, "NTH")};
         },
         "unit in NTH cannot stand there"},
        {"two units in a province",
         [](const Variant&, Position& p) { p.units[1].location = p.units[0].location; },
         "two units in"},
        {"units unsorted", [](const Variant&, Position& p) { std::swap(p.units[0], p.units[1]); },
         "units not in normal form"},
        {"dislodged outside a retreat phase",
         [](const Variant&, Position& p) {
             p.dislodged.push_back(DislodgedUnit{p.units[0], kNoProvince, {}});
         },
         "dislodged units in S1901M, which is no retreat phase"},
        {"retreats unsorted",
         [](const Variant& v, Position& p) {
             p.phase = *Phase::parse("S1901R");
             p.dislodged.push_back(
                 DislodgedUnit{p.units[0],
                               kNoProvince,
                               {Location{province(v, "BUR")}, Location{province(v, "BUR")}}});
         },
         "retreats not sorted"},
        {"standoffs repeated",
         [](const Variant& v, Position& p) {
             p.standoffs = {province(v, "BUR"), province(v, "BUR")};
         },
         "standoffs not in normal form"},
        {"two garrisons in a province",
         [](const Variant& v, Position& p) {
             sieges::state(p).garrisons = {garrison(0, province(v, "PAR")),
                                           garrison(1, province(v, "PAR"))};
         },
         "two garrisons in PAR"},
        {"two sieges of a province",
         [](const Variant& v, Position& p) {
             sieges::state(p).sieges = {siege(province(v, "PAR")), siege(province(v, "PAR"))};
         },
         "two sieges in PAR"},
        {"train off the map",
         [](const Variant& v, Position& p) {
             supply::state(p).trains = {train(0, province(v, "PAR"), kNoProvince)};
         },
         "a supply train on or from an unknown province"},
        {"trains unsorted",
         [](const Variant& v, Position& p) {
             supply::state(p).trains = {train(1, province(v, "PAR"), province(v, "PAR")),
                                        train(0, province(v, "PAR"), province(v, "PAR"))};
         },
         "trains not in normal form"},
        {"treasury short", [](const Variant&, Position& p) { supply::state(p).treasury = {1}; },
         "treasury has 1 entries for 7 powers"},
        {"destroy_trains all capture",
         [](const Variant&, Position& p) { supply::state(p).destroy_trains.assign(7, 0); },
         "destroy_trains not in normal form"},
        {"control short", [](const Variant&, Position& p) { rail::state(p).control = {kNoPower}; },
         "control has 1 entries for " + provinces},
        {"rail row short",
         [](const Variant&, Position& p) {
             rail::state(p).rail.assign(7, std::vector<rail::RailState>(3));
         },
         "a rail row has 3 entries for " + provinces},
        {"demolished repeated",
         [](const Variant&, Position& p) {
             rail::state(p).demolished = {2, 1};
         },
         "demolished not in normal form"},
    };
    const Position start = starting_position(v);
    REQUIRE(position_is_ok(v, start) == "");
    for (const Breakage& b : breakages) {
        CAPTURE(b.what);
        Position broken = start;
        b.do_it(v, broken);
        const std::string description = position_is_ok(v, broken);
        CAPTURE(description);
        CHECK(description.find(b.fragment) != std::string::npos);
    }
}
