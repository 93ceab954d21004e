// SPDX-License-Identifier: Apache-2.0
// The week's summary (service/week_summary.h, as the API writes it: http/json_views.h): what it
// says about supply, sieges and rail, and that a player's summary holds only that player's power
// and the sieges of its fortresses.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "adjudicate.h"
#include "http/json_views.h"
#include "orders/parser.h"
#include "report/adjudication_json.h"
#include "service/week_summary.h"
#include "starting_position.h"
#include "storage/codec.h"
#include "variant/variant_json.h"

using adjutant::service::summarize_week;
using adjutant::service::week_summary_text;
using json = nlohmann::json;

namespace {

// Results as a phase row stores them, read back by storage's codec as the service reads them.
adjutant::storage::StoredReport stored(const json& results) {
    auto report = adjutant::storage::read_report(results.dump());
    REQUIRE(report);
    return *report;
}

// The summary of stored results as the API sends it.
json week_summary(const adjutant::Variant& variant, const json& results,
                  std::string_view power = {}) {
    return adjutant::http::week_summary_json(variant,
                                             summarize_week(variant, stored(results), power));
}

const adjutant::Variant& western_front() {
    static const adjutant::VariantLoad load = [] {
        std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) +
                         "/config/variants/western-front-1914.json");
        std::stringstream text;
        text << in.rdbuf();
        return adjutant::load_variant(text.str());
    }();
    REQUIRE(load.variant);
    return *load.variant;
}

// A week's report as the adjudicator writes it, cut to what the summary reads.
json report() {
    return json::parse(R"json({
      "phase": "1914W35M",
      "events": [
        {"kind": "supply.cut", "power": "Germany", "province": "CHR",
         "text": "A CHR's supply line is cut: no road to a friendly base"},
        {"kind": "supply.attrition", "power": "Germany", "province": "CHR",
         "text": "A CHR is out of supply: loses 45 points (10%), 405 left"},
        {"kind": "supply.attrition", "power": "Germany", "province": "MNS",
         "text": "A MNS is out of supply: loses 25 points (10%), 225 left"},
        {"kind": "loc.extended", "power": "Germany", "province": "NAM",
         "text": "A NAM's line of communication runs by rail NAM-LIE; its supply is Extended: capacity 1"},
        {"kind": "rail.ride", "power": "Germany", "province": "TRI",
         "text": "A TRI rides TRI-SAA for 113 of Germany's rail capacity (600 available, 487 left)"},
        {"kind": "rail.over_capacity", "power": "Germany", "province": "KOL",
         "text": "A KOL cannot ride to LIE: it costs 750 of Germany's rail capacity and only 487 is left; it holds"},
        {"kind": "siege.fell", "power": "Germany", "province": "LGW",
         "text": "LGW falls to A LGW"},
        {"kind": "supply.attrition", "power": "Germany", "province": "SAA",
         "text": "A SAA is out of supply: loses 31 points (10%), 279 left"},
        {"kind": "supply.attrition", "power": "France", "province": "MEZ",
         "text": "A MEZ is out of supply: loses 63 points (10%), 567 left"}
      ],
      "next": {
        "phase": "1914W36M",
        "units": {
          "Germany": [
            {"unit": "A CHR", "id": 1, "points": 405},
            {"unit": "A MNS", "id": 2, "points": 225, "supply_line": ["MNS", "CHR", "NAM", "LIE"]},
            {"unit": "A NAM", "id": 3, "points": 600, "supply": 1, "supply_extended": true,
             "supply_line": ["NAM", "LIE"]},
            {"unit": "A LIE", "id": 4, "points": 250, "supply": 2, "supply_line": ["LIE"]},
            {"unit": "A ANT", "id": 5, "points": 500, "supply_line": ["ANT", "MEC", "LIE"]},
            {"unit": "A SAA", "id": 6, "points": 279, "supply_line": ["SAA"]}],
          "France": [{"unit": "A MEZ", "id": 9, "points": 567}]},
        "trains": {"Germany": [{"at": "MEC", "base": "LIE", "target": 5},
                               {"at": "SAA", "count": 2}]},
        "garrisons": {"Belgium": [{"province": "ANT", "points": 180}],
                      "France": [{"province": "MAU", "points": 90}]},
        "sieges": {"Germany": [{"province": "MAU", "army": 7, "weeks": 2, "breach_weeks": 2,
                                "breach_needed": 4, "assaults": 1},
                               {"province": "ANT", "army": 5, "weeks": 1}]}
      }
    })json");
}

const json* group(const json& summary, const std::string& power) {
    for (const auto& g : summary["powers"])
        if (g["power"] == power) return &g;
    return nullptr;
}

}  // namespace

TEST_CASE("the GM's summary groups supply, sieges and rail by power, with the reasons") {
    const json summary = week_summary(western_front(), report());
    CHECK(summary["phase"] == "1914W35M");
    CHECK(summary["powers"].size() == 4);
    const json* germany = group(summary, "Germany");
    REQUIRE(germany);
    CHECK((*germany)["armies"] == 6);
    CHECK((*germany)["supplied"] == 2);
    const auto& starving = (*germany)["out_of_supply"];
    REQUIRE(starving.size() == 3);
    // A train stood idle in its base: the player's move, not the treasury's.
    CHECK(starving[2]["why"] == "no train was sent (2 idle in SAA); it stands in its base");
    CHECK(starving[2]["loss"] == "A SAA is out of supply: loses 31 points (10%), 279 left");
    CHECK(starving[0]["unit"] == "A CHR");
    CHECK(starving[0]["why"] == "its supply line is cut: no road to a friendly base");
    CHECK(starving[1]["unit"] == "A MNS");
    CHECK(starving[1]["why"] == "no train in LIE to send; its line runs to LIE (3 roads)");
    // A ANT used its last week and starves next week unless the train on its way arrives.
    REQUIRE((*germany)["no_supply_left"].size() == 1);
    CHECK((*germany)["no_supply_left"][0]["why"] == "a train from LIE is on its way (now at MEC)");
    REQUIRE((*germany)["extended"].size() == 1);
    CHECK((*germany)["extended"][0]["unit"] == "A NAM");
    const auto& sieges = (*germany)["sieges"];
    // The sieges under way in the order the position lists them (by province), then those ended.
    REQUIRE(sieges.size() == 3);
    CHECK(sieges[0]["stage"] == "breaching the outer defences, 2 of 4 weeks, 1 assault");
    CHECK(sieges[1] == json{{"fortress", "ANT"},
                            {"besieger", "Germany"},
                            {"garrison", "Belgium"},
                            {"stage", "laying siege, week 1 of 2"}});
    CHECK(sieges[2]["stage"] == "LGW falls to A LGW");
    CHECK((*germany)["rail"] ==
          json{{"capacity", 600}, {"used", 113}, {"rides", 1}, {"refused", 1}});
    const json* france = group(summary, "France");
    REQUIRE(france);
    CHECK((*france)["out_of_supply"][0]["why"] == "no supply line to a friendly base");

    const std::string text =
        week_summary_text(western_front(), summarize_week(western_front(), stored(report())));
    CHECK(
        text.find("Germany: 2 of 6 armies supplied; rail 113 of 600 used (1 rides, 1 refused)\n") !=
        std::string::npos);
    CHECK(text.find("  out of supply: A CHR: its supply line is cut") != std::string::npos);
    CHECK(text.find("  siege of MAU (France): breaching the outer defences") != std::string::npos);
}

TEST_CASE("a player's summary holds only its own power and the sieges of its fortresses") {
    const json france = week_summary(western_front(), report(), "France");
    REQUIRE(france["powers"].size() == 1);
    const json& own = france["powers"][0];
    CHECK(own["power"] == "France");
    REQUIRE(own["besieged"].size() == 1);
    CHECK(own["besieged"][0]["fortress"] == "MAU");
    CHECK(own["besieged"][0]["besieger"] == "Germany");
    // Nothing of Germany's supply or rail reaches France.
    const std::string text = week_summary_text(
        western_front(), summarize_week(western_front(), stored(report()), "France"));
    CHECK(text.find("CHR") == std::string::npos);
    CHECK(text.find("rail 0 of 500") != std::string::npos);
    CHECK(text.find("113") == std::string::npos);
    CHECK(text.find("besieged by Germany: MAU") != std::string::npos);

    const json belgium = week_summary(western_front(), report(), "Belgium");
    CHECK(belgium["powers"][0]["besieged"][0]["fortress"] == "ANT");
    CHECK(belgium["powers"][0]["besieged"].size() == 1);
}

TEST_CASE("the summary reads the rail cost from the adjudicator's own event text") {
    // Pins the format the summary parses: a real week with a real ride.
    const adjutant::Variant& v = western_front();
    const adjutant::Position start = adjutant::starting_position(v);
    const auto parsed = adjutant::parse_orders(v, start, "Germany: A TRI - RAIL - SAA");
    const auto adjudication = adjutant::adjudicate(v, start, parsed.orders, 1);
    const json results = adjutant::adjudication_to_json(v, parsed, adjudication);
    const json summary = week_summary(v, results, "Germany");
    REQUIRE(summary["powers"].size() == 1);
    CHECK(summary["powers"][0]["rail"]["rides"] == 1);
    CHECK(summary["powers"][0]["rail"]["used"] == 113);
    CHECK(summary["powers"][0]["armies"] == 8);
}

TEST_CASE("a classic game has no summary") {
    const json results = {{"phase", "S1901M"}, {"next", {{"phase", "F1901M"}}}};
    adjutant::Variant classic;
    CHECK(week_summary(classic, results)["powers"].empty());
    CHECK(week_summary_text(classic, summarize_week(classic, stored(results))).empty());
}
