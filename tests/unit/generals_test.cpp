// SPDX-License-Identifier: Apache-2.0
// The generals module's part of positions and variants (Lone Warrior 4g; docs/generals.md): pools
// round-trip through the position document, broken pools are refused with the reason, the
// variant's parameters are checked by the module's schema, and the starting pools are the
// variant's. The rules themselves are cases as data, tests/rules/generals.
#include <doctest/doctest.h>

#include <string>

#include "adjudicate.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "rules/generals/parameters.h"
#include "rules/generals/state.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using namespace adjutant::testing;
using nlohmann::json;

namespace {

const char* const kPool = R"({"variant": "western-front-1914", "phase": "1914W36M",
    "units": {"Germany": [{"unit": "A KOL", "id": 1, "points": 500, "supply": 2,
                           "general": "von Kluck", "general_roll": 7}]},
    "garrisons": {"Germany": [{"province": "MET", "points": 200, "stores": 26,
                               "general": "von Zwehl", "general_roll": 2}]},
    "generals": {"Germany": {"pool": [{"name": "von Kluck", "roll": 5, "active": true},
                                      {"name": "von Zwehl", "roll": 2, "active": true},
                                      {"name": "von Gallwitz"}],
                             "fallen": ["von Emmich"]}}})";

}  // namespace

TEST_CASE("Generals: a position's pools round-trip through its document") {
    const Variant& v = variant_named("western-front-1914");
    const PositionLoad load = position_from_json(v, json::parse(kPool));
    INFO(all_errors(load));
    REQUIRE(load.ok());
    CHECK(position_is_ok(v, *load.position).empty());
    const generals::Pool* pool = generals::state(*load.position).of(v.find_power("Germany"));
    REQUIRE(pool != nullptr);
    REQUIRE(pool->ranks.size() == 3);
    CHECK(pool->ranks[0] == generals::PoolGeneral{"von Kluck", 5, true});
    CHECK(pool->ranks[2] == generals::PoolGeneral{"von Gallwitz", 0, false});
    CHECK(pool->rank_of("von Zwehl") == 2);
    CHECK(pool->fallen == std::vector<std::string>{"von Emmich"});
    const json out = position_to_json(v, *load.position);
    CHECK(out["generals"] == json::parse(kPool)["generals"]);
    const PositionLoad back = position_from_json(v, out);
    REQUIRE(back.ok());
    CHECK(*back.position == *load.position);
}

TEST_CASE("Generals: broken pools in a document are refused, each with its reason") {
    const Variant& v = variant_named("western-front-1914");
    struct Broken {
        const char* what;
        const char* pointer;  // where in the document the change goes
        const char* value;
        const char* fragment;
    };
    const Broken broken[] = {
        {"an unknown key", "/generals/Germany/pool/2", R"({"name": "von Gallwitz", "rank": 3})",
         "rank"},
        {"a roll past the die", "/generals/Germany/pool/2",
         R"({"name": "von Gallwitz", "roll": 11})", "a type roll is a d10"},
        {"a general without a name", "/generals/Germany/pool/2", R"({"roll": 3})", "name"},
        {"two generals of one name", "/generals/Germany/pool/2", R"({"name": "von Kluck"})",
         "two generals named"},
        {"a pool that is no object", "/generals/Germany", R"(["von Kluck"])", "/generals/Germany"},
        {"an unknown power", "/generals/Prussia", R"({"pool": []})", "Prussia"},
        {"a commander not in the pool", "/units/Germany/0/general", R"("von Moltke")",
         "A KOL's general von Moltke is not in Germany's pool"},
        {"a commander not active", "/generals/Germany/pool/1", R"({"name": "von Zwehl"})",
         "G MET's general von Zwehl is not active in Germany's pool"},
        {"a general in two commands", "/garrisons/Germany/0/general", R"("von Kluck")",
         "general von Kluck of Germany commands two commands"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.what);
        json doc = json::parse(kPool);
        doc[json::json_pointer(b.pointer)] = json::parse(b.value);
        // The reader refuses what it cannot read; the ties between pools and commands are
        // position_is_ok's, which every stored or edited position passes.
        const PositionLoad load = position_from_json(v, doc);
        const std::string errors = load.ok() ? position_is_ok(v, *load.position) : all_errors(load);
        CAPTURE(errors);
        CHECK(errors.find(b.fragment) != std::string::npos);
    }
}

TEST_CASE("Generals: the variant's parameters, by the module's own schema") {
    json doc = json::parse(variant_text("western-front-1914"));
    REQUIRE(doc["rules"].contains("generals"));
    {
        const VariantLoad load = load_variant(doc.dump());
        REQUIRE(load.ok());
        CHECK(load.variant->campaign->modules.enabled("generals"));
        CHECK(generals::parameters(*load.variant).pool == 20);
        const auto germany = static_cast<std::size_t>(load.variant->find_power("Germany"));
        CHECK(generals::parameters(*load.variant).names[germany].front() == "von Kluck");
    }
    for (const char* bad :
         {R"({"pool": 0})", R"({"pool": 100})", R"({"size": 20})", R"({"names": ["Joffre"]})",
          R"({"names": {"France": ["Joffre", "Joffre"]}})", R"({"names": {"France": [""]}})",
          R"({"names": {"Prussia": ["Blücher"]}})", R"({"names": {"France": [7]}})"}) {
        CAPTURE(bad);
        doc["rules"]["generals"] = json::parse(bad);
        const VariantLoad load = load_variant(doc.dump());
        CHECK_FALSE(load.ok());
        bool at_part = false;
        for (const VariantError& e : load.errors)
            if (e.path.rfind("/rules/generals", 0) == 0) at_part = true;
        CHECK(at_part);
    }
    doc["rules"].erase("generals");
    const VariantLoad off = load_variant(doc.dump());
    REQUIRE(off.ok());
    CHECK_FALSE(off.variant->campaign->modules.enabled("generals"));
    CHECK(generals::state(starting_position(*off.variant)).empty());
}

TEST_CASE("Generals: the starting pools are twenty a power, the commanders first and active") {
    const Variant& v = variant_named("western-front-1914");
    const Position start = starting_position(v);
    CHECK(position_is_ok(v, start).empty());
    const auto& pools = generals::state(start).pools;
    REQUIRE(pools.size() == v.powers.size());
    for (const generals::Pool& pool : pools) {
        CAPTURE(v.powers[pool.power].name);
        CHECK(pool.ranks.size() == 20);
        CHECK(pool.fallen.empty());
        for (const generals::PoolGeneral& g : pool.ranks) CHECK(g.roll == 0);  // rolled in week 1
    }
    const generals::Pool& germany = *generals::state(start).of(v.find_power("Germany"));
    CHECK(germany.ranks[0] == generals::PoolGeneral{"von Kluck", 0, true});
    CHECK(germany.ranks[7] == generals::PoolGeneral{"von Emmich", 0, true});
    CHECK(germany.ranks[8] == generals::PoolGeneral{"von Zwehl", 0, false});
    const generals::Pool& france = *generals::state(start).of(v.find_power("France"));
    CHECK(france.ranks[6] == generals::PoolGeneral{"Michel", 0, true});  // the governor of Paris
    CHECK(france.ranks[10] == generals::PoolGeneral{"Darche", 0, true});
    CHECK(france.ranks[11] == generals::PoolGeneral{"Foch", 0, false});
}

TEST_CASE("Generals: a power the variant names too few for is given numbered generals") {
    json doc = json::parse(variant_text("western-front-1914"));
    doc["rules"]["generals"] = json::parse(R"({"pool": 4, "names": {"Britain": ["Haig"]}})");
    const VariantLoad load = load_variant(doc.dump());
    REQUIRE(load.ok());
    const Position start = starting_position(*load.variant);
    CHECK(position_is_ok(*load.variant, start).empty());
    const generals::Pool& britain = *generals::state(start).of(load.variant->find_power("Britain"));
    REQUIRE(britain.ranks.size() == 4);
    CHECK(britain.ranks[0] == generals::PoolGeneral{"Sir John French", 0, true});
    CHECK(britain.ranks[1].name == "Haig");
    CHECK(britain.ranks[2].name == "Britain general 3");
    CHECK(britain.ranks[3].name == "Britain general 4");
    // More commanders than the pool holds: every one of them is in it.
    const generals::Pool& france = *generals::state(start).of(load.variant->find_power("France"));
    CHECK(france.ranks.size() == 11);
}

TEST_CASE("Generals: under fog of war a power sees its own pool only, the public none") {
    const Variant& v = variant_named("western-front-1914");
    REQUIRE(hides_positions(v));
    const Position start = starting_position(v);
    for (const char* name : {"Germany", "France", "Britain", "Belgium"}) {
        CAPTURE(std::string(name));
        const PowerId power = v.find_power(name);
        const auto sight = sight_of(v, start, power);
        REQUIRE(sight.has_value());
        const json view = seen_position_json(v, start, *sight);
        REQUIRE(view.contains("generals"));
        CHECK(view["generals"].size() == 1);
        CHECK(view["generals"][name]["pool"].size() == 20);
        // The view is a position: it loads and keeps the invariants that tie a pool to its
        // power's commands.
        const PositionLoad back = position_from_json(v, view);
        INFO(all_errors(back));
        REQUIRE(back.ok());
        CHECK(position_is_ok(v, *back.position).empty());
    }
    const auto public_sight = sight_of(v, start, kNoPower);
    REQUIRE(public_sight.has_value());
    CHECK_FALSE(seen_position_json(v, start, *public_sight).contains("generals"));
}

TEST_CASE("Generals: the pools' events are their power's own, about no province") {
    // Under fog of war an event about a province is shown to whoever sees the province; a
    // nation's roster and rolls are its own (docs/generals.md, "Events").
    const Variant& v = variant_named("western-front-1914");
    const Adjudication week = adjudicate(v, starting_position(v), {}, 1914);
    int generals_events = 0;
    for (const Event& e : week.events) {
        if (e.kind.rfind("general.", 0) != 0) continue;
        ++generals_events;
        CAPTURE(e.text);
        CHECK(e.province == kNoProvince);
        CHECK(e.power != kNoPower);
    }
    CHECK(generals_events >= 80);  // twenty type rolls a nation, then the appointments
}
