// SPDX-License-Identifier: Apache-2.0
// A phase's record as a power reads it in the fog of war (service/fog.h; docs/fog-of-war.md,
// "Events"): its own entries whole; of another power's, the events its kind lets it read, and
// the orders, results and events only where every province they name stands in its sight; never
// the orders whose content is supply, nor a rule module's reason for another power's failure.
#include <doctest/doctest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "service/fog.h"
#include "service/variants.h"
#include "storage/codec.h"
#include "variant/variant_json.h"
#include "variant_files.h"

using adjutant::service::fog_record;
using adjutant::service::LoadedVariant;
using adjutant::service::Viewer;
using json = nlohmann::json;

namespace {

// The 1914 map with its parser, as the server loads it.
const LoadedVariant& loaded_western_front() {
    static const std::shared_ptr<const LoadedVariant> loaded = [] {
        return adjutant::service::VariantRegistry().add(variant_file_text("western-front-1914"));
    }();
    return *loaded;
}

// Germany at LIE sees LIE, AAC, HAS, LOU, MAL, MAR and NAM: the Belgian army at NAM, not BRU
// (where a Belgian army stands) nor VER.
json position() {
    return json::parse(R"({"variant": "western-front-1914", "phase": "1914W36M",
        "units": {
          "Germany": [{"unit": "A LIE", "id": 1, "points": 600, "supply": 3}],
          "Belgium": [{"unit": "A NAM", "id": 2, "points": 300, "supply": 4},
                      {"unit": "A BRU", "id": 3, "points": 250, "supply": 2}],
          "France": [{"unit": "A VER", "id": 4, "points": 420, "supply": 2}]}})");
}

json event(const char* kind, const char* power, const char* province, const char* text) {
    json e = {{"kind", kind}, {"text", text}};
    if (power != nullptr) e["power"] = power;
    if (province != nullptr) e["province"] = province;
    return e;
}

json texts(const json& list, const char* key) {
    json out = json::array();
    for (const json& entry : list) out.push_back(entry.value(key, ""));
    return out;
}

// fog_record's cut of the stored documents' form, for records written by hand: storage's codec
// reads them as the service reads a phase row, the values are cut, and the codec writes them
// back.
void fog_documents(const LoadedVariant& loaded, const adjutant::Position& before,
                   const Viewer& viewer, json& orders, json& results, json* events) {
    auto seats = adjutant::storage::decode_seats(orders);
    auto report =
        adjutant::storage::decode_report(results).value_or(adjutant::storage::StoredReport{});
    std::vector<adjutant::storage::StoredEvent> phase_events;
    if (events != nullptr) phase_events = adjutant::storage::decode_events(*events);
    fog_record(loaded, before, viewer, seats, report, events != nullptr ? &phase_events : nullptr);
    orders = adjutant::storage::seats_json(seats);
    results = adjutant::storage::report_json(report);
    if (events != nullptr) *events = adjutant::storage::stored_events_json(phase_events);
}

}  // namespace

TEST_CASE("Fog of war: a power reads the events its kind and its sight allow") {
    const LoadedVariant& loaded = loaded_western_front();
    const adjutant::Variant& v = loaded.variant;
    const adjutant::PositionLoad before = adjutant::position_from_json(v, position());
    REQUIRE(before.ok());
    json events = json::array({
        // Its own, though it names provinces far off.
        event("supply.line", "Germany", "LIE", "A LIE draws its supply from KOL (2 roads)"),
        // What the view hides of another power, in sight or not.
        event("loc.line", "Belgium", "NAM", "A NAM's line of communication runs by rail NAM-BRU"),
        event("supply.consumed", "Belgium", "NAM", "A NAM used 1 week of supply; 3 left"),
        event("supply.garrison", "France", "VER", "the garrison of VER drew on its stores"),
        event("general.type_roll", "Belgium", nullptr, "general Michel's type roll is 5"),
        // A kind the table lacks is its power's alone.
        event("no.such_kind", "Belgium", "NAM", "A NAM did something new"),
        // In sight: every province it names.
        event("siege.laying", "Belgium", "NAM", "A NAM is laying siege to NAM: week 1 of 2"),
        event("siege.relief", "Belgium", "NAM",
              "the garrison of NAM stayed in: A BRU made no relieving move into NAM (5n)"),
        event("detachment.moved", "France", "VER", "the French detachment in VER moved to TOU"),
        // Nobody's, in sight and out of it.
        event("tabletop.unfought", nullptr, "NAM", "no battle was fought at NAM"),
        event("tabletop.unfought", nullptr, "VER", "no battle was fought at VER"),
        // The state of the country: everyone's.
        event("control.city", "France", "TRY", "TRY passes to France"),
    });
    // A roll's subject is named too.
    json rolled = event("siege.nerves", "Belgium", "NAM", "the commander keeps his nerve");
    rolled["roll"] = {{"purpose", "nerves"}, {"subject", "BRU"}, {"d10", 4}, {"table", "3-0"}};
    events.push_back(rolled);
    json results = {
        {"orders",
         json::array({{{"power", "Belgium"}, {"order", "A NAM H"}, {"result", "succeeds"}},
                      {{"power", "Belgium"}, {"order", "G NAM S A BRU - NAM"}, {"result", "fails"}},
                      {{"power", "France"}, {"order", "A VER H"}, {"result", "succeeds"}},
                      {{"power", "Germany"}, {"order", "A LIE H"}, {"result", "succeeds"}}})},
        {"dislodged", json::array()},
        {"events", events},
        {"next", position()}};
    json orders =
        json::array({{{"power", "Belgium"}, {"orders", {"A NAM H", "G NAM S A BRU - NAM"}}},
                     {{"power", "Germany"}, {"orders", {"A LIE H"}}}});
    json phase_events = events;
    fog_documents(loaded, *before.position, Viewer{false, "Germany"}, orders, results,
                  &phase_events);

    const json read = {"A LIE draws its supply from KOL (2 roads)",
                       "A NAM is laying siege to NAM: week 1 of 2", "no battle was fought at NAM",
                       "TRY passes to France"};
    CHECK(texts(results["events"], "text") == read);
    CHECK(texts(phase_events, "text") == read);
    CHECK(texts(results["orders"], "order") == json::array({"A NAM H", "A LIE H"}));
    CHECK(orders[0]["orders"] == json::array({"A NAM H"}));
    CHECK(orders[1]["orders"] == json::array({"A LIE H"}));
}

// A dislodgement of another power's names the provinces the unit may retreat to and the one
// its attacker came from: the reader keeps those it sees.
TEST_CASE("Fog of war: another power's dislodgement keeps the provinces in sight") {
    const LoadedVariant& loaded = loaded_western_front();
    const adjutant::Variant& v = loaded.variant;
    const adjutant::PositionLoad before = adjutant::position_from_json(v, position());
    REQUIRE(before.ok());
    json results = {
        {"orders", json::array()},
        {"dislodged",
         json::array(
             {{{"power", "Belgium"},
               {"unit", "A NAM"},
               {"from", "CHR"},
               {"retreats", {"BRU", "DIN", "LOU", "MAR"}}},
              {{"power", "France"}, {"unit", "A VER"}, {"from", "MET"}, {"retreats", {"ARG"}}}})},
        {"next", position()}};
    json orders = json::array();
    fog_documents(loaded, *before.position, Viewer{false, "Germany"}, orders, results, nullptr);
    REQUIRE(results["dislodged"].size() == 1);
    CHECK(results["dislodged"][0] == json::parse(R"({"power": "Belgium", "unit": "A NAM",
                                                     "retreats": ["LOU", "MAR"]})"));
}

// A train's orders and a garrison's rations tell what the view hides (docs/fog-of-war.md,
// "Orders that carry supply"): another power's are never read, though every province they name
// stands in sight. Its other orders in sight are read, and fail for the resolver's reasons only
// ("Reasons").
TEST_CASE("Fog of war: another power's supply orders and module reasons are its own") {
    const LoadedVariant& loaded = loaded_western_front();
    const adjutant::Variant& v = loaded.variant;
    const adjutant::PositionLoad before = adjutant::position_from_json(v, position());
    REQUIRE(before.ok());
    auto result = [](const char* power, const char* order, const char* reason) {
        json r = {{"power", power}, {"order", order}, {"result", reason ? "fails" : "succeeds"}};
        if (reason != nullptr) r["reason"] = reason;
        return r;
    };
    const char* const rail = "over the power's rail capacity this turn: the unit holds";
    json results = {
        {"orders", json::array({result("Belgium", "T LOU SUPPLY A NAM EVERY WEEK", nullptr),
                                result("Belgium", "T LOU SUPPLY A NAM", "not carried out"),
                                result("Belgium", "BUY 1 T LOU", nullptr),
                                result("Belgium", "G NAM HALF RATIONS", nullptr),
                                result("Belgium", "A NAM - RAIL - LIE", rail),
                                result("Belgium", "A NAM H", "dislodged"),
                                result("Germany", "T AAC SUPPLY A LIE", nullptr),
                                result("Germany", "A LIE - RAIL - NAM", rail)})},
        {"dislodged", json::array()},
        {"next", position()}};
    json orders = json::array(
        {{{"power", "Belgium"},
          {"orders",
           {"T LOU SUPPLY A NAM EVERY WEEK", "BUY 1 T LOU", "G NAM HALF RATIONS",
            "A NAM - RAIL - LIE"}}},
         {{"power", "Germany"}, {"orders", {"T AAC SUPPLY A LIE", "A LIE - RAIL - NAM"}}}});
    fog_documents(loaded, *before.position, Viewer{false, "Germany"}, orders, results, nullptr);
    CHECK(orders[0]["orders"] == json::array({"A NAM - RAIL - LIE"}));
    CHECK(orders[1]["orders"] == json::array({"T AAC SUPPLY A LIE", "A LIE - RAIL - NAM"}));
    CHECK(results["orders"] ==
          json::array({result("Belgium", "A NAM - RAIL - LIE", "not carried out"),
                       result("Belgium", "A NAM H", "dislodged"),
                       result("Germany", "T AAC SUPPLY A LIE", nullptr),
                       result("Germany", "A LIE - RAIL - NAM", rail)}));
}

// An order's explanation names the units that decided its result (docs/fog-of-war.md,
// "Explanations"): the reader's own explanation too keeps only those it sees. Belgium's army at
// BRU, out of Germany's sight, supports NAM against the German attack.
TEST_CASE("Fog of war: an explanation names only the units the reader sees") {
    const LoadedVariant& loaded = loaded_western_front();
    const adjutant::Variant& v = loaded.variant;
    json start = position();
    start["units"]["Germany"][0]["points"] = 500;
    const adjutant::PositionLoad before = adjutant::position_from_json(v, start);
    REQUIRE(before.ok());
    adjutant::ParsedOrders parsed;
    loaded.parser().parse_onto(parsed, *before.position, "A LIE - NAM\n", v.find_power("Germany"));
    loaded.parser().parse_onto(parsed, *before.position, "A BRU S A NAM\n",
                               v.find_power("Belgium"));
    REQUIRE(parsed.orders.size() == 2);
    const adjutant::Adjudication adjudication =
        adjutant::adjudicate(v, *before.position, parsed.orders);
    json results = adjutant::storage::adjudication_json(v, parsed, adjudication);
    auto explanation_of = [](const json& report, const char* order) {
        for (const json& entry : report["orders"])
            if (entry.value("order", "") == order) return entry.value("explanation", json());
        return json();
    };
    // The whole record (the GM's) names the supporter.
    const std::string whole = explanation_of(results, "A LIE - NAM").value("text", "");
    CHECK(whole ==
          "A LIE - NAM failed: attack 500 (own 500) against hold 550 of A NAM (own 300; supported "
          "by A BRU).");

    json orders = json::array();
    fog_documents(loaded, *before.position, Viewer{false, "Germany"}, orders, results, nullptr);
    const json cut = explanation_of(results, "A LIE - NAM");
    CHECK(cut.value("text", "") ==
          "A LIE - NAM failed: attack 500 (own 500) against hold 550 of A NAM (own 300; supported "
          "by a unit you cannot see).");
    // Nowhere in the orders' entries Germany reads: not the supporter, nor its support's order.
    CHECK(results["orders"].dump().find("BRU") == std::string::npos);
    CHECK(cut["strengths"][1]["supports"][0] ==
          json({{"power", ""}, {"unit", ""}, {"count", "counted"}}));
}
