// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: arbitrary bytes as one power's orders for a 1914 campaign week with a siege
// under way (A AAC moved into Liège, its siege laid), France's A NAN in field works and
// detachments out on both sides (a German one in EIF; a French one in ARG, with a German one in
// MEZ next to it), then the week adjudicated with whatever the parser accepted. Rail rides, siege
// and garrison orders, rail works, field works, detachments' orders and generals' transfers meet
// arbitrary input, and every rule module (supply, sieges, field works, detachments, rail
// engineering, the LOC allocation, the pools of generals) meets arbitrary legal orders: nothing
// may crash, hang, or answer without a reason. The week is played as a tabletop campaign too
// (4e), with the GM's result for the battle at NAN already entered, so the tabletop module meets
// arbitrary orders; and the submitting power's view of the week's outcome (fog of war) must be a
// position that views as itself. Belgian barges operate from Namur and French from Verdun, so
// lines and trains may take to the Meuse past besieged Liège, and no flotilla may outlast its
// city.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <string_view>

#include "adjudicate.h"
#include "orders/parser.h"
#include "position/position.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "rules/detachments/state.h"
#include "rules/field_works/state.h"
#include "rules/generals/state.h"
#include "rules/rivers/state.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "rules/tabletop_battles/battles.h"
#include "starting_position.h"
#include "variant/variant_json.h"

#ifndef ADJUTANT_SOURCE_DIR
#define ADJUTANT_SOURCE_DIR "."
#endif

namespace {

using namespace adjutant;

struct Campaign {
    Variant variant;
    Position week;
};

const Campaign& campaign() {
    static const Campaign c = [] {
        std::ifstream in(
            std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/western-front-1914.json",
            std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        nlohmann::json doc = nlohmann::json::parse(text.str());
        doc["rules"]["tabletop_battles"] = nlohmann::json::object();
        VariantLoad load = load_variant(doc.dump());
        if (!load.ok()) std::abort();  // the fuzzer is useless without its variant
        Campaign out{std::move(*load.variant), {}};
        out.week = starting_position(out.variant);
        const ProvinceId lie = out.variant.find_province("LIE");
        for (Unit& u : out.week.units)
            if (out.variant.provinces[u.location.province].abbr == "AAC") {
                u.location = Location{lie, Coast::None};
                sieges::Siege siege;
                siege.province = lie;
                siege.power = u.power;
                siege.army = u.stats.id;
                siege.weeks = 2;
                sieges::state(out.week).sieges.push_back(siege);
            } else if (out.variant.provinces[u.location.province].abbr == "NAN") {
                field_works::Works works;
                works.province = u.location.province;
                works.power = u.power;
                works.army = u.stats.id;
                field_works::state(out.week).works.push_back(works);
                // Should Germany's A MOR march on NAN, the GM has France win, 10 points each.
                tabletop_battles::BattleResult battle;
                battle.province = u.location.province;
                battle.winner = u.power;
                battle.losses = {{u.location.province, 10}, {out.variant.find_province("MOR"), 10}};
                tabletop_battles::state(out.week).results.push_back(battle);
            }
        rivers::state(out.week).flotillas = {
            {out.variant.find_power("Belgium"), out.variant.find_province("NAM")},
            {out.variant.find_power("France"), out.variant.find_province("VER")}};
        // Detachments on both sides (Lone Warrior 4f), within reach of each other.
        const auto detachment = [&](const char* power, const char* province) {
            detachments::state(out.week).detachments.push_back(
                {out.variant.find_power(power), out.variant.find_province(province)});
        };
        detachment("Germany", "EIF");
        detachment("Germany", "MEZ");
        detachment("France", "ARG");
        out.week.normalise();
        return out;
    }();
    return c;
}

// Strength points of the armies, fleets and garrisons on the board: battles, sieges and hunger
// only take them away, a split or a sortie moves them from one to another, and only troops
// raised or sent as reinforcements from the treasury add to them (docs/reinforcements.md).
std::int64_t points_in_field(const Position& position) {
    std::int64_t total = 0;
    for (const Unit& u : position.units) total += u.stats.points;
    for (const DislodgedUnit& d : position.dislodged) total += d.unit.stats.points;
    for (const Garrison& g : sieges::state(position).garrisons) total += g.points;
    return total;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const Campaign& c = campaign();
    static const OrderParser parser(c.variant);
    // The first byte picks the submitting power (or none) and the seed; the rest is the text.
    const PowerId as = data[0] < c.variant.powers.size() ? data[0] : kNoPower;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const ParsedOrders parsed = parser.parse(c.week, text, as);
    for (const OrderVerdict& v : parsed.verdicts)
        if (!v.accepted() && v.error.empty()) std::abort();  // a refusal always says why
    const Adjudication result = adjudicate(c.variant, c.week, parsed.orders, data[0]);
    // A week builds no army: a new one is only a detachment split from an army (4c), at most
    // one per module order, and it brings no points of its own.
    const auto module_orders = static_cast<std::size_t>(
        std::count_if(parsed.orders.begin(), parsed.orders.end(),
                      [](const Order& o) { return o.type == OrderType::Module; }));
    if (result.next.units.size() > c.week.units.size() + module_orders) std::abort();
    const auto treasury = [](const Position& p) {
        const auto& t = supply::state(p).treasury;
        return std::accumulate(t.begin(), t.end(), std::int64_t{0});
    };
    if (points_in_field(result.next) - points_in_field(c.week) >
        std::max<std::int64_t>(0, treasury(c.week) - treasury(result.next)))
        std::abort();
    // Detachments: one a province (4f), and no more of them than stood plus those raised.
    const auto& after = detachments::state(result.next).detachments;
    for (const detachments::Detachment& d : after)
        if (std::count_if(after.begin(), after.end(), [&](const detachments::Detachment& o) {
                return o.province == d.province;
            }) > 1)
            std::abort();
    if (after.size() > detachments::state(c.week).detachments.size() + module_orders) std::abort();
    // A pool keeps its length: a general lost is replaced at the lowest rank (4g).
    for (const generals::Pool& pool : generals::state(c.week).pools) {
        const generals::Pool* after = generals::state(result.next).of(pool.power);
        if (after == nullptr || after->ranks.size() != pool.ranks.size()) std::abort();
    }
    // A flotilla is lost with its city: none stands in a city its power's enemy holds.
    for (const rivers::Flotilla& f : rivers::state(result.next).flotillas)
        if (!c.variant.campaign->friendly(result.next.owner[f.city], f.power)) std::abort();
    // The submitting power's view of the outcome (the public's when none) loads, and its view
    // is itself. One view a run, so the fuzzer keeps its pace through the week.
    const auto sight = sight_of(c.variant, result.next, as);
    if (!sight) std::abort();  // the 1914 campaign is in the fog
    const nlohmann::json view = seen_position_json(c.variant, result.next, *sight);
    const PositionLoad back = position_from_json(c.variant, view);
    if (!back.ok()) std::abort();
    const auto again = sight_of(c.variant, *back.position, as);
    if (!again || seen_position_json(c.variant, *back.position, *again) != view) std::abort();
    return 0;
}
