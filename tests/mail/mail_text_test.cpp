// SPDX-License-Identifier: Apache-2.0
// The mail renderings of campaign games: a player by mail must read what a player by web reads,
// including unit strengths, garrisons and every event with its die roll (docs/mail.md).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "service/game_document.h"
#include "service/mail_text.h"
#include "service/results_decode.h"
#include "service/variants.h"
#include "storage/codec.h"
#include "variant/variant_json.h"

using adjutant::service::decode_phase_report;
using adjutant::service::game_standing;
using adjutant::service::phase_entries;
using adjutant::service::mail_text::results;
using adjutant::service::mail_text::status;
using adjutant::service::mail_text::welcome;

namespace {

// A variant of config/variants, as the server loads it.
adjutant::VariantLoad variant_file(const std::string& name) {
    std::ifstream in(std::string(ADJUTANT_VARIANTS) + "/" + name + ".json", std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "missing variant " << name);
    std::stringstream text;
    text << in.rdbuf();
    adjutant::VariantLoad load = adjutant::load_variant(text.str());
    REQUIRE(load.ok());
    return load;
}

// The variant `name` of config/variants, loaded as the server loads it, with its rule modules.
std::shared_ptr<const adjutant::service::LoadedVariant> loaded_variant(const std::string& name) {
    adjutant::service::VariantRegistry registry;
    registry.load_directory(ADJUTANT_VARIANTS);
    auto loaded = registry.find(name);
    REQUIRE_MESSAGE(loaded, "missing variant " << name);
    return loaded;
}

// A game document as the service makes it for a reader outside the fog, its position read
// from the position document `position` (its phase is the game's) as storage reads a phase
// row's.
adjutant::service::GameDocument game_document(const std::string& variant, std::int64_t id,
                                              const std::string& phase, adjutant::GameStatus status,
                                              std::optional<std::int64_t> deadline,
                                              const std::string& position) {
    adjutant::service::GameDocument game;
    game.id = id;
    game.variant = variant;
    game.phase = phase;
    game.status = status;
    game.deadline = deadline;
    game.loaded_variant = loaded_variant(variant);
    auto document = nlohmann::json::parse(position);
    document["phase"] = phase;
    auto stored = adjutant::storage::read_position(game.loaded_variant->variant, document.dump());
    REQUIRE_MESSAGE(stored.position, stored.problem);
    game.position = *stored.position;
    return game;
}

adjutant::service::SeatView seat(const std::string& power, int centers, bool needs_orders) {
    adjutant::service::SeatView out;
    out.power = power;
    out.centers = centers;
    out.needs_orders = needs_orders;
    return out;
}

}  // namespace

TEST_CASE("mail: a campaign status shows units with their strength, and garrisons") {
    auto game = game_document("western-front-1914", 3, "1914W34M", adjutant::GameStatus::active,
                              std::nullopt, R"json({
        "units": {"Germany": [{"unit": "A LIE", "points": 250, "supply": 2}, "A KOL"]},
        "garrisons": {"Belgium": [{"province": "LIE", "points": 100}]},
        "sieges": {"Germany": [{"province": "LIE", "weeks": 1}]}})json");
    game.name = "1914";
    game.seats = {seat("Germany", 7, true), seat("Belgium", 9, false)};
    const std::string text = status(game_standing(game));
    CHECK(
        text.find("Germany (7 centres, to order): A LIE (250 points, 2 weeks' supply), A KOL\n") !=
        std::string::npos);
    CHECK(text.find("Belgium (9 centres): no units; garrisons: G LIE (100 points)\n") !=
          std::string::npos);
    CHECK(text.find("Sieges: Germany besieges LIE (laying, week 1 of 2)\n") != std::string::npos);
    // Phases are named as people say them; the code stays in the API.
    CHECK(text.find("Phase: 1914, week 34, status active") != std::string::npos);
    CHECK(text.find("1914W34M") == std::string::npos);
}

TEST_CASE("mail: a campaign status names each active general by rank, with his command") {
    // Lone Warrior 4g: "Each active general's location must be specified".
    auto game = game_document("western-front-1914", 3, "1914W34R", adjutant::GameStatus::active,
                              std::nullopt, R"json({
        "units": {"Germany": [{"unit": "A LIE", "points": 250, "general": "von Emmich"}]},
        "garrisons": {"Germany": [{"province": "KOL", "points": 100, "general": "von Zwehl"}]},
        "dislodged": {"Germany": [{"unit": "A MAL", "general": "von Bülow",
                                   "retreats": ["EIF"]}]},
        "generals": {"Germany": {"pool": [{"name": "von Zwehl", "active": true},
                                          {"name": "von Emmich", "active": true},
                                          {"name": "von Bülow", "active": true},
                                          {"name": "von Kluck", "active": true},
                                          {"name": "von Gallwitz"}]}}})json");
    game.name = "1914";
    game.seats = {seat("Germany", 7, false), seat("France", 9, false)};
    const std::string text = status(game_standing(game));
    CHECK(text.find("  generals: G1 von Zwehl (G KOL), G2 von Emmich (A LIE), G3 von Bülow "
                    "(A MAL), G4 von Kluck (lost, to be replaced); 1 waiting in the pool\n") !=
          std::string::npos);
    // A power without a pool has no line of generals.
    const auto france = text.find("France (9 centres): no units\n");
    REQUIRE(france != std::string::npos);
    CHECK(text.find("generals", france) == std::string::npos);
}

TEST_CASE("mail: the welcome gives the phase, the deadline, the seat's units and its web page") {
    auto game = game_document("standard", 12, "S1901M", adjutant::GameStatus::active, 1767268800,
                              R"json({
        "units": {"France": ["F BRE", "A MAR", "A PAR"], "England": ["F LON"]}})json");
    CHECK(welcome(game_standing(game), "France", "https://judge.example") ==
          "Phase: Spring 1901 movement\n"
          "Deadline: 2026-01-01 12:00 UTC\n"
          "Your units: F BRE, A MAR, A PAR\n"
          "On the web: https://judge.example/#/game/12\n"
          "  (sign in there with the seat token you got when you joined, or from the GM)\n");
    auto forming = game;
    forming.status = adjutant::GameStatus::forming;
    forming.deadline = std::nullopt;
    // Before the start there is no deadline to promise: the seat is mailed at the start.
    CHECK(welcome(game_standing(forming), "Italy", "http://h")
              .find("Phase: Spring 1901 movement (the game has not started yet)\nDeadline: set "
                    "when the game starts (you will be mailed then)\nYour units: none\n") == 0);
}

TEST_CASE("mail: results list the events with their die rolls") {
    const auto report = *adjutant::storage::read_report(R"json({
        "orders": [{"power": "Germany", "order": "A LIE ASSAULT", "result": "succeeds"}],
        "events": [{"kind": "siege.assault", "text": "A LIE assaulted LIE and rolled 4",
                    "roll": {"purpose": "assault", "subject": "LIE", "d10": 4,
                             "table": "4-5 at 3:2: 50", "modifiers": "+1 Bold"}},
                   {"kind": "supply.line", "text": "A LIE draws its supply from AAC (1 road)"}]})json");
    const auto load = variant_file("western-front-1914");
    const std::string text = results(decode_phase_report(report), *load.variant);
    CHECK(text ==
          "Germany:\n"
          "  A LIE ASSAULT  ->  succeeds\n"
          "Events:\n"
          "  A LIE assaulted LIE and rolled 4  [d10 assault LIE: 4, +1 Bold, 4-5 at 3:2: 50]\n"
          "  A LIE draws its supply from AAC (1 road)\n");
}

TEST_CASE("mail: results are grouped by power, in the variant's order, as on the web") {
    const auto report = *adjutant::storage::read_report(R"json({
        "orders": [{"power": "France", "order": "A PAR - BUR", "result": "succeeds"},
                   {"power": "Austria", "order": "A VIE H", "result": "succeeds", "default": true},
                   {"power": "France", "input": "Thanks and good luck!", "result": "illegal",
                    "reason": "unknown province 'Thanks'"},
                   {"power": "France", "input": "A MAR-BRX", "result": "illegal",
                    "reason": "unknown province 'BRX'"},
                   {"power": "England", "order": "F LON - NTH", "result": "fails"},
                   {"power": "France", "order": "F BRE - MAO", "result": "succeeds"}],
        "dislodged": [{"power": "Austria", "unit": "A VIE", "from": "BOH"}]})json");
    const auto load = variant_file("standard");
    CHECK(results(decode_phase_report(report), *load.variant) ==
          "Austria:\n"
          "  A VIE H  ->  succeeds [default]\n"
          "England:\n"
          "  F LON - NTH  ->  fails\n"
          "France:\n"
          "  A PAR - BUR  ->  succeeds\n"
          "  Thanks and good luck!  ->  not an order\n"
          "  A MAR-BRX  ->  illegal (unknown province 'BRX')\n"
          "  F BRE - MAO  ->  succeeds\n"
          "Dislodged:\n"
          "  Austria A VIE (by the attack from BOH)\n");
}

TEST_CASE("mail: the history lists resolved phases with their hash, and the current one") {
    // The current phase has no hash yet: it must read as the current phase, not stop the mail.
    adjutant::service::HistoryDocument document{12, {}};
    document.phases.push_back(
        {1, "S1901M", 1767268800, std::string("0123456789abcdef0123"), std::string()});
    document.phases.push_back({2, "F1901M", std::nullopt, std::nullopt, "0123456789abcdef0123"});
    const auto phases = phase_entries(document);
    REQUIRE(phases.size() == 2);
    CHECK(phases[0].resolved);
    CHECK_FALSE(phases[1].resolved);
    CHECK(phases[1].hash.empty());
    const auto load = variant_file("standard");
    CHECK(adjutant::service::mail_text::history(phases, std::nullopt, *load.variant) ==
          "Phases:\n"
          "  1 Spring 1901 movement  resolved 2026-01-01 12:00 UTC  hash 0123456789abcdef\n"
          "  2 Fall 1901 movement  (current)\n");
}

// Each order's explanation stands under its line when it says more than the result: a failed
// order, or one whose strengths were compared; broken between words, no line over 76
// characters.
TEST_CASE("mail: results explain each contested order under its line") {
    const auto load = variant_file("standard");
    const adjutant::Variant& v = *load.variant;
    const adjutant::PositionLoad load_position = adjutant::position_from_json(
        v, nlohmann::json::parse(R"({"variant": "standard", "phase": "S1901M",
            "units": {"France": ["A PAR", "A MAR"], "Germany": ["A MUN", "A RUH"],
                      "Italy": ["A ROM"]}})"));
    REQUIRE(load_position.ok());
    const adjutant::Position& position = *load_position.position;
    const adjutant::OrderParser parser(v);
    adjutant::ParsedOrders parsed;
    parser.parse_onto(parsed, position, "A PAR - BUR\nA MAR S A PAR - BUR\n",
                      v.find_power("France"));
    parser.parse_onto(parsed, position, "A MUN - BUR\nA RUH S A MUN - BUR\n",
                      v.find_power("Germany"));
    parser.parse_onto(parsed, position, "A ROM - TUS\n", v.find_power("Italy"));
    const auto adjudication = adjutant::adjudicate(v, position, parsed.orders);
    const auto report = *adjutant::storage::read_report(
        adjutant::storage::adjudication_text(v, parsed, adjudication));
    CHECK(results(decode_phase_report(report), v) ==
          "France:\n"
          "  A MAR S A PAR - BUR  ->  succeeds\n"
          "  A PAR - BUR  ->  fails (bounced)\n"
          "      A PAR - BUR failed: attack 2 (supported by A MAR) against prevent 2\n"
          "      from A MUN - BUR (supported by A RUH).\n"
          "Germany:\n"
          "  A MUN - BUR  ->  fails (bounced)\n"
          "      A MUN - BUR failed: attack 2 (supported by A RUH) against prevent 2\n"
          "      from A PAR - BUR (supported by A MAR).\n"
          "  A RUH S A MUN - BUR  ->  succeeds\n"
          "Italy:\n"
          "  A ROM - TUS  ->  succeeds\n");
}

TEST_CASE("mail: HELP names every command the mail reader obeys") {
    const std::string text = adjutant::service::mail_text::help("");
    for (const char* command :
         {"READY", "NOT READY", "STATUS", "LIST", "HISTORY", "PRESS TO", "GREY PRESS", "DRAW",
          "NO DRAW", "CONCEDE TO", "DRAWS", "SET ABSENCE", "SET PREFERENCE", "HELP", "END",
          "REGISTER", "SIGNON", "OBSERVE", "UNOBSERVE"})
        CHECK_MESSAGE(text.find(command) != std::string::npos, command);
}
