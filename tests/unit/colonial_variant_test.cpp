// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "variant/variant_json.h"

using namespace adjutant;

namespace {

std::string read_colonial_text() {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/colonial.json",
                     std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read config/variants/colonial.json");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const VariantLoad& colonial_load() {
    static const VariantLoad load = load_variant(read_colonial_text());
    return load;
}

const Variant& colonial() {
    const VariantLoad& load = colonial_load();
    REQUIRE(load.ok());
    return *load.variant;
}

ProvinceId prov(const Variant& v, const char* abbr) {
    const ProvinceId id = v.find_province(abbr);
    REQUIRE_MESSAGE(id != kNoProvince, abbr);
    return id;
}

Location place(const Variant& v, const char* abbr, Coast coast = Coast::None) {
    return Location{prov(v, abbr), coast};
}

}  // namespace

TEST_CASE("colonial.json loads without errors") {
    const VariantLoad& load = colonial_load();
    for (const VariantError& e : load.errors) MESSAGE(e.path, ": ", e.message);
    REQUIRE(load.ok());
    const Variant& v = *load.variant;
    CHECK(v.name == "colonial");
    CHECK(v.provinces.size() == 119);
    CHECK(std::count_if(v.provinces.begin(), v.provinces.end(),
                        [](const Province& p) { return p.supply_center; }) == 58);
    CHECK(v.powers.size() == 7);
    CHECK(v.start_units.size() == 29);
    CHECK(v.victory_centers == 30);
    CHECK(v.start_phase.code() == "S1870M");
    CHECK(load.display.title == "Colonial Diplomacy");
    CHECK(load.display.power_colors.size() == 7);
    // ARB, BAN and SEO each have two coasts.
    CHECK(load.display.coast_points.size() == 6);
}

TEST_CASE("colonial powers, home centres and starting units") {
    const Variant& v = colonial();
    const std::map<std::string, std::size_t> expected = {
        {"Britain", 6}, {"China", 5},  {"France", 3}, {"Holland", 3},
        {"Japan", 4},   {"Russia", 5}, {"Turkey", 3}};
    std::size_t home_total = 0;
    for (const auto& entry : expected) {
        // Named copies, not a structured binding: clang 14 cannot capture a binding (CAPTURE).
        const std::string& name = entry.first;
        const std::size_t count = entry.second;
        CAPTURE(name);
        const PowerId power = v.find_power(name);
        REQUIRE(power != kNoPower);
        CHECK(v.powers[power].home_centers.size() == count);
        home_total += v.powers[power].home_centers.size();
        const auto units = std::count_if(v.start_units.begin(), v.start_units.end(),
                                         [&](const StartUnit& s) { return s.power == power; });
        CHECK(static_cast<std::size_t>(units) == count);
    }
    CHECK(home_total == 29);  // and 29 neutral centres make the 58
    // Every unit starts on one of its own power's home centres, where it can stand.
    for (const StartUnit& s : v.start_units) {
        CHECK(v.can_stand(s.type, s.location));
        CHECK(v.provinces[s.location.province].home == s.power);
    }
    CHECK(v.find_power("Dutch") == v.find_power("Holland"));
    CHECK(v.find_power("british") == v.find_power("Britain"));
    CHECK(v.provinces[prov(v, "HON")].home == v.find_power("Britain"));
    CHECK(v.provinces[prov(v, "POR")].home == v.find_power("Russia"));
    CHECK(v.provinces[prov(v, "SIK")].home == v.find_power("China"));
    CHECK(v.provinces[prov(v, "SEO")].home == kNoPower);
    CHECK(v.provinces[prov(v, "SEO")].supply_center);
    CHECK_FALSE(v.provinces[prov(v, "ARB")].supply_center);
}

TEST_CASE("colonial adjacency: split coasts of Arabia, Bangkok and Seoul") {
    const Variant& v = colonial();
    CHECK(v.provinces[prov(v, "ARB")].coasts == std::vector<Coast>{Coast::North, Coast::South});
    CHECK(v.provinces[prov(v, "BAN")].coasts == std::vector<Coast>{Coast::East, Coast::West});
    CHECK(v.provinces[prov(v, "SEO")].coasts == std::vector<Coast>{Coast::East, Coast::West});

    // Arabia: the north coast is on the Persian Gulf, the south coast on the Arabian Sea.
    CHECK(v.fleet_can_move(place(v, "ARB", Coast::North), place(v, "PGF")));
    CHECK(v.fleet_can_move(place(v, "PGF"), place(v, "ARB", Coast::North)));
    CHECK(v.fleet_can_move(place(v, "ARB", Coast::North), place(v, "BAG")));
    CHECK_FALSE(v.fleet_can_move(place(v, "ARB", Coast::South), place(v, "PGF")));
    CHECK(v.fleet_can_move(place(v, "ARB", Coast::South), place(v, "ARS")));
    CHECK(v.fleet_can_move(place(v, "ARB", Coast::South), place(v, "GOA")));
    CHECK(v.fleet_can_move(place(v, "ADE"), place(v, "ARB", Coast::South)));
    CHECK_FALSE(v.fleet_can_move(place(v, "ARB", Coast::North), place(v, "ARS")));
    CHECK_FALSE(v.fleet_can_move(place(v, "RED"), place(v, "ARB", Coast::South)));
    CHECK(v.reachable_coasts(place(v, "OMA"), prov(v, "ARB")) ==
          std::vector<Coast>{Coast::North, Coast::South});
    CHECK(v.reachable_coasts(place(v, "PGF"), prov(v, "ARB")) == std::vector<Coast>{Coast::North});
    CHECK(v.reachable_coasts(place(v, "GOA"), prov(v, "ARB")) == std::vector<Coast>{Coast::South});

    // Bangkok: the west coast on the Andaman Sea, the east coast on the Gulf of Siam.
    CHECK(v.fleet_can_move(place(v, "BAN", Coast::West), place(v, "AND")));
    CHECK(v.fleet_can_move(place(v, "BAN", Coast::West), place(v, "RAN")));
    CHECK_FALSE(v.fleet_can_move(place(v, "BAN", Coast::East), place(v, "AND")));
    CHECK(v.fleet_can_move(place(v, "GOS"), place(v, "BAN", Coast::East)));
    CHECK(v.fleet_can_move(place(v, "BAN", Coast::East), place(v, "CAM")));
    CHECK_FALSE(v.fleet_can_move(place(v, "BAN", Coast::West), place(v, "GOS")));
    CHECK(v.reachable_coasts(place(v, "MAL"), prov(v, "BAN")) ==
          std::vector<Coast>{Coast::East, Coast::West});

    // Seoul: the east coast on the Sea of Japan, the west coast on the Yellow Sea.
    CHECK(v.fleet_can_move(place(v, "SEO", Coast::East), place(v, "SOJ")));
    CHECK(v.fleet_can_move(place(v, "SEO", Coast::East), place(v, "VLA")));
    CHECK_FALSE(v.fleet_can_move(place(v, "SEO", Coast::West), place(v, "SOJ")));
    CHECK(v.fleet_can_move(place(v, "YEL"), place(v, "SEO", Coast::West)));
    CHECK(v.fleet_can_move(place(v, "SEO", Coast::West), place(v, "POR")));
    CHECK_FALSE(v.fleet_can_move(place(v, "SEO", Coast::East), place(v, "YEL")));
    CHECK(v.reachable_coasts(place(v, "FUS"), prov(v, "SEO")) ==
          std::vector<Coast>{Coast::East, Coast::West});

    // A fleet never stands on a split province without its coast.
    CHECK_FALSE(v.fleet_can_move(place(v, "PGF"), place(v, "ARB")));
    CHECK_FALSE(v.can_stand(UnitType::Fleet, place(v, "SEO")));
    CHECK(v.can_stand(UnitType::Army, place(v, "BAN")));
}

TEST_CASE("colonial adjacency: land bridges, islands and canals") {
    const Variant& v = colonial();
    // Land bridges Akita-Otaru and Otaru-Sakhalin, for armies and fleets alike.
    CHECK(v.army_can_move(prov(v, "AKI"), prov(v, "OTA")));
    CHECK(v.army_can_move(prov(v, "OTA"), prov(v, "AKI")));
    CHECK(v.army_can_move(prov(v, "OTA"), prov(v, "SAK")));
    CHECK(v.army_can_move(prov(v, "SAK"), prov(v, "OTA")));
    CHECK_FALSE(v.army_can_move(prov(v, "AKI"), prov(v, "SAK")));
    CHECK(v.fleet_can_move(place(v, "AKI"), place(v, "OTA")));
    CHECK(v.fleet_can_move(place(v, "OTA"), place(v, "SAK")));
    CHECK(v.fleet_can_move(place(v, "SAK"), place(v, "OKH")));
    // Islands without a land link: no army adjacency at all.
    for (const char* island : {"CEY", "CEL", "FOR", "JAV", "NEW", "SUM"}) {
        CAPTURE(island);
        CHECK(v.army_adjacency[prov(v, island)].empty());
    }
    CHECK_FALSE(v.army_can_move(prov(v, "MAD"), prov(v, "CEY")));
    CHECK(v.fleet_can_move(place(v, "CEY"), place(v, "GOM")));
    // The Suez Canal is a special rule, not an edge: MED and RED touch only through Egypt.
    CHECK_FALSE(v.fleet_can_move(place(v, "MED"), place(v, "RED")));
    CHECK(v.fleet_can_move(place(v, "EGY"), place(v, "MED")));
    CHECK(v.fleet_can_move(place(v, "EGY"), place(v, "RED")));
    // The Trans-Siberian line runs along ordinary army adjacencies.
    const char* line[] = {"MOS", "PRM", "OMS", "KRA", "IRK", "VLA"};
    for (std::size_t i = 0; i + 1 < std::size(line); ++i) {
        CAPTURE(line[i]);
        CHECK(v.army_can_move(prov(v, line[i]), prov(v, line[i + 1])));
    }
    CHECK_FALSE(v.army_can_move(prov(v, "MOS"), prov(v, "VLA")));
    // Armies and fleets differ along coasts; no army crosses water.
    CHECK(v.army_can_move(prov(v, "HON"), prov(v, "CAN")));
    CHECK(v.fleet_can_move(place(v, "HON"), place(v, "SCS")));
    CHECK(v.army_can_move(prov(v, "SYR"), prov(v, "ARB")));
    CHECK_FALSE(v.fleet_can_reach(place(v, "SYR"), prov(v, "ARB")));
    CHECK_FALSE(v.army_can_move(prov(v, "SIN"), prov(v, "SUM")));
    CHECK_FALSE(v.fleet_can_reach(place(v, "BOM"), prov(v, "DEL")));
}

TEST_CASE("colonial adjacency is symmetric and sorted") {
    const Variant& v = colonial();
    for (std::size_t i = 0; i < v.provinces.size(); ++i) {
        const auto& list = v.army_adjacency[i];
        CHECK(std::is_sorted(list.begin(), list.end()));
        for (ProvinceId to : list) CHECK(v.army_can_move(to, static_cast<ProvinceId>(i)));
        for (const FleetEdge& e : v.fleet_adjacency[i])
            CHECK(v.fleet_can_move(e.to, Location{static_cast<ProvinceId>(i), e.from}));
    }
}

TEST_CASE("colonial names and aliases") {
    const Variant& v = colonial();
    CHECK(v.find_province("Sea of Japan") == prov(v, "SOJ"));
    CHECK(v.find_province("japan sea") == prov(v, "SOJ"));
    CHECK(v.find_province("Bay of Bengal") == prov(v, "BOB"));
    CHECK(v.find_province("bengal") == prov(v, "BEN"));
    CHECK(v.find_province("Gulf of Siam") == prov(v, "GOS"));
    CHECK(v.find_province("gulf of thailand") == prov(v, "GOS"));
    CHECK(v.find_province("Gulf of Aden") == prov(v, "GOA"));
    CHECK(v.find_province("aden") == prov(v, "ADE"));
    CHECK(v.find_province("Hong Kong") == prov(v, "HON"));
    CHECK(v.find_province("hongkong") == prov(v, "HON"));
    CHECK(v.find_province("Taiwan") == prov(v, "FOR"));
    CHECK(v.find_province("Upper Burma") == prov(v, "BUR"));
    CHECK(v.find_province("burma") == prov(v, "BUR"));
    CHECK(v.find_province("nanchang") == prov(v, "NAN"));
    CHECK(v.find_province("Nanchung") == prov(v, "NAN"));
    CHECK(v.find_province("istanbul") == prov(v, "CON"));
    CHECK(v.find_province("okhotsk") == prov(v, "OKH"));
    CHECK(v.find_province("mediterranean") == prov(v, "MED"));
    CHECK(v.find_province("persian") == prov(v, "PGF"));
    CHECK(v.find_province("Persia") == prov(v, "PER"));
    CHECK(v.find_province("east china") == prov(v, "ECS"));
    CHECK(v.find_province("south china") == prov(v, "SCS"));
    CHECK(v.find_province("Java") == prov(v, "JAV"));
    CHECK(v.find_province("java sea") == prov(v, "JVS"));
    CHECK(v.find_province("celebes") == prov(v, "CEL"));
    CHECK(v.find_province("Celebes Sea") == prov(v, "CLS"));
    CHECK(v.find_province("sri lanka") == prov(v, "CEY"));
    CHECK(v.find_province("somaliland") == prov(v, "SOM"));
    CHECK(v.find_province("abysinnia") == prov(v, "ABY"));
    CHECK(v.find_province("pek") == prov(v, "PEK"));
    CHECK(v.find_province("beijing") == prov(v, "PEK"));
    CHECK(v.find_province("Atlantis") == kNoProvince);
    CHECK(v.find_province("japan") == kNoProvince);  // a power, not a province
}
