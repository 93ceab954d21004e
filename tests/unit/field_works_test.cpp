// SPDX-License-Identifier: Apache-2.0
// The field works module's part of positions and variants (Lone Warrior 5b; docs/field-works.md):
// works round-trip through the position document, broken works are refused with the reason, and the
// variant's parameters are checked by the module's schema. The rules themselves are cases as data,
// tests/rules/field_works.
#include <doctest/doctest.h>

#include <string>

#include "position/position_check.h"
#include "position/position_json.h"
#include "rules/field_works/parameters.h"
#include "rules/field_works/state.h"
#include "rules_case.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

const char* const kWorks = R"({"variant": "western-front-1914", "phase": "1914W36M",
    "units": {"France": [{"unit": "A ARG", "id": 4, "points": 400, "supply": 5, "engineers": 1}]},
    "field_works": {"France": [{"province": "ARG", "army": 4}]}})";

}  // namespace

TEST_CASE("Field works: a position's works round-trip through its document") {
    const Variant& v = variant_named("western-front-1914");
    const PositionLoad load = position_from_json(v, json::parse(kWorks));
    INFO(all_errors(load));
    REQUIRE(load.ok());
    const auto& works = field_works::state(*load.position).works;
    REQUIRE(works.size() == 1);
    CHECK(works[0].province == v.find_province("ARG"));
    CHECK(works[0].power == v.find_power("France"));
    CHECK(works[0].army == 4);
    const json out = position_to_json(v, *load.position);
    CHECK(out["field_works"] == json::parse(R"({"France": [{"province": "ARG", "army": 4}]})"));
    const PositionLoad back = position_from_json(v, out);
    REQUIRE(back.ok());
    CHECK(*back.position == *load.position);
}

TEST_CASE("Field works: broken works in a document are refused, each with its reason") {
    const Variant& v = variant_named("western-front-1914");
    struct Broken {
        const char* what;
        const char* field_works;
        const char* fragment;
    };
    const Broken broken[] = {
        {"works without their army", R"({"France": [{"province": "REI", "army": 4}]})",
         "the field works in REI stand without the army that dug them (France's army 4)"},
        {"works of another army", R"({"France": [{"province": "ARG", "army": 9}]})",
         "the field works in ARG stand without the army that dug them"},
        {"another power's works", R"({"Germany": [{"province": "ARG", "army": 4}]})",
         "the field works in ARG stand without the army that dug them (Germany's army 4)"},
        {"two works in a province",
         R"({"France": [{"province": "ARG", "army": 4}, {"province": "ARG", "army": 4}]})",
         "two field works in ARG"},
        {"an unknown key", R"({"France": [{"province": "ARG", "army": 4, "redoubts": 3}]})",
         "redoubts"},
        {"an unknown province", R"({"France": [{"province": "XYZ", "army": 4}]})", "XYZ"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.what);
        json doc = json::parse(kWorks);
        doc["field_works"] = json::parse(b.field_works);
        // The document's reader refuses what it cannot read; the invariants that tie the works
        // to their army are position_is_ok's, which every stored or edited position passes.
        const PositionLoad load = position_from_json(v, doc);
        const std::string errors = load.ok() ? position_is_ok(v, *load.position) : all_errors(load);
        CAPTURE(errors);
        CHECK(errors.find(b.fragment) != std::string::npos);
    }
}

TEST_CASE("Field works: the variant's parameters, by the module's own schema") {
    const std::string text = read_text_file(std::string(ADJUTANT_SOURCE_DIR) +
                                            "/config/variants/western-front-1914.json");
    json doc = json::parse(text);
    REQUIRE(doc["rules"].contains("field_works"));
    {
        const VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        CHECK(load.variant->campaign->modules.enabled("field_works"));
        CHECK(field_works::parameters(*load.variant).defence_percent == 100);
    }
    doc["rules"]["field_works"] = json::parse(R"({"defence_percent": 50})");
    {
        const VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        CHECK(field_works::parameters(*load.variant).defence_percent == 50);
    }
    for (const char* bad : {R"({"defence_percent": 401})", R"({"defence_percent": -1})",
                            R"({"share": 100})", R"({"defence_percent": "all"})"}) {
        CAPTURE(bad);
        doc["rules"]["field_works"] = json::parse(bad);
        const VariantLoad load = load_variant(doc.dump());
        CHECK_FALSE(load.ok());
        bool at_part = false;
        for (const VariantError& e : load.errors)
            if (e.path.rfind("/rules/field_works", 0) == 0) at_part = true;
        CHECK(at_part);
    }
    doc["rules"].erase("field_works");
    const VariantLoad off = load_variant(doc.dump());
    REQUIRE(off.ok());
    CHECK_FALSE(off.variant->campaign->modules.enabled("field_works"));
}
