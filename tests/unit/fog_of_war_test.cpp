// SPDX-License-Identifier: Apache-2.0
// Fog of war (Lone Warrior 4a; docs/fog-of-war.md): what a power's view of a position keeps. The
// sight is its occupied provinces and their neighbours; the view keeps its own everything and
// of the others what stands in its sight, less their private attributes; it is a position that
// loads, checks and writes back unchanged. The server's use of the views is tested through
// the server (tests/integration/test_fog_of_war.py).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "report/event_readers.h"
#include "rules_case.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

// The 1914 map with the fog on, whatever its file says.
const Variant& fogged_1914() {
    static const Variant variant = [] {
        json doc = json::parse(read_text_file(std::string(ADJUTANT_SOURCE_DIR) +
                                              "/config/variants/western-front-1914.json"));
        doc["rules"]["fog_of_war"] = json::object();
        VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        return *load.variant;
    }();
    return variant;
}

// Germany at LIE, its line back to KOL; Belgium beside it at NAM (seen) and two provinces off
// at DIN (not seen), the DIN army's line passing through LIE; France far off at PAR.
const char* const kPosition = R"({"variant": "western-front-1914", "phase": "1914W36M",
    "units": {
      "Germany": [{"unit": "A LIE", "id": 1, "points": 600, "supply": 3, "general": "von Emmich",
                   "general_roll": 7, "supply_line": ["LIE", "AAC", "KOL"]}],
      "Belgium": [{"unit": "A NAM", "id": 2, "points": 300, "supply": 4, "general": "Michel",
                   "general_roll": 5, "supply_line": ["NAM", "BRU"]},
                  {"unit": "A DIN", "id": 3, "points": 200, "supply": 1,
                   "supply_line": ["DIN", "NAM", "LIE", "HAS", "BRU"]}],
      "France": [{"unit": "A PAR", "id": 4, "points": 500, "supply": 2}]},
    "garrisons": {
      "Germany": [{"province": "KOL", "points": 100, "stores": 26}],
      "Belgium": [{"province": "NAM", "points": 90, "stores": 16, "general": "Leman",
                   "general_roll": 4},
                  {"province": "ANT", "points": 180, "stores": 26}]},
    "trains": {"Germany": [{"at": "AAC", "base": "KOL", "target": 1}],
               "Belgium": [{"at": "HAS", "base": "BRU", "target": 3}, {"at": "BRU"}]},
    "treasury": {"Germany": 50, "France": 30, "Belgium": 20, "Britain": 10},
    "field_works": {"Belgium": [{"province": "NAM", "army": 2}],
                    "France": [{"province": "PAR", "army": 4}]}})";

Position load(const Variant& v, const json& document) {
    PositionLoad loaded = position_from_json(v, document);
    std::string errors;
    for (const std::string& e : loaded.errors) errors += e + "\n";
    INFO(errors);
    REQUIRE(loaded.ok());
    return *loaded.position;
}

json view_of(const Variant& v, const Position& position, const char* power) {
    const auto sight = sight_of(v, position, power ? v.find_power(power) : kNoPower);
    REQUIRE(sight.has_value());
    return seen_position_json(v, position, *sight);
}

}  // namespace

TEST_CASE("Fog of war: a variant without the module hides nothing") {
    const Variant& v = variant_named("standard");
    CHECK_FALSE(hides_positions(v));
    CHECK_FALSE(sight_of(v, Position{}, 0).has_value());
    CHECK(hides_positions(fogged_1914()));
}

TEST_CASE("Fog of war: a power sees the provinces it occupies and their neighbours") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(kPosition));
    const auto sight = sight_of(v, position, v.find_power("Germany"));
    REQUIRE(sight.has_value());
    auto sees = [&](const char* p) { return sight->sees(v.find_province(p)); };
    for (const char* p : {"LIE", "AAC", "HAS", "LOU", "MAL", "MAR", "NAM"}) CHECK(sees(p));
    CHECK(sees("KOL"));  // its garrison's city
    CHECK(sight->occupies(v.find_province("KOL")));
    for (const char* p : {"DIN", "BRU", "PAR", "ANT", "CHR"}) CHECK_FALSE(sees(p));
}

TEST_CASE("Fog of war: a power's view keeps its own and what it sees of the others") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(kPosition));
    const json view = view_of(v, position, "Germany");
    INFO(view.dump(1));
    // Its own army whole; the Belgian beside it without its supply, line or general's roll.
    CHECK(view["units"]["Germany"] == json::parse(kPosition)["units"]["Germany"]);
    REQUIRE(view["units"]["Belgium"].size() == 1);
    CHECK(view["units"]["Belgium"][0] ==
          json::parse(R"({"unit": "A NAM", "id": 2, "points": 300, "general": "Michel"})"));
    CHECK_FALSE(view["units"].contains("France"));
    // The hidden army's line where it passes through the German army's sight (4a).
    CHECK(view["supply_lines_seen"] == json::parse(R"({"Belgium": [["NAM", "LIE", "HAS"]]})"));
    // The garrison beside it without its stores and roll; the far one not at all.
    CHECK(view["garrisons"]["Belgium"] ==
          json::parse(R"([{"province": "NAM", "points": 90, "general": "Leman"}])"));
    CHECK(view["garrisons"]["Germany"] == json::parse(kPosition)["garrisons"]["Germany"]);
    // The train it sees keeps its place only: not the army it is bound for, nor its city.
    CHECK(view["trains"]["Belgium"] == json::parse(R"([{"at": "HAS"}])"));
    CHECK(view["trains"]["Germany"] == json::parse(kPosition)["trains"]["Germany"]);
    CHECK(view["treasury"] == json::parse(R"({"Germany": 50})"));
    CHECK(view["field_works"] == json::parse(R"({"Belgium": [{"province": "NAM", "army": 2}]})"));
}

TEST_CASE("Fog of war: the public's view shows nobody's pieces") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(kPosition));
    const json view = view_of(v, position, nullptr);
    INFO(view.dump(1));
    for (const char* key :
         {"units", "garrisons", "trains", "treasury", "field_works", "supply_lines_seen"})
        CHECK((!view.contains(key) || view[key].empty()));
    CHECK(view["supply_centers"] == position_to_json(v, position)["supply_centers"]);
}

// The view's document lists the treasury of the viewer only; read back, the others' are 0, which
// its view leaves out again: the view of a view is the view.
TEST_CASE("Fog of war: every view is a position that loads, checks and views as itself") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(kPosition));
    for (const char* name : {"Germany", "Belgium", "France", "Britain"}) {
        CAPTURE(std::string(name));
        const json view = view_of(v, position, name);
        const Position back = load(v, view);
        CHECK(position_is_ok(v, back) == "");
        const auto sight = sight_of(v, back, v.find_power(name));
        REQUIRE(sight.has_value());
        CHECK(seen_position_json(v, back, *sight) == view);
    }
}

namespace {

// A retreat phase: a French army at NAN dislodged by the German army from MOR, with its
// general's type roll made in the battle and its line back to TOU. A British army at MET sees
// NAN and MOR, but none of the provinces the French army may retreat to.
const char* const kRetreat = R"({"variant": "western-front-1914", "phase": "1914W32R",
    "units": {
      "Germany": [{"unit": "A NAN", "id": 1, "points": 550, "supply": 2, "general": "Rupprecht",
                   "general_roll": 6, "supply_line": ["NAN", "MOR", "SAA"]}],
      "Britain": [{"unit": "A MET", "id": 3, "points": 250, "supply": 2}]},
    "dislodged": {
      "France": [{"unit": "A NAN", "id": 2, "points": 500, "supply": 2, "general": "de Castelnau",
                  "general_roll": 8, "supply_line": ["NAN", "TOU"], "supply_extended": true,
                  "from": "MOR", "retreats": ["EPI", "LUN", "TOU"]}]}})";

}  // namespace

// 1914W37R: France's dislodged A NAN showed its general's roll and its line to Germany. A
// dislodged unit keeps what a standing one keeps, and loses what a standing one loses.
TEST_CASE("Fog of war: another power's dislodged unit shows as its standing units do") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(kRetreat));
    const json view = view_of(v, position, "Germany");
    INFO(view.dump(1));
    REQUIRE(view["dislodged"]["France"].size() == 1);
    const json& french = view["dislodged"]["France"][0];
    CHECK(french["unit"] == "A NAN");
    CHECK(french["points"] == 500);
    CHECK(french["general"] == "de Castelnau");
    for (const char* hidden : {"general_roll", "supply", "supply_line", "supply_extended"})
        CHECK_MESSAGE(!french.contains(hidden), hidden);
    // Germany stands beside every province it may retreat to; Britain beside none of them.
    CHECK(french["retreats"] ==
          position_to_json(v, position)["dislodged"]["France"][0]["retreats"]);
    CHECK(french["from"] == "MOR");
    const json british = view_of(v, position, "Britain");
    INFO(british.dump(1));
    REQUIRE(british["dislodged"]["France"].size() == 1);
    CHECK(british["dislodged"]["France"][0]["retreats"] == json::array());
    CHECK(british["dislodged"]["France"][0]["from"] == "MOR");
    // France reads its own unit whole.
    CHECK(view_of(v, position, "France")["dislodged"] ==
          position_to_json(v, position)["dislodged"]);
    // The view is still a position that views as itself.
    for (const json* seen : {&view, &british}) {
        const Position back = load(v, *seen);
        CHECK(position_is_ok(v, back) == "");
        const PowerId viewer = v.find_power(seen == &view ? "Germany" : "Britain");
        CHECK(seen_position_json(v, back, *sight_of(v, back, viewer)) == *seen);
    }
}

// Lone Warrior 4a: "When an army enters a hex which is an enemy supply line hex ... then that army
// must be told of the existence of the supply line." The Belgian army at GIV draws its supply
// from BRU through DIN and CHR; the German army at NAM enters CHR. Its line is traced again
// round the German army, by NAM, so no view ever lists it to Germany: the week's events tell
// Germany of the line as it ran when its army entered, as far as Germany sees it.
TEST_CASE("Fog of war: an army that enters an enemy supply line is told of it (4a)") {
    const Variant& v = fogged_1914();
    const Position position = load(v, json::parse(R"({"variant": "western-front-1914",
        "phase": "1914W33M",
        "units": {
          "Germany": [{"unit": "A NAM", "id": 1, "points": 600, "supply": 2}],
          "Belgium": [{"unit": "A GIV", "id": 2, "points": 250, "supply": 2,
                       "supply_line": ["GIV", "DIN", "CHR", "BRU"]}]},
        "supply_centers": {"Belgium": ["BRU"], "Germany": ["KOL"]}})"));
    const ParsedOrders parsed = parse_orders(v, position, "Germany: A NAM - CHR\nBelgium: A GIV H");
    REQUIRE(parsed.orders.size() == 2);
    Adjudicator adjudicator;
    const Adjudication result = adjudicator.run(v, position, parsed.orders, 4);
    std::string log;
    for (const Event& e : result.events) log += "\n  " + e.kind + ": " + e.text;
    INFO(log);
    // The line runs round the German army now.
    const Unit* belgian = result.next.unit_at(v.find_province("GIV"));
    REQUIRE(belgian != nullptr);
    REQUIRE(!belgian->stats.supply_line.empty());
    for (ProvinceId p : belgian->stats.supply_line) CHECK(v.provinces[p].abbr != "CHR");
    CHECK_FALSE(view_of(v, result.next, "Germany").contains("supply_lines_seen"));
    // Germany is told of the line it entered, the part of it within its sight: GIV is not.
    int told = 0;
    for (const Event& e : result.events) {
        if (e.kind != "supply.enemy_line") continue;
        ++told;
        CHECK(e.power == v.find_power("Germany"));
        CHECK(e.province == v.find_province("CHR"));
        CHECK(e.text ==
              "A CHR entered a supply line of Belgium: DIN-CHR-BRU, as far as Germany "
              "sees it (4a)");
    }
    CHECK(told == 1);
    CHECK(event_readers("supply.enemy_line") == EventReaders::Owner);
}

// Every kind of event the rules cases write has a row in the table of readers
// (report/event_readers.h): a kind that had none would be read by its power alone, which is
// safe, but its row says what the kind tells and who may know it.
TEST_CASE("Fog of war: every event kind the rules write has its readers") {
    std::set<std::string> kinds;
    for (const char* suite : rules_case_suites()) {
        for (const std::string& file : rules_case_files(suite)) {
            std::vector<std::string> errors;
            for (const RulesCase& c : parse_rules_cases(read_text_file(file), file, errors)) {
                std::vector<std::string> reports;
                run_rules_case(variant_named(c.variant), c, &reports);
                for (const std::string& report : reports) {
                    const json document = json::parse(report);
                    for (const json& e : document.value("events", json::array()))
                        kinds.insert(e.value("kind", ""));
                }
            }
        }
    }
    CHECK(kinds.size() > 80);
    for (const std::string& kind : kinds) CHECK_MESSAGE(event_readers(kind).has_value(), kind);
}

// "Only what it carries and for whom is hidden": a train of another power in sight shows where
// it stands, though the army it is bound for stands in sight too, and not whence it came nor
// that it turns back.
TEST_CASE("Fog of war: another power's train shows where it stands, not whom it supplies") {
    const Variant& v = fogged_1914();
    json document = json::parse(kPosition);
    document["trains"]["Belgium"] = json::parse(R"([{"at": "HAS", "base": "BRU", "target": 2},
                        {"at": "MAL", "base": "BRU", "target": 2, "returning": true}])");
    const Position position = load(v, document);
    const json view = view_of(v, position, "Germany");
    INFO(view.dump(1));
    REQUIRE(view["units"]["Belgium"].size() == 1);
    CHECK(view["units"]["Belgium"][0]["id"] == 2);  // the army the trains are bound for
    std::set<std::string> trains;
    for (const json& train : view["trains"]["Belgium"]) trains.insert(train.dump());
    CHECK(trains == std::set<std::string>{R"({"at":"HAS"})", R"({"at":"MAL"})"});
    // Its own trains whole; Belgium's own view of them whole.
    CHECK(view["trains"]["Germany"] == document["trains"]["Germany"]);
    CHECK(view_of(v, position, "Belgium")["trains"]["Belgium"].size() == 2);
}

// The orders whose content is supply are their power's alone in the server's records
// (docs/fog-of-war.md, "Orders that carry supply"): the parser tells them by their kind.
TEST_CASE("Fog of war: the parser tells the orders whose content is supply") {
    const OrderParser parser(fogged_1914());
    for (const char* order : {"T LIE SUPPLY A LOU", "T LIE SUPPLY A LOU EVERY WEEK",
                              "T LIE SUPPLY A LOU STOP", "BUY 2 T PAR", "CAPTURE TRAINS",
                              "DESTROY TRAINS", "BUY FLOTILLA NAM", "G NAM HALF RATIONS"})
        CHECK_MESSAGE(parser.is_supply_order(order), order);
    for (const char* order :
         {"A LIE H", "A LIE - LOU", "A LIE S A LOU - NAM", "G NAM S A LOU - NAM", "A NAM BESIEGE",
          "G NAM SORTIE", "A KOL - RAIL - LIE", "BUY D PAR", "WAIVE", "", "T LIE", "SUPPLY"})
        CHECK_FALSE_MESSAGE(parser.is_supply_order(order), order);
}

// Another power's failed order gives the resolver's reasons, which tell what the board shows;
// a rule module's words read "not carried out" (docs/fog-of-war.md, "Reasons").
TEST_CASE("Fog of war: another power's failed order gives the resolver's reasons only") {
    for (const char* reason : {"bounced", "support cut", "dislodged", "no convoy route",
                               "stopped short of its destination"})
        CHECK(others_reason(reason) == reason);
    for (const char* reason :
         {"over the power's rail capacity this turn: the unit holds",
          "over the power's rail capacity this turn: the train waits",
          "the treasury no longer holds its points", "not carried out: the week's events say why",
          "the detachment met the enemy and did not enter (4f)"})
        CHECK(others_reason(reason) == kNotCarriedOut);
}
