// SPDX-License-Identifier: Apache-2.0
// Every variant imported from DPjudge (config/variants/, a description that says so) is played:
// random legal orders for a few hundred phases, and after each phase every order line has its
// verdict, the position keeps its invariants and loads again from its document, and a second
// play of the same seeds writes the same reports byte for byte.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "adjudicate.h"
#include "bench/random_orders.h"
#include "orders/parser.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;

namespace imported_variants_test {

constexpr int kGames = 3;
constexpr int kPhases = 80;

std::vector<std::filesystem::path> imported_variant_files() {
    std::vector<std::filesystem::path> files;
    const std::filesystem::path folder =
        std::filesystem::path(ADJUTANT_SOURCE_DIR) / "config" / "variants";
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".json") continue;
        const nlohmann::json doc =
            nlohmann::json::parse(adjutant::testing::read_text_file(entry.path().string()));
        const std::string description = doc.value("description", std::string{});
        if (description.find("imported from DPjudge") != std::string::npos)
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::size_t order_lines(const std::string& text) {
    std::size_t lines = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        if (line.find_first_not_of(" \t\r") != std::string::npos) ++lines;
        start = end + 1;
    }
    return lines;
}

// One game's transcript: each phase's orders and report.
std::string play(const Variant& variant, std::uint64_t seed) {
    bench::Random random(seed);
    const OrderParser parser(variant);
    Adjudicator adjudicator;
    Position position = starting_position(variant);
    std::string transcript;
    for (int i = 0; i < kPhases; ++i) {
        const std::string text = bench::random_phase_orders(variant, position, random);
        const ParsedOrders parsed = parser.parse(position, text);
        CHECK_MESSAGE(parsed.verdicts.size() == order_lines(text), variant.name, " seed ", seed,
                      " ", position.phase.code(), ": an order line without its verdict");
        Adjudication result = adjudicator.run(variant, position, parsed.orders, seed);
        const std::string problems = position_is_ok(variant, result.next);
        CHECK_MESSAGE(problems.empty(), variant.name, " seed ", seed, " ", result.next.phase.code(),
                      ": ", problems);
        const nlohmann::json document = position_to_json(variant, result.next);
        const PositionLoad again = position_from_json(variant, document);
        CHECK_MESSAGE(again.ok(), variant.name, " seed ", seed, " ", result.next.phase.code(),
                      ": the position does not load again");
        if (again.ok()) CHECK(position_to_json(variant, *again.position) == document);
        transcript += text;
        transcript += adjudication_to_json(variant, parsed, result).dump();
        transcript += '\n';
        position = std::move(result.next);
    }
    return transcript;
}

}  // namespace imported_variants_test

using namespace imported_variants_test;

TEST_CASE("imported variants: random games keep every invariant and replay identically") {
    const std::vector<std::filesystem::path> files = imported_variant_files();
    CHECK(files.size() >= 10);
    for (const std::filesystem::path& file : files) {
        CAPTURE(file.filename().string());
        const VariantLoad load = load_variant(adjutant::testing::read_text_file(file.string()));
        REQUIRE(load.ok());
        for (int seed = 1; seed <= kGames; ++seed) {
            const std::string first = play(*load.variant, static_cast<std::uint64_t>(seed));
            const std::string second = play(*load.variant, static_cast<std::uint64_t>(seed));
            CHECK_MESSAGE(first == second, load.variant->name, " seed ", seed,
                          ": the replay differs");
        }
    }
}

namespace imported_variants_test {

Variant load_shipped(const std::string& name) {
    VariantLoad load = load_variant(adjutant::testing::variant_text(name));
    REQUIRE_MESSAGE(load.ok(), name);
    return std::move(*load.variant);
}

// Successful builds in a centre that is none of the builder's home centres, over random games.
int builds_away_from_home(const Variant& variant, int games, int phases) {
    int count = 0;
    const OrderParser parser(variant);
    Adjudicator adjudicator;
    for (int seed = 1; seed <= games; ++seed) {
        bench::Random random(static_cast<std::uint64_t>(seed));
        Position position = starting_position(variant);
        for (int i = 0; i < phases; ++i) {
            const std::string text = bench::random_phase_orders(variant, position, random);
            const ParsedOrders parsed = parser.parse(position, text);
            Adjudication result =
                adjudicator.run(variant, position, parsed.orders, static_cast<std::uint64_t>(seed));
            for (const OrderResult& r : result.results) {
                if (r.order.type != OrderType::Build || !r.succeeded) continue;
                const auto& homes = variant.powers[r.order.power].home_centers;
                if (std::find(homes.begin(), homes.end(), r.order.unit.province) == homes.end())
                    ++count;
            }
            position = std::move(result.next);
        }
    }
    return count;
}

}  // namespace imported_variants_test

TEST_CASE("imported variants: Chaos and Minor Power build anywhere (DPjudge's RULE BUILD_ANY)") {
    for (const char* name : {"chaos", "minor-power"}) {
        CAPTURE(name);
        const Variant variant = load_shipped(name);
        CHECK(variant.build_any);
        CHECK(variant.start_phase.code() == "W1900A");
        CHECK(builds_away_from_home(variant, kGames, kPhases) > 0);
    }
    // Chaos: 34 powers, each with one home centre, owned, and no unit at the start.
    const Variant chaos = load_shipped("chaos");
    CHECK(chaos.powers.size() == 34);
    const Position start = starting_position(chaos);
    CHECK(start.units.empty());
    for (std::size_t pw = 0; pw < chaos.powers.size(); ++pw) {
        REQUIRE(chaos.powers[pw].home_centers.size() == 1);
        CHECK(start.owner[chaos.powers[pw].home_centers[0]] == static_cast<PowerId>(pw));
    }
    // The classic maps keep building at home only.
    CHECK_FALSE(load_shipped("standard").build_any);
    CHECK(builds_away_from_home(load_shipped("standard"), kGames, kPhases) == 0);
}

TEST_CASE("imported variants: the Shift maps start in other powers' home centres (OWNS)") {
    struct Shift {
        const char* name;
        const char* power;
        const char* owns;  // one of its centres at the start
    };
    for (const Shift& s :
         {Shift{"shift-around", "England", "NAP"}, Shift{"shift-left", "England", "BUD"},
          Shift{"shift-right", "England", "ROM"}}) {
        CAPTURE(s.name);
        const Variant variant = load_shipped(s.name);
        CHECK_FALSE(variant.build_any);
        const Position start = starting_position(variant);
        const PowerId england = variant.find_power(s.power);
        CHECK(start.owner[variant.find_province(s.owns)] == england);
        // England's home centres stay its own, and are Italy's, Austria's ... at the start.
        CHECK(start.owner[variant.find_province("LON")] != england);
        CHECK(start.center_count(england) == 3);
        CHECK(variant.build_site(england, variant.find_province("LON")));
        CHECK_FALSE(variant.build_site(england, variant.find_province(s.owns)));
    }
}
