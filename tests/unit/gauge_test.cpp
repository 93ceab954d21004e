// SPDX-License-Identifier: Apache-2.0
// The gauge of OCS rail movement in variants and positions (docs/gauge.md): the variant's gauges
// are checked by the rail module's schema, and converted links round-trip through the position
// document or are refused with the reason. The rules themselves are cases as data,
// tests/rules/rail/gauge.txt.
#include <doctest/doctest.h>

#include <string>

#include "position/position_check.h"
#include "position/position_json.h"
#include "rules/rail/parameters.h"
#include "rules/rail/state.h"
#include "rules_case.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

json gauge_variant() {
    return json::parse(
        read_text_file(std::string(ADJUTANT_SOURCE_DIR) + "/tests/variants/gauge-test.json"));
}

}  // namespace

TEST_CASE("Gauge: the test variant lays its links and powers in the gauges it declares") {
    const VariantLoad load = load_variant(gauge_variant().dump());
    INFO(all_errors(load));
    REQUIRE(load.ok());
    const Variant& v = *load.variant;
    const rail::RailNetworkRules& rail = rail::parameters(v);
    CHECK(rail.gauges == std::vector<std::string>{"standard", "broad"});
    CHECK(rail.power_gauge[v.find_power("Germany")] == 0);
    CHECK(rail.power_gauge[v.find_power("Russia")] == 1);
    const auto link = [&](const char* a, const char* b) {
        return *v.campaign->rail_link(v.find_province(a), v.find_province(b));
    };
    CHECK(rail.link_gauge[link("BER", "THO")] == 0);  // no "gauge": the default
    CHECK(rail.link_gauge[link("THO", "WAR")] == 1);
    CHECK(rail.link_gauge[link("MIN", "BRE")] == 1);
}

TEST_CASE("Gauge: a broken gauge declaration is refused where it is wrong") {
    struct Broken {
        const char* what;
        const char* gauge;       // rules.rail_network.gauge, or null to leave it out
        const char* link_gauge;  // rail_links[0].gauge, or null to leave it as it is
        const char* path;        // where the error is reported
    };
    const Broken broken[] = {
        {"one gauge only", R"({"gauges": ["standard"]})", nullptr,
         "/rules/rail_network/gauge/gauges"},
        {"a gauge twice", R"({"gauges": ["standard", "standard"]})", nullptr,
         "/rules/rail_network/gauge/gauges/1"},
        {"a power's unknown gauge",
         R"({"gauges": ["standard", "broad"], "powers": {"Russia": "wide"}})", nullptr,
         "/rules/rail_network/gauge/powers/Russia"},
        {"an unknown power",
         R"({"gauges": ["standard", "broad"], "powers": {"Ruritania": "broad"}})", nullptr,
         "/rules/rail_network/gauge/powers"},
        {"an unknown key", R"({"gauges": ["standard", "broad"], "default": "standard"})", nullptr,
         "/rules/rail_network/gauge"},
        {"a link's unknown gauge", R"({"gauges": ["standard", "broad"]})", "metre",
         "/rail_links/0/gauge"},
        {"a link's gauge with none declared", nullptr, "broad", "/rail_links/0/gauge"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.what);
        json doc = gauge_variant();
        if (b.gauge != nullptr)
            doc["rules"]["rail_network"]["gauge"] = json::parse(b.gauge);
        else
            doc["rules"]["rail_network"].erase("gauge");
        if (b.link_gauge != nullptr) doc["rail_links"][0]["gauge"] = b.link_gauge;
        const VariantLoad load = load_variant(doc.dump());
        CAPTURE(all_errors(load));
        CHECK_FALSE(load.ok());
        bool at_path = false;
        for (const VariantError& e : load.errors)
            if (e.path.rfind(b.path, 0) == 0) at_path = true;
        CHECK(at_path);
    }
}

TEST_CASE("Gauge: converted links round-trip through the position document") {
    const VariantLoad variant = load_variant(gauge_variant().dump());
    REQUIRE(variant.ok());
    const Variant& v = *variant.variant;
    const json doc = json::parse(R"({"phase": "1914W32M",
        "units": {"Germany": [{"unit": "A THO", "points": 400, "supply": 2}]},
        "converted": {"standard": [["WAR", "THO"], ["BRE", "WAR"]]}})");
    const PositionLoad load = position_from_json(v, doc);
    INFO(all_errors(load));
    REQUIRE(load.ok());
    CHECK(position_is_ok(v, *load.position).empty());
    CHECK(rail::state(*load.position).converted.size() == 2);
    const json out = position_to_json(v, *load.position);
    // Written in link order, each pair as the variant writes the link.
    CHECK(out["converted"] == json::parse(R"({"standard": [["THO", "WAR"], ["WAR", "BRE"]]})"));
    const PositionLoad back = position_from_json(v, out);
    REQUIRE(back.ok());
    CHECK(*back.position == *load.position);
}

TEST_CASE("Gauge: broken converted links in a position are refused, each with its reason") {
    const VariantLoad variant = load_variant(gauge_variant().dump());
    REQUIRE(variant.ok());
    const Variant& v = *variant.variant;
    struct Broken {
        const char* what;
        const char* converted;
        const char* fragment;
    };
    const Broken broken[] = {
        {"an unknown gauge", R"({"metre": [["THO", "WAR"]]})", "not one of the map's gauges"},
        {"no rail link", R"({"standard": [["BER", "WAR"]]})", "no rail link between BER and WAR"},
        {"not a pair", R"({"standard": [["THO"]]})", "a converted link is a pair of provinces"},
        {"the variant's own gauge", R"({"broad": [["THO", "WAR"]]})",
         "a converted link is of the gauge the variant lays it in"},
        {"not a list", R"({"standard": "THO-WAR"})", "/converted/standard"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.what);
        json doc = json::parse(R"({"phase": "1914W32M", "units": {}})");
        doc["converted"] = json::parse(b.converted);
        const PositionLoad load = position_from_json(v, doc);
        const std::string errors = load.ok() ? position_is_ok(v, *load.position) : all_errors(load);
        CAPTURE(errors);
        CHECK(errors.find(b.fragment) != std::string::npos);
    }
}
