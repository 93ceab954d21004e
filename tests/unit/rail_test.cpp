// SPDX-License-Identifier: Apache-2.0
// The rail network module's pieces on their own: the LOC allocation (max-flow against greedy),
// the initial rail states of a starting position, and rail states in position documents.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "position/position_json.h"
#include "rail_graph_lists.h"
#include "rules/rail/max_flow.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "rules/rail/state.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using nlohmann::json;

namespace {

Variant load(const std::string& path) {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/" + path);
    std::ostringstream text;
    text << in.rdbuf();
    VariantLoad loaded = load_variant(text.str());
    REQUIRE(loaded.ok());
    return std::move(*loaded.variant);
}

rail::RailState state(const Variant& v, const Position& pos, const char* power,
                      const char* province) {
    return rail::state(pos).of(v.find_power(power), v.find_province(province));
}

}  // namespace

TEST_CASE("LOC allocation: greedy first come supplies fewer armies than the maximum flow") {
    // Vertices: 0 the exit (capacity 2), 1 and 2 two capacity-1 provinces joined to it, 3 where
    // army A stands (joined to 1 and 2), 4 where army B stands (joined to 1 only).
    test::RailLists graph;
    graph.capacity = {2, 1, 1, 1, 1};
    graph.links = {{1, 2}, {0, 3, 4}, {0, 3}, {1, 2}, {1}};
    graph.exit = {1, 0, 0, 0, 0};
    const std::vector<std::vector<int>> entries = {{3}, {4}};

    const auto greedy = rail::allocate_greedy(test::flat(graph), entries);
    CHECK(greedy[0] == std::vector<int>{3, 1, 0});  // A takes the first shortest route, by 1
    CHECK(greedy[1].empty());                       // B's only route is full

    const auto best = rail::allocate_max_flow(test::flat(graph), entries);
    CHECK(best[0] == std::vector<int>{3, 2, 0});  // A is rerouted by 2
    CHECK(best[1] == std::vector<int>{4, 1, 0});
}

TEST_CASE("LOC allocation: capacities are never exceeded and earlier armies win the last place") {
    // A chain 2 - 1 - 0 (exit) with capacity 1 in the middle: one of three armies gets through.
    test::RailLists graph;
    graph.capacity = {3, 1, 3};
    graph.links = {{1}, {0, 2}, {1}};
    graph.exit = {1, 0, 0};
    const auto routes = rail::allocate_max_flow(test::flat(graph), {{2}, {2}, {1}});
    CHECK(routes[0] == std::vector<int>{2, 1, 0});
    CHECK(routes[1].empty());
    CHECK(routes[2].empty());
    // An army already at the exit needs no rail but the exit's own capacity.
    const auto at_exit = rail::allocate_max_flow(test::flat(graph), {{0}, {0}, {0}, {0}});
    CHECK(at_exit[0] == std::vector<int>{0});
    CHECK(at_exit[2] == std::vector<int>{0});
    CHECK(at_exit[3].empty());
}

TEST_CASE("LOC allocation: provinces are filled (supply Extended) only where they must be") {
    // Two armies at 3 can go by 1 or by 2 (capacity 2 each, full with the second army) to 0.
    test::RailLists graph;
    graph.capacity = {5, 2, 2, 5};
    graph.links = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};
    graph.exit = {1, 0, 0, 0};
    const auto plain = rail::allocate_max_flow(test::flat(graph), {{3}, {3}});
    CHECK(plain[0] == std::vector<int>{3, 1, 0});
    CHECK(plain[1] == std::vector<int>{3, 1, 0});  // 1 is full: both armies Extended
    graph.unfilled = {5, 1, 1, 5};
    const auto spread = rail::allocate_max_flow(test::flat(graph), {{3}, {3}});
    CHECK(spread[0] == std::vector<int>{3, 1, 0});
    CHECK(spread[1] == std::vector<int>{3, 2, 0});  // nothing full
}

TEST_CASE("LOC allocation: a clean line is taken before a shorter one that extends supply") {
    // 4 (the army) reaches the exit 0 by 1 (capacity 1: Extended) in two links, or by 2 and 3
    // (capacity 2, one army: unlimited) in three.
    test::RailLists graph;
    graph.capacity = {3, 1, 2, 2, 2};
    graph.links = {{1, 3}, {0, 4}, {3, 4}, {0, 2}, {1, 2}};
    graph.exit = {1, 0, 0, 0, 0};
    graph.unfilled = {2, 0, 1, 1, 1};
    CHECK(rail::allocate_greedy(test::flat(graph), {{4}})[0] == std::vector<int>{4, 1, 0});
    CHECK(rail::allocate_max_flow(test::flat(graph), {{4}})[0] == std::vector<int>{4, 2, 3, 0});
    // With two armies at 4, one goes each way: 4 is full (both Extended) whatever is chosen, and
    // the maximum (two armies) comes before the clean line.
    const auto two = rail::allocate_max_flow(test::flat(graph), {{4}, {4}});
    CHECK(two[0] == std::vector<int>{4, 1, 0});  // equal cost: the first path found
    CHECK(two[1] == std::vector<int>{4, 2, 3, 0});
}

TEST_CASE("LOC allocation: a link's capacity bounds the lines over it (18.1.2, single track)") {
    // 0 (exit) - 1 - 2, with capacity 5 everywhere; the link 1-2 carries two lines.
    test::RailLists graph;
    graph.capacity = {5, 5, 5};
    graph.links = {{1}, {0, 2}, {1}};
    graph.exit = {1, 0, 0};
    graph.link_capacity = {{5}, {5, 2}, {2}};
    graph.link_unfilled = {{5}, {5, 1}, {1}};
    const auto routes = rail::allocate_max_flow(test::flat(graph), {{2}, {2}, {2}, {1}});
    CHECK(routes[0] == std::vector<int>{2, 1, 0});
    CHECK(routes[1] == std::vector<int>{2, 1, 0});
    CHECK(routes[2].empty());  // the link is full; the lower numbers keep it
    CHECK(routes[3] == std::vector<int>{1, 0});
}

TEST_CASE(
    "initial rail states: held ground joined to the power's source, at the highest capacity") {
    const Variant v = load("tests/variants/rail-test.json");
    const Position pos = starting_position(v);
    CHECK(state(v, pos, "Germany", "KOL") == rail::RailState::Capacity3);
    CHECK(state(v, pos, "Germany", "AAC") ==
          rail::RailState::Exceptional);                                   // the Aachen-Liège line
    CHECK(state(v, pos, "Germany", "MAL") == rail::RailState::Capacity2);  // single track
    CHECK(state(v, pos, "Germany", "TRI") ==
          rail::RailState::Capacity2);  // a source on single track
    CHECK(state(v, pos, "Germany", "LIE") == rail::RailState::NonOperational);  // Belgian ground
    CHECK(state(v, pos, "Belgium", "OOS") == rail::RailState::Capacity3);
    CHECK(state(v, pos, "Belgium", "LIE") == rail::RailState::Exceptional);
    CHECK(state(v, pos, "Belgium", "HAS") == rail::RailState::Capacity2);  // narrow track
    CHECK(state(v, pos, "France", "PAR") == rail::RailState::Capacity3);
    CHECK(state(v, pos, "France", "MAU") == rail::RailState::Capacity3);
    CHECK(state(v, pos, "France", "MON") == rail::RailState::Capacity3);       // an ally's ground
    CHECK(state(v, pos, "France", "AAC") == rail::RailState::NonOperational);  // the enemy's
    CHECK(rail::state(pos).control[v.find_province("MAL")] == v.find_power("Germany"));

    const Variant wf = load("config/variants/western-front-1914.json");
    const Position start = starting_position(wf);
    CHECK(state(wf, start, "Germany", "KOL") == rail::RailState::Capacity3);
    CHECK(state(wf, start, "Germany", "AAC") == rail::RailState::Exceptional);
    CHECK(state(wf, start, "Germany", "LUX") == rail::RailState::Capacity3);
    CHECK(state(wf, start, "Germany", "LIE") == rail::RailState::NonOperational);
    CHECK(state(wf, start, "Belgium", "BRU") == rail::RailState::Exceptional);
    CHECK(state(wf, start, "France", "PAR") == rail::RailState::Capacity3);
    CHECK(state(wf, start, "France", "VER") ==
          rail::RailState::Capacity2);  // single and narrow lines
}

TEST_CASE("position JSON: rail states, control, demolished links and Extended supply round trip") {
    const Variant v = load("tests/variants/rail-test.json");
    const json doc = json::parse(R"({
        "variant": "rail-test", "phase": "1914W33M",
        "units": {"Germany": [{"unit": "A LIE", "id": 1, "points": 500, "supply": 1,
                               "supply_extended": true}]},
        "supply_centers": {"Germany": ["KOL", "AAC", "LIE", "TRI"]},
        "control": {"Germany": ["KOL", "AAC", "MAL", "LIE"], "Belgium": ["HAS"]},
        "rail": {"Germany": {"capacity_3": ["KOL"], "exceptional": ["AAC"],
                             "capacity_2": ["MAL"], "capacity_1": ["LIE"]},
                 "Belgium": {"controlled": ["HAS"]}},
        "demolished": [["AAC", "LIE"]],
        "next_unit_id": 2})");
    const PositionLoad loaded = position_from_json(v, doc);
    REQUIRE(loaded.errors.empty());
    const Position& pos = *loaded.position;
    CHECK(state(v, pos, "Germany", "LIE") == rail::RailState::Capacity1);
    CHECK(state(v, pos, "Belgium", "HAS") == rail::RailState::Controlled);
    CHECK(rail::attributes(pos.units[0].stats).supply_extended);
    CHECK(position_to_json(v, pos) == doc);

    // Documents written before the rail rules still load: nothing is tracked.
    const PositionLoad old = position_from_json(
        v, json::parse(R"({"phase": "1914W32M", "units": {"Germany": ["A KOL"]}})"));
    REQUIRE(old.errors.empty());
    CHECK(rail::state(*old.position).control.empty());
    CHECK(rail::state(*old.position).rail.empty());
}

TEST_CASE("rail capacity: only a variant that gives one makes supply trains spend it") {
    // OCS rail movement's supply points (docs/campaign.md, "Supply by rail"): without
    // `rail_capacity` the trains ride within the LOC capacity alone, as the rail cases' maps
    // expect.
    const Variant without = load("tests/variants/rail-test.json");
    CHECK_FALSE(rail::parameters(without).rail_capacity_given);
    const Variant with = load("config/variants/western-front-1914.json");
    CHECK(rail::parameters(with).rail_capacity_given);
    CHECK(rail::network_rail_capacity(with, with.find_power("Germany")) == 600);
}
