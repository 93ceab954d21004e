// SPDX-License-Identifier: Apache-2.0
// campaign_week_check --variant FILE --phase P.json --seed N
//
// Checks one stored, resolved phase the way only the engine can: `P.json` is the phase document
// the API serves (GET /api/v1/games/{id}/phases/{seq}) and N the game's seed. Prints one JSON
// object on standard output:
//
//   {"position_loads": bool, "load_errors": [...],       the stored position loads
//    "round_trips": bool, "round_trip_diff": [...],      and writes back byte for byte
//    "rolls": [{"purpose", "subject", "n", "d10"}],      every die the adjudicator asked for
//    "unlogged_rolls": [...],                            dice no event carries
//    "logged_without_die": [...]}                        event rolls no die produced
//
// The whole-game driver (tests/campaign/campaign_driver.py) runs it after every week: through the
// HTTP API alone it cannot see a die that was rolled but never logged. Exit 0 when it could do
// the check (the verdicts are in the JSON), 64 on bad usage, 65 on unreadable input.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "adjudicate.h"
#include "core/keyed_rng.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "variant/variant_json.h"

using namespace adjutant;

namespace {

// Passes every roll through to the game's keyed dice and remembers it.
class RecordingDice final : public Dice {
  public:
    RecordingDice(std::uint64_t seed, std::string phase) : keyed_(seed, std::move(phase)) {}
    int d10(std::string_view purpose, std::string_view subject, int n) override {
        const int value = keyed_.d10(purpose, subject, n);
        rolls.push_back({{"purpose", purpose}, {"subject", subject}, {"n", n}, {"d10", value}});
        return value;
    }
    nlohmann::json rolls = nlohmann::json::array();

  private:
    KeyedDice keyed_;
};

bool read_text(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = buffer.str();
    return true;
}

// The paths where two JSON documents differ (at most a few, enough to read the problem).
void diff(const nlohmann::json& a, const nlohmann::json& b, const std::string& path,
          nlohmann::json& out) {
    if (out.size() >= 8) return;
    if (a.is_object() && b.is_object()) {
        for (const auto& [key, value] : a.items())
            diff(value, b.contains(key) ? b[key] : nlohmann::json(), path + "/" + key, out);
        for (const auto& [key, value] : b.items())
            if (!a.contains(key)) out.push_back(path + "/" + key + ": only after the round trip");
        return;
    }
    if (a != b) out.push_back(path + ": " + a.dump() + " became " + b.dump());
}

using RollKey = std::tuple<std::string, std::string, int>;

RollKey roll_key(const nlohmann::json& roll) {
    return {roll.value("purpose", ""), roll.value("subject", ""), roll.value("d10", 0)};
}

int usage() {
    std::fputs("usage: campaign_week_check --variant FILE --phase P.json --seed N\n", stderr);
    return 64;
}

}  // namespace

int main(int argc, char** argv) {
    std::string variant_path, phase_path;
    std::uint64_t seed = 0;
    bool have_seed = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--variant")
            variant_path = argv[i + 1];
        else if (arg == "--phase")
            phase_path = argv[i + 1];
        else if (arg == "--seed")
            seed = std::strtoull(argv[i + 1], nullptr, 10), have_seed = true;
        else
            return usage();
    }
    if (variant_path.empty() || phase_path.empty() || !have_seed || argc % 2 == 0) return usage();

    std::string variant_text, phase_text;
    if (!read_text(variant_path, variant_text) || !read_text(phase_path, phase_text)) {
        std::fprintf(stderr, "campaign_week_check: cannot read the input files\n");
        return 65;
    }
    VariantLoad load = load_variant(variant_text);
    const auto phase = nlohmann::json::parse(phase_text, nullptr, false);
    if (!load.variant || phase.is_discarded() || !phase.contains("position")) {
        std::fprintf(stderr, "campaign_week_check: bad variant or phase document\n");
        return 65;
    }
    const Variant& variant = *load.variant;

    nlohmann::json out;
    const PositionLoad loaded = position_from_json(variant, phase["position"]);
    out["position_loads"] = loaded.ok();
    out["load_errors"] = loaded.errors;
    if (!loaded.position) {
        std::cout << out.dump() << '\n';
        return 0;
    }
    const Position& position = *loaded.position;
    nlohmann::json round_trip_diff = nlohmann::json::array();
    diff(phase["position"], position_to_json(variant, position), "", round_trip_diff);
    out["round_trips"] = round_trip_diff.empty();
    out["round_trip_diff"] = round_trip_diff;

    // The orders as the service adjudicated them: each seat's stored text parsed as that seat.
    std::vector<Order> orders;
    for (const auto& seat : phase.value("orders", nlohmann::json::array())) {
        const PowerId power = variant.find_power(seat.value("power", ""));
        const ParsedOrders parsed = parse_orders(variant, position, seat.value("text", ""), power);
        orders.insert(orders.end(), parsed.orders.begin(), parsed.orders.end());
    }
    RecordingDice dice(seed, position.phase.code());
    Adjudicator adjudicator;
    const Adjudication result = adjudicator.run(variant, position, orders, dice);

    // Compare as multisets of (purpose, subject, value): a die may be logged in any event.
    std::map<RollKey, int> balance;
    for (const auto& roll : dice.rolls) ++balance[roll_key(roll)];
    for (const Event& e : result.events)
        if (e.roll) --balance[{e.roll->purpose, e.roll->subject, e.roll->value}];
    nlohmann::json unlogged = nlohmann::json::array(), without_die = nlohmann::json::array();
    for (const auto& [key, count] : balance) {
        const nlohmann::json entry = {{"purpose", std::get<0>(key)},
                                      {"subject", std::get<1>(key)},
                                      {"d10", std::get<2>(key)}};
        for (int k = 0; k < count; ++k) unlogged.push_back(entry);
        for (int k = 0; k < -count; ++k) without_die.push_back(entry);
    }
    out["rolls"] = dice.rolls;
    out["unlogged_rolls"] = unlogged;
    out["logged_without_die"] = without_die;
    std::cout << out.dump() << '\n';
    return 0;
}
