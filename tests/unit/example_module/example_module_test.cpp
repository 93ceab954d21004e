// SPDX-License-Identifier: Apache-2.0
// A rule module that is its folder plus one registry line (docs/rule-modules.md, "A module of
// the tests' own"): the example module beside this file, registered here, is enabled by a
// variant file that names it, reads its parameter, takes its step in a week that is adjudicated,
// and carries its part of the position through the position document, with no core file that
// knows it. Unregistered, the variant that names it is refused as it was before.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "adjudicate.h"
#include "example_module.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using nlohmann::json;

namespace {

json western_front_with_example(const json& part) {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/western-front-1914.json");
    json doc = json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
    doc["rules"]["example"] = part;
    return doc;
}

bool has_error(const VariantLoad& load, const std::string& path, const std::string& words) {
    return std::any_of(load.errors.begin(), load.errors.end(), [&](const VariantError& e) {
        return e.path == path && e.message.find(words) != std::string::npos;
    });
}

}  // namespace

TEST_CASE("Rule modules: a module of the tests' own loads, adjudicates a week and is stored") {
    // The test's registry: one line.
    const ScopedRuleModule registered(example_module::kModule);

    const VariantLoad load = load_variant(western_front_with_example({{"step", 3}}).dump());
    REQUIRE(load.ok());
    const Variant& v = *load.variant;
    CHECK(example_module::kModule.enabled(v));
    CHECK(example_module::parameters(v).step == 3);

    const Position start = starting_position(v);
    const Adjudication week = adjudicate(v, start, {}, 1914);
    const auto event = std::find_if(week.events.begin(), week.events.end(),
                                    [](const Event& e) { return e.kind == "example.week"; });
    REQUIRE(event != week.events.end());
    CHECK(event->text == "the example module counts 3");
    const auto* counted = week.next.modules.find<example_module::ExampleState>();
    REQUIRE(counted != nullptr);
    CHECK(counted->weeks == 3);

    // Its part of the position goes through the document and back.
    const json stored = position_to_json(v, week.next);
    CHECK(stored["example"] == json{{"weeks", 3}});
    const PositionLoad back = position_from_json(v, stored);
    REQUIRE(back.ok());
    const auto* read = back.position->modules.find<example_module::ExampleState>();
    REQUIRE(read != nullptr);
    CHECK(read->weeks == 3);

    // Its parameter is checked by its own schema, with the loader's messages.
    const VariantLoad bad = load_variant(western_front_with_example({{"step", 11}}).dump());
    CHECK(has_error(bad, "/rules/example/step", ""));
    const VariantLoad unknown = load_variant(western_front_with_example({{"stride", 1}}).dump());
    CHECK(has_error(unknown, "/rules/example/stride", "unknown field"));
}

TEST_CASE("Rule modules: a module of the tests' own adds an order word of its own") {
    const std::string text = "Germany: tally\nGermany: A KOL H";
    {
        const ScopedRuleModule registered(example_module::kModule);
        const VariantLoad load = load_variant(western_front_with_example(json::object()).dump());
        REQUIRE(load.ok());
        const Variant& v = *load.variant;
        // A parser built while the module is registered reads its word, in any case.
        const ParsedOrders parsed = parse_orders(v, starting_position(v), text);
        REQUIRE(parsed.verdicts.size() == 2);
        INFO(parsed.verdicts[0].error);
        CHECK(parsed.verdicts[0].accepted());
        CHECK(parsed.verdicts[0].canonical(v) == "TALLY");
        CHECK(parsed.verdicts[1].accepted());
        REQUIRE(parsed.orders.size() == 2);
        CHECK(parsed.orders[0].kind == &example_module::kTally);
    }
    // Unregistered, the word is no word of the language: the line is refused, the other stands.
    json plain = western_front_with_example(json::object());
    plain["rules"].erase("example");
    const VariantLoad load = load_variant(plain.dump());
    REQUIRE(load.ok());
    const ParsedOrders parsed = parse_orders(*load.variant, starting_position(*load.variant), text);
    REQUIRE(parsed.verdicts.size() == 2);
    CHECK_FALSE(parsed.verdicts[0].accepted());
    CHECK(parsed.verdicts[1].accepted());
}

TEST_CASE("Rule modules: a module no registry lists is unknown to a variant file") {
    const VariantLoad load = load_variant(western_front_with_example(json::object()).dump());
    CHECK(has_error(load, "/rules/example", "unknown rule module \"example\""));
}
