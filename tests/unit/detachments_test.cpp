// SPDX-License-Identifier: Apache-2.0
// The detachments module's part of positions, views and variants (Lone Warrior 4f;
// docs/detachments.md): detachments round-trip through the position document, broken ones are
// refused with the reason, the fog of war hides another power's detachments and shows a scout's
// report to its own power only, and the variant's parameters are checked by the module's schema.
// The rules themselves are cases as data, tests/rules/detachments.
#include <doctest/doctest.h>

#include <string>

#include "position/position_check.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "rules/detachments/parameters.h"
#include "rules/detachments/state.h"
#include "rules_case.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

const char* const kCampaign = "tests/variants/campaign-test.json + detachments";

const char* const kDetachments = R"({"phase": "1914W32M",
    "supply_centers": {"France": ["PAR", "REI", "VER"], "Germany": ["MET"]},
    "detachments": {"France": ["MEA", "PAR"], "Germany": ["SAA"]},
    "scouted": {"France": ["MET"]}})";

Position loaded(const Variant& v, const json& doc) {
    const PositionLoad load = position_from_json(v, doc);
    INFO(all_errors(load));
    REQUIRE(load.ok());
    return *load.position;
}

}  // namespace

TEST_CASE("Detachments: a position's detachments and scouting reports round-trip") {
    const Variant& v = variant_named(kCampaign);
    const Position pos = loaded(v, json::parse(kDetachments));
    const auto& s = detachments::state(pos);
    REQUIRE(s.detachments.size() == 3);
    // Normal form: by province id (PAR, MEA, ..., SAA), whatever order the document gave.
    CHECK(s.detachments[0] ==
          detachments::Detachment{v.find_power("France"), v.find_province("PAR")});
    CHECK(s.detachments[1] ==
          detachments::Detachment{v.find_power("France"), v.find_province("MEA")});
    CHECK(s.detachments[2] ==
          detachments::Detachment{v.find_power("Germany"), v.find_province("SAA")});
    CHECK(s.scouted_by(v.find_power("France"), v.find_province("MET")));
    CHECK_FALSE(s.scouted_by(v.find_power("Germany"), v.find_province("MET")));
    CHECK(position_is_ok(v, pos).empty());
    const json out = position_to_json(v, pos);
    CHECK(out["detachments"] == json::parse(R"({"France": ["PAR", "MEA"], "Germany": ["SAA"]})"));
    CHECK(out["scouted"] == json::parse(R"({"France": ["MET"]})"));
    CHECK(loaded(v, out) == pos);
}

TEST_CASE(
    "Detachments: a position without any writes no keys, and a scouting report lasts its week") {
    const Variant& v = variant_named(kCampaign);
    json doc = json::parse(kDetachments);
    doc.erase("detachments");
    doc.erase("scouted");
    const json out = position_to_json(v, loaded(v, doc));
    CHECK_FALSE(out.contains("detachments"));
    CHECK_FALSE(out.contains("scouted"));
    detachments::DetachmentsState s;
    s.scouted.push_back({0, 1});
    s.detachments.push_back({0, 1});
    s.carry_over();
    CHECK(s.scouted.empty());
    CHECK(s.detachments.size() == 1);
}

TEST_CASE("Detachments: broken detachments in a document are refused, each with its reason") {
    const Variant& v = variant_named(kCampaign);
    struct Broken {
        const char* what;
        const char* detachments;
        const char* fragment;
    };
    const Broken broken[] = {
        {"two in one province (4f 'Only one detachment may occupy a hex')",
         R"({"France": ["MEA"], "Germany": ["MEA"]})",
         "more detachments in MEA than one province may hold (4f)"},
        {"an unknown province", R"({"France": ["XYZ"]})", "XYZ"},
        {"an unknown power", R"({"Ruritania": ["MEA"]})", "Ruritania"},
        {"not a province name", R"({"France": [{"province": "MEA"}]})", "detachments"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.what);
        json doc = json::parse(kDetachments);
        doc["detachments"] = json::parse(b.detachments);
        const PositionLoad load = position_from_json(v, doc);
        const std::string errors = load.ok() ? position_is_ok(v, *load.position) : all_errors(load);
        CAPTURE(errors);
        CHECK(errors.find(b.fragment) != std::string::npos);
    }
}

TEST_CASE("Detachments: without fog of war, detachments hide nothing") {
    // The module's `reveals` adds to a sight and never makes one: campaign-test has no fog.
    const Variant& v = variant_named(kCampaign);
    CHECK_FALSE(hides_positions(v));
    CHECK_FALSE(sight_of(v, loaded(v, json::parse(kDetachments)), v.find_power("France")));
}

TEST_CASE(
    "Detachments: under fog of war a detachment gives sight, a scout's report shows its "
    "province to its own power, and another power's detachments hide outside sight") {
    const Variant& v = variant_named("western-front-1914 + detachments");
    REQUIRE(hides_positions(v));
    const PowerId france = v.find_power("France");
    const PowerId germany = v.find_power("Germany");
    const json doc = json::parse(R"({"phase": "1914W32M",
        "units": {"Germany": [{"unit": "A KOL", "id": 1, "points": 600, "supply": 2},
                              {"unit": "A AAC", "id": 2, "points": 500, "supply": 2}]},
        "detachments": {"France": ["VER"], "Germany": ["LGW", "EIF"]},
        "scouted": {"France": ["KOL"], "Germany": ["PAR"]}})");
    const Position pos = loaded(v, doc);
    const auto sight = sight_of(v, pos, france);
    REQUIRE(sight);
    // The detachment in VER occupies it, so France sees VER and its neighbours (LGW among them).
    CHECK(sight->occupies(v.find_province("VER")));
    CHECK(sight->sees(v.find_province("LGW")));
    // The scout's report: KOL is seen, though no French piece stands near it.
    CHECK(sight->sees(v.find_province("KOL")));
    CHECK_FALSE(sight->sees(v.find_province("AAC")));
    const Position view = seen_position(v, pos, *sight);
    const auto& seen = detachments::state(view);
    CHECK(seen.has(france, v.find_province("VER")));
    CHECK(seen.has(germany, v.find_province("LGW")));
    CHECK_FALSE(seen.has(germany, v.find_province("EIF")));
    CHECK(seen.scouted_by(france, v.find_province("KOL")));
    CHECK_FALSE(seen.scouted_by(germany, v.find_province("PAR")));
    CHECK(view.unit_at(v.find_province("KOL")) != nullptr);
    CHECK(view.unit_at(v.find_province("AAC")) == nullptr);
    // 4a "that army must be told" of an enemy supply line it enters: a detachment on one tells
    // its power too, as it occupies its province. A KOL's line runs KOL - AAC - LIE here.
    json lined = doc;
    lined["units"]["Germany"][0]["supply_line"] = json::parse(R"(["KOL", "AAC", "LIE"])");
    lined["detachments"]["France"] = json::parse(R"(["VER", "AAC"])");
    const Position on_line = loaded(v, lined);
    const auto line_sight = sight_of(v, on_line, france);
    REQUIRE(line_sight);
    const json line_view = seen_position_json(v, on_line, *line_sight);
    CAPTURE(line_view.dump());
    CHECK(line_view["supply_lines_seen"]["Germany"][0] == json::parse(R"(["KOL", "AAC", "LIE"])"));
    // The public sees no one's detachments and no one's reports.
    const auto open = sight_of(v, pos, kNoPower);
    REQUIRE(open);
    const Position public_position = seen_position(v, pos, *open);
    const auto& public_view = detachments::state(public_position);
    CHECK(public_view.detachments.empty());
    CHECK(public_view.scouted.empty());
}

TEST_CASE("Detachments: the variant's parameters, by the module's own schema") {
    const std::string text =
        read_text_file(std::string(ADJUTANT_SOURCE_DIR) + "/tests/variants/campaign-test.json");
    json doc = json::parse(text);
    doc["rules"]["detachments"] = json::object();
    {
        const VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        const CampaignMap& c = *load.variant->campaign;
        CHECK(c.modules.enabled("detachments"));
        // 4e "Detachment (1 Squadron of Light Cavalry) 15"; 4f "Only one detachment may occupy a
        // hex and only two detachments may be deployed per city controlled".
        CHECK(detachments::parameters(c).cost == 15);
        CHECK(detachments::parameters(c).per_city == 2);
        CHECK(detachments::parameters(c).per_province == 1);
    }
    doc["rules"]["detachments"] = json::parse(R"({"cost": 20, "per_city": 1, "per_province": 2})");
    {
        const VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        CHECK(detachments::parameters(*load.variant).cost == 20);
        CHECK(detachments::parameters(*load.variant).per_city == 1);
        CHECK(detachments::parameters(*load.variant).per_province == 2);
    }
    for (const char* bad : {R"({"cost": -1})", R"({"per_province": 0})", R"({"per_city": 21})",
                            R"({"squadrons": 3})", R"({"cost": "fifteen"})"}) {
        CAPTURE(bad);
        doc["rules"]["detachments"] = json::parse(bad);
        const VariantLoad load = load_variant(doc.dump());
        CHECK_FALSE(load.ok());
        bool at_part = false;
        for (const VariantError& e : load.errors)
            if (e.path.rfind("/rules/detachments", 0) == 0) at_part = true;
        CHECK(at_part);
    }
    doc["rules"].erase("detachments");
    const VariantLoad off = load_variant(doc.dump());
    REQUIRE(off.ok());
    CHECK_FALSE(off.variant->campaign->modules.enabled("detachments"));
}
