// SPDX-License-Identifier: Apache-2.0
// The parser a loaded variant keeps (service/variants.h): it judges as a parser built for the
// call does, and a GM's variant gets one bound to that variant, not to a server-wide one of
// the same name.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "orders/parser.h"
#include "service/variants.h"
#include "starting_position.h"
#include "variant_files.h"

namespace {

// Each verdict as text: the canonical order or the error, with any note.
std::string judged(const adjutant::Variant& variant, const adjutant::ParsedOrders& parsed) {
    std::string out;
    for (const auto& verdict : parsed.verdicts)
        out += std::to_string(verdict.line) + " " + verdict.canonical(variant) + "|" +
               verdict.error + "|" + verdict.note + "\n";
    return out;
}

}  // namespace

TEST_CASE("a loaded variant's parser judges as a parser built for the call") {
    adjutant::service::VariantRegistry registry;
    const auto loaded = registry.add(variant_file_text("standard"));
    const auto& variant = loaded->variant;
    const auto start = adjutant::starting_position(variant);
    const char* text = "A PAR - BUR\nF BRE - MAO\nA MUN - RUH\nA MAR - XYZ\nF BRE H\n";
    const auto power = variant.find_power("France");
    const auto kept = loaded->parser().parse(start, text, power);
    CHECK(judged(variant, kept) ==
          judged(variant, adjutant::parse_orders(variant, start, text, power)));
    // Munich is Germany's, XYZ is no place, and the second BRE order replaces the first.
    CHECK(kept.orders.size() == 2);
}

TEST_CASE("a GM's variant has a parser of its own variant") {
    adjutant::service::VariantRegistry registry;
    registry.add(variant_file_text("standard"));
    // The same map under the same name, with Paris renamed: only this game's parser knows it.
    auto json = nlohmann::json::parse(variant_file_text("standard"));
    for (auto& province : json["provinces"])
        if (province["abbr"] == "PAR") province["name"] = "Lutetia";
    const auto scoped = registry.add(json.dump(), 7);
    REQUIRE(scoped->key == adjutant::service::game_variant_key(scoped->variant.name, 7));
    const auto start = adjutant::starting_position(scoped->variant);
    const auto parsed = scoped->parser().parse(start, "A Lutetia - Burgundy\n",
                                               scoped->variant.find_power("France"));
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(parsed.verdicts[0].error.empty());
    const auto server_wide = registry.find(scoped->variant.name);
    CHECK_FALSE(
        server_wide->parser()
            .parse(start, "A Lutetia - Burgundy\n", server_wide->variant.find_power("France"))
            .verdicts[0]
            .error.empty());
}
