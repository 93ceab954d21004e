// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using adjutant::testing::standard_variant;

namespace {

std::string read_text(const std::string& relative) {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/" + relative, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read ", relative);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Location loc(const Variant& v, const char* abbr, Coast coast = Coast::None) {
    const ProvinceId id = v.find_province(abbr);
    REQUIRE_MESSAGE(id != kNoProvince, abbr);
    return Location{id, coast};
}

}  // namespace

TEST_CASE("standard.json loads without errors") {
    const VariantLoad load = load_variant(read_text("config/variants/standard.json"));
    for (const VariantError& e : load.errors) MESSAGE(e.path, ": ", e.message);
    REQUIRE(load.ok());
    const Variant& v = *load.variant;
    CHECK(v.name == "standard");
    CHECK(v.provinces.size() == 76);
    CHECK(std::count_if(v.provinces.begin(), v.provinces.end(),
                        [](const Province& p) { return p.supply_center; }) == 34);
    CHECK(v.powers.size() == 7);
    CHECK(v.start_units.size() == 22);
    CHECK(v.victory_centers == 18);
    CHECK(v.start_phase.code() == "S1901M");
    CHECK(load.display.power_colors.size() == 7);
    CHECK(load.display.coast_points.size() == 6);
    CHECK(load.display.width == 1000);
}

TEST_CASE("standard adjacency: split coasts") {
    const Variant& v = standard_variant();
    CHECK(v.fleet_can_move(loc(v, "STP", Coast::North), loc(v, "BAR")));
    CHECK(v.fleet_can_move(loc(v, "BAR"), loc(v, "STP", Coast::North)));
    CHECK_FALSE(v.fleet_can_move(loc(v, "STP", Coast::South), loc(v, "BAR")));
    CHECK_FALSE(v.fleet_can_move(loc(v, "BAR"), loc(v, "STP", Coast::South)));
    CHECK(v.fleet_can_move(loc(v, "BOT"), loc(v, "STP", Coast::South)));
    CHECK(v.fleet_can_move(loc(v, "BUL", Coast::East), loc(v, "BLA")));
    CHECK(v.fleet_can_move(loc(v, "BUL", Coast::South), loc(v, "AEG")));
    CHECK_FALSE(v.fleet_can_move(loc(v, "BUL", Coast::South), loc(v, "BLA")));
    // Both coasts of Bulgaria touch Constantinople; both coasts of Spain touch MAO and POR.
    CHECK(v.reachable_coasts(loc(v, "CON"), v.find_province("BUL")) ==
          std::vector<Coast>{Coast::South, Coast::East});
    CHECK(v.reachable_coasts(loc(v, "MAO"), v.find_province("SPA")) ==
          std::vector<Coast>{Coast::North, Coast::South});
    // Gascony only reaches the north coast of Spain (DATC 6.B.2 setting).
    CHECK(v.reachable_coasts(loc(v, "GAS"), v.find_province("SPA")) ==
          std::vector<Coast>{Coast::North});
    CHECK(v.fleet_can_reach(loc(v, "GAS"), v.find_province("SPA")));
    CHECK(v.reachable_coasts(loc(v, "MAR"), v.find_province("SPA")) ==
          std::vector<Coast>{Coast::South});
    // A fleet never stands on a split province without its coast.
    CHECK_FALSE(v.fleet_can_move(loc(v, "BAR"), loc(v, "STP")));
    CHECK_FALSE(v.can_stand(UnitType::Fleet, loc(v, "STP")));
    CHECK(v.can_stand(UnitType::Army, loc(v, "STP")));
}

TEST_CASE("standard adjacency: armies and fleets differ along coasts (DATC 6.A.9)") {
    const Variant& v = standard_variant();
    const ProvinceId mun = v.find_province("MUN");
    const ProvinceId bur = v.find_province("BUR");
    CHECK(v.army_can_move(mun, bur));
    CHECK(v.army_can_move(bur, mun));
    CHECK(v.army_can_move(v.find_province("ROM"), v.find_province("VEN")));
    CHECK_FALSE(v.fleet_can_move(loc(v, "ROM"), loc(v, "VEN")));
    CHECK_FALSE(v.fleet_can_reach(loc(v, "ROM"), v.find_province("VEN")));
    CHECK(v.fleet_can_move(loc(v, "ROM"), loc(v, "TUS")));
    // DATC 6.A.1-3: no army to sea, no fleet inland, no army through water.
    CHECK_FALSE(v.army_can_move(v.find_province("LON"), v.find_province("NTH")));
    CHECK_FALSE(v.fleet_can_reach(loc(v, "KIE"), mun));
    CHECK_FALSE(v.army_can_move(v.find_province("LON"), v.find_province("BEL")));
    // Switzerland is impassable: nothing enters it.
    const ProvinceId swi = v.find_province("SWI");
    CHECK(v.army_adjacency[swi].empty());
    CHECK(v.fleet_adjacency[swi].empty());
    CHECK_FALSE(v.army_can_move(mun, swi));
    // Kiel and Constantinople are canals; Denmark joins the seas.
    CHECK(v.fleet_can_move(loc(v, "KIE"), loc(v, "BAL")));
    CHECK(v.fleet_can_move(loc(v, "KIE"), loc(v, "HEL")));
    CHECK(v.fleet_can_move(loc(v, "CON"), loc(v, "BLA")));
    CHECK(v.fleet_can_move(loc(v, "CON"), loc(v, "AEG")));
    CHECK(v.fleet_can_move(loc(v, "DEN"), loc(v, "BAL")));
    CHECK(v.fleet_can_move(loc(v, "DEN"), loc(v, "NTH")));
}

TEST_CASE("standard adjacency is symmetric and sorted") {
    const Variant& v = standard_variant();
    for (std::size_t i = 0; i < v.provinces.size(); ++i) {
        const auto& list = v.army_adjacency[i];
        CHECK(std::is_sorted(list.begin(), list.end()));
        for (ProvinceId to : list) CHECK(v.army_can_move(to, static_cast<ProvinceId>(i)));
        for (const FleetEdge& e : v.fleet_adjacency[i])
            CHECK(v.fleet_can_move(e.to, Location{static_cast<ProvinceId>(i), e.from}));
    }
}

TEST_CASE("standard names, aliases and powers") {
    const Variant& v = standard_variant();
    const ProvinceId mao = v.find_province("MAO");
    CHECK(v.find_province("Mid-Atlantic Ocean") == mao);
    CHECK(v.find_province("mid atlantic") == mao);
    CHECK(v.find_province("MID-ATLANTIC OCEAN") == mao);
    CHECK(v.find_province("mao") == mao);
    CHECK(v.find_province("north atlantic ocean") == v.find_province("NAO"));
    CHECK(v.find_province("Norwegian Sea") == v.find_province("NWG"));
    CHECK(v.find_province("gulf of lyon") == v.find_province("LYO"));
    CHECK(v.find_province("Gulf of Lyons") == v.find_province("LYO"));
    CHECK(v.find_province("english channel") == v.find_province("ENG"));
    CHECK(v.find_province("Helgoland Bight") == v.find_province("HEL"));
    CHECK(v.find_province("heligoland bight") == v.find_province("HEL"));
    CHECK(v.find_province("gulf of bothnia") == v.find_province("BOT"));
    CHECK(v.find_province("St Petersburg") == v.find_province("STP"));
    CHECK(v.find_province("st. petersburg") == v.find_province("STP"));
    CHECK(v.find_province("Saint Petersburg") == v.find_province("STP"));
    CHECK(v.find_province("Xanadu") == kNoProvince);
    CHECK(v.find_power("france") == v.find_power("French"));
    CHECK(v.find_power("Russia") != kNoPower);
    const Power& russia = v.powers[v.find_power("Russia")];
    CHECK(russia.home_centers.size() == 4);
    CHECK(v.provinces[v.find_province("STP")].home == v.find_power("Russia"));
    CHECK(v.provinces[v.find_province("BEL")].home == kNoPower);
    CHECK(v.provinces[v.find_province("STP")].coasts ==
          std::vector<Coast>{Coast::North, Coast::South});
}

TEST_CASE("standard starting units") {
    const Variant& v = standard_variant();
    const PowerId russia = v.find_power("Russia");
    bool stp_sc = false;
    for (const StartUnit& s : v.start_units) {
        CHECK(v.can_stand(s.type, s.location));
        if (s.location == loc(v, "STP", Coast::South)) stp_sc = s.power == russia;
    }
    CHECK(stp_sc);
}

TEST_CASE("malformed JSON is reported with line and column") {
    const VariantLoad load = load_variant("{\n  \"name\": \"x\",\n  oops\n}");
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0].path == "");
    CHECK(load.errors[0].message.find("line 3, column 3") != std::string::npos);
    CHECK_FALSE(load.variant);
    CHECK_FALSE(load_variant("").ok());
    CHECK_FALSE(load_variant("[]").ok());
}

TEST_CASE("the small test map loads") {
    const VariantLoad load = load_variant(read_text("tests/variants/tiny.json"));
    for (const VariantError& e : load.errors) MESSAGE(e.path, ": ", e.message);
    REQUIRE(load.ok());
    const Variant& v = *load.variant;
    CHECK(v.provinces.size() == 7);
    CHECK(v.start_units.size() == 3);
    CHECK(v.find_province("bravo land") == v.find_province("BBB"));
    CHECK(v.fleet_can_move(Location{v.find_province("EEE")},
                           Location{v.find_province("DDD"), Coast::North}));
}

// The check the server makes of an uploaded file's names (one line of text each), made here of
// two strings: every string is offered to it, values and keys, each at its JSON Pointer.
std::string flag_bravo_and_adjective(std::string_view text) {
    if (text == "bravo land") return "is flagged";
    if (text == "adjective") return "is a flagged key";
    return {};
}

TEST_CASE("a caller's check of the file's strings is reported beside the variant") {
    const std::string tiny = read_text("tests/variants/tiny.json");
    const VariantLoad load = load_variant(tiny, flag_bravo_and_adjective);
    REQUIRE(load.ok());
    REQUIRE(load.variant);
    std::vector<std::string> found;
    for (const VariantError& e : load.string_problems) found.push_back(e.path + " " + e.message);
    CHECK(found == std::vector<std::string>{"/powers/0/adjective is a flagged key",
                                            "/powers/1/adjective is a flagged key",
                                            "/provinces/1/aliases/0 is flagged"});
    // Without a check, or when the variant has problems of its own, nothing is walked.
    CHECK(load_variant(tiny).string_problems.empty());
    const VariantLoad broken = load_variant("{\"name\": \"bravo land\"}", flag_bravo_and_adjective);
    CHECK_FALSE(broken.ok());
    CHECK(broken.string_problems.empty());
}

TEST_CASE("start.centers is the ownership at the start; rules.build_any widens the build sites") {
    const std::string tiny = read_text("tests/variants/tiny.json");
    const VariantLoad plain = load_variant(tiny);
    REQUIRE(plain.ok());
    const Variant& v = *plain.variant;
    const ProvinceId aaa = v.find_province("AAA"), ddd = v.find_province("DDD");
    const PowerId red = v.find_power("Red"), blue = v.find_power("Blue");
    CHECK(v.start_owners.empty());
    CHECK_FALSE(v.build_any);
    CHECK(starting_position(v).owner[aaa] == red);
    CHECK(starting_position(v).owner[ddd] == kNoPower);
    CHECK(v.build_site(red, aaa));
    CHECK_FALSE(v.build_site(red, ddd));  // a centre, no home centre of Red's

    // Blue owns DDD and Red's home AAA; Red, listed with an empty list, owns nothing.
    nlohmann::json doc = nlohmann::json::parse(tiny);
    doc["start"]["centers"] = {{"Blue", {"DDD", "AAA"}}, {"Red", nlohmann::json::array()}};
    doc["rules"] = {{"build_any", nlohmann::json::object()}};
    const VariantLoad load = load_variant(doc.dump());
    for (const VariantError& e : load.errors) MESSAGE(e.path, ": ", e.message);
    REQUIRE(load.ok());
    const Position start = starting_position(*load.variant);
    CHECK(start.owner[aaa] == blue);
    CHECK(start.owner[ddd] == blue);
    CHECK(start.owner[v.find_province("BBB")] == kNoPower);
    CHECK(start.owner[v.find_province("FFF")] == kNoPower);
    CHECK(load.variant->build_any);
    CHECK(load.variant->build_site(red, ddd));
    CHECK_FALSE(load.variant->build_site(red, v.find_province("CCC")));  // no supply centre
}

TEST_CASE("the backup rule is the variant's: szykman by default or by name") {
    const std::string tiny = read_text("tests/variants/tiny.json");
    const VariantLoad by_default = load_variant(tiny);
    REQUIRE(by_default.ok());
    CHECK(by_default.variant->backup_rule == BackupRule::Szykman);

    nlohmann::json named = nlohmann::json::parse(tiny);
    named["backup_rule"] = "szykman";
    const VariantLoad by_name = load_variant(named.dump());
    for (const VariantError& e : by_name.errors) MESSAGE(e.path, ": ", e.message);
    REQUIRE(by_name.ok());
    CHECK(by_name.variant->backup_rule == BackupRule::Szykman);

    named["backup_rule"] = 1;
    const VariantLoad mistyped = load_variant(named.dump());
    REQUIRE(mistyped.errors.size() == 1);
    CHECK(mistyped.errors[0].path == "/backup_rule");
}

namespace {

struct BadCase {
    const char* file;         // under tests/variants/bad/
    const char* path;         // JSON Pointer of the expected error
    const char* fragment;     // part of its message
    std::size_t error_count;  // every error the file should produce
};

// One file per check; a few also show the consequences a single mistake has elsewhere.
constexpr BadCase kBadCases[] = {
    {"malformed", "", "malformed JSON at line 4", 1},
    {"not_an_object", "", "expected an object, found array", 1},
    {"missing_field", "/provinces/0", "missing field \"name\"", 1},
    {"mistyped_field", "/provinces/0/supply_center", "expected true or false, found string", 2},
    {"unknown_field", "/provinces/0/supply_centre", "unknown field \"supply_centre\"", 1},
    {"unknown_province_in_adjacency", "/provinces/0/army/2", "unknown province \"XYZ\"", 1},
    {"asymmetric_army", "/provinces/3/army/2", "DDD-FFF is one-way: FFF does not list DDD", 1},
    {"asymmetric_fleet", "/provinces/3/coasts/0/fleet/0", "DDD/NC-EEE is one-way", 1},
    {"coasts_on_land", "/provinces/0/coasts", "only a coast province can have split coasts", 1},
    {"edge_names_missing_coast", "/provinces/4/fleet/0", "DDD has no coast \"EC\"", 2},
    {"edge_coast_on_unsplit", "/provinces/2/fleet/0", "BBB has no coasts", 2},
    {"edge_without_coast", "/provinces/4/fleet/0", "missing coast: DDD has split coasts", 2},
    {"split_province_fleet_list", "/provinces/3/fleet", "lists its fleet adjacency per coast", 1},
    {"bad_coast_code", "/provinces/3/coasts/0/coast", "a coast is NC, SC, EC or WC", 2},
    {"army_to_sea", "/provinces/0/army/2", "army adjacency to sea province CCC", 1},
    {"army_from_sea", "/provinces/2/army", "a sea province has no army adjacency", 1},
    {"fleet_to_land", "/provinces/2/fleet/3", "fleet adjacency to land-locked province AAA", 1},
    {"fleet_from_land", "/provinces/0/fleet", "land-locked province has no fleet adjacency", 1},
    {"home_not_center", "/powers/1/home_centers/1", "EEE is not a supply centre", 1},
    {"home_two_powers", "/powers/1/home_centers/1", "AAA is already listed for Red", 1},
    {"army_at_sea", "/start/units/Blue/1", "an army cannot stand in CCC", 1},
    {"fleet_inland", "/start/units/Red/0", "a fleet cannot stand in AAA", 1},
    {"fleet_split_without_coast", "/start/units/Blue/1", "must name its coast (DDD/NC, DDD/SC)", 1},
    {"two_units_one_province", "/start/units/Red/1", "two starting units in BBB", 1},
    {"unknown_power_in_start", "/start/units/Green", "unknown power \"Green\"", 1},
    {"unknown_province_in_start", "/start/units/Blue/1", "unknown province \"XYZ\"", 1},
    {"bad_phase", "/start/phase", "bad phase code \"W1901M\"", 1},
    {"victory_out_of_range", "/victory/centers", "between 1 and 4 supply centres", 1},
    {"start_center_not_a_center", "/start/centers/Red/1", "CCC is not a supply centre", 1},
    {"start_center_twice", "/start/centers/Red/1", "DDD is owned at the start twice", 1},
    {"start_center_home_of_unlisted", "/start/centers/Blue/1",
     "BBB is a home centre of Red, which owns it at the start", 1},
    {"build_any_with_field", "/rules/build_any/homes", "unknown field \"homes\"", 1},
    {"unknown_backup_rule", "/backup_rule", "unknown backup rule \"all_hold\" (known: \"szykman\")",
     1},
    {"duplicate_abbreviation", "/provinces/6/abbr", "duplicate abbreviation \"AAA\"", 1},
    {"duplicate_alias", "/provinces/4/aliases/0", "\"bravo land\" is already used by BBB", 1},
    {"alias_clashes_with_name", "/provinces/6/aliases/0", "\"alpha\" is already used by AAA", 1},
    {"duplicate_power", "/powers/1/name", "power name \"red\" is already used", 2},
    {"bad_color", "/powers/1/color", "#rrggbb", 1},
    {"draw_outside_map", "/provinces/0/draw", "outside the 100x100 map", 1},
    // Every error is reported, not just the first.
    {"many_errors", "/provinces/0/army/2", "unknown province", 3},
    {"many_errors", "/start/phase", "bad phase code \"S1901\"", 3},
    {"many_errors", "/victory/centers", "found 0", 3},
};

}  // namespace

TEST_CASE("each checker error has a fixture with its path and message") {
    for (const BadCase& c : kBadCases) {
        CAPTURE(c.file);
        const VariantLoad load =
            load_variant(read_text(std::string("tests/variants/bad/") + c.file + ".json"));
        CHECK_FALSE(load.variant);
        bool found = false;
        std::string all;
        for (const VariantError& e : load.errors) {
            all += e.path + ": " + e.message + "\n";
            if (e.path == c.path && e.message.find(c.fragment) != std::string::npos) found = true;
        }
        CAPTURE(all);
        CHECK(found);
        CHECK(load.errors.size() == c.error_count);
    }
}

// Regression (found by the variant fuzzer): a number too large for a double made the JSON
// library throw out_of_range, which escaped load_variant.
TEST_CASE("a number out of range is reported, not thrown") {
    VariantLoad load;
    CHECK_NOTHROW(load = load_variant("3E333"));
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0].message.find("number") != std::string::npos);
    CHECK_NOTHROW(load = load_variant("{\"format\": 1e400}"));
    CHECK_FALSE(load.ok());
}
