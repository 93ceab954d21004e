// SPDX-License-Identifier: Apache-2.0
// Experience (Lone Warrior 4d; docs/experience.md): the starting guards and veterans, the variant's
// parameters, the position's invariants and what fog of war hides. What a week does to the
// classes is in the cases, tests/rules/experience.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "position/position_check.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "rules/experience/parameters.h"
#include "rules/experience/state.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

// The record of the army that starts the game in `province`, or nullptr.
const experience::ArmyClasses* start_record(const Variant& v, const Position& start,
                                            const char* province) {
    const Unit* u = start.unit_at(v.find_province(province));
    REQUIRE(u != nullptr);
    return experience::state(start).of(*u);
}

}  // namespace

TEST_CASE("Experience: 4d, each nation starts with 250 points of guards or veterans") {
    const Variant& v = variant_named("western-front-1914");
    const Position start = starting_position(v);
    CHECK(position_is_ok(v, start).empty());
    const auto* guards = start_record(v, start, "MAL");
    REQUIRE(guards != nullptr);
    CHECK(guards->elite == 250);
    CHECK(guards->veteran == 0);
    for (const char* veterans : {"NAN", "BOU", "LOU"}) {
        CAPTURE(veterans);
        const auto* r = start_record(v, start, veterans);
        REQUIRE(r != nullptr);
        CHECK(r->veteran == 250);
        CHECK(r->elite == 0);
    }
    // "All troops begin the campaign trained except...": the other armies have no record.
    CHECK(start_record(v, start, "KOL") == nullptr);
    CHECK(experience::state(start).armies.size() == 4);
    const json document = position_to_json(v, start);
    CHECK(document["experience"]["Germany"][0]["elite"] == 250);
    CHECK(experience::parameters(v).starting_elite(v.find_power("Germany")) == 250);
    CHECK(experience::parameters(v).starting_elite(v.find_power("France")) == 0);
}

TEST_CASE("Experience: the variant's parameters, by the module's own schema") {
    json doc = json::parse(variant_text("western-front-1914"));
    REQUIRE(doc["rules"].contains("experience"));
    for (const char* bad :
         {R"({"start": {"France": {"army": "NAN", "class": "guards"}}})",
          R"({"start": {"France": {"army": "KOL", "class": "veteran"}}})",
          R"({"start": {"France": {"army": "NAN"}}})",
          R"({"start": {"France": {"army": "NAN", "class": "veteran", "points": 900}}})",
          R"({"start": {"Prussia": {"army": "KOL", "class": "elite"}}})", R"({"begin": {}})"}) {
        CAPTURE(bad);
        doc["rules"]["experience"] = json::parse(bad);
        const VariantLoad load = load_variant(doc.dump());
        CHECK_FALSE(load.ok());
        bool at_part = false;
        for (const VariantError& e : load.errors)
            if (e.path.rfind("/rules/experience", 0) == 0) at_part = true;
        CHECK(at_part);
    }
    doc["rules"].erase("experience");
    const VariantLoad off = load_variant(doc.dump());
    REQUIRE(off.ok());
    CHECK_FALSE(off.variant->campaign->modules.enabled("experience"));
    CHECK(experience::state(starting_position(*off.variant)).empty());
}

TEST_CASE("Experience: a position's classes are an army's, within its points and the guards") {
    const Variant& v = variant_named("western-front-1914");
    struct Bad {
        const char* classes;
        const char* fragment;
    } const bad[] = {
        {R"({"Germany": [{"army": 2, "veteran": 100}]})", "not an army"},
        {R"({"Germany": [{"army": 1, "veteran": 400, "raw": 300}]})", "points in all"},
        {R"({"France": [{"army": 3, "elite": 100}]})", "more than the 0 it started with"},
        {R"({"Germany": [{"army": 1, "elite": 300}]})", "more than the 250 it started with"},
    };
    for (const Bad& b : bad) {
        CAPTURE(b.classes);
        json doc = json::parse(R"({"phase": "1914W32M",
            "units": {"Germany": [{"unit": "A KOL", "id": 1, "points": 600},
                                  {"unit": "F NTH", "id": 2, "points": 250}],
                      "France": [{"unit": "A NAN", "id": 3, "points": 600}]}})");
        doc["experience"] = json::parse(b.classes);
        const PositionLoad load = position_from_json(v, doc);
        REQUIRE(load.ok());
        const std::string errors = position_is_ok(v, *load.position);
        CAPTURE(errors);
        CHECK(errors.find(b.fragment) != std::string::npos);
    }
    json doc = json::parse(R"({"phase": "1914W32M",
        "units": {"Germany": [{"unit": "A KOL", "id": 1, "points": 600}]},
        "experience": {"Germany": [{"army": 1, "champion": 100}]}})");
    CHECK_FALSE(position_from_json(v, doc).ok());
}

TEST_CASE(
    "Experience: under fog of war a power sees another's classes only where it sees the army") {
    const Variant& v = variant_named("western-front-1914");
    REQUIRE(hides_positions(v));
    const Position start = starting_position(v);
    const PowerId britain = v.find_power("Britain");
    Sight blind;
    blind.power = britain;
    blind.occupied.assign(v.provinces.size(), 0);
    blind.seen.assign(v.provinces.size(), 0);
    const Position view = seen_position(v, start, blind);
    const auto& armies = experience::state(view).armies;
    REQUIRE(armies.size() == 1);
    CHECK(armies[0].power == britain);
    Sight all = blind;
    all.seen.assign(v.provinces.size(), 1);
    CHECK(experience::state(seen_position(v, start, all)).armies.size() == 4);
}
