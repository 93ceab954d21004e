// SPDX-License-Identifier: Apache-2.0
// OCS rail movement, "ancho de vía" (docs/gauge.md): rail of another gauge than a power's own
// cannot carry its trains, and railway engineers move the gauge markers by converting the line.
//
// A map of several gauges names them in rules.rail_network.gauge and lays each rail link in one
// (rail_links[].gauge, the first gauge when unnamed). A link a power's trains cannot use is closed
// to it everywhere the module walks the rail: the reach from its sources (so the line beyond is
// never operational), the engineering of its railheads, its lines of communication and its rides.
//
//   A THO CONVERT WAR   an army with an engineer, at one end of the link, lays it in its power's
//                       gauge by the end of the movement, as the rail works of 18.4 take effect.
#include <algorithm>

#include "orders/legality.h"
#include "orders/order_reader.h"
#include "position/position.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "rules/rail/route.h"
#include "rules/rail/words.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

std::uint8_t power_gauge(const Variant& v, PowerId power) {
    const auto& gauges = rail::parameters(v).power_gauge;
    return power < gauges.size() ? gauges[power] : 0;
}

// The gauge the variant lays link `index` in.
std::uint8_t laid_gauge(const Variant& v, std::uint16_t index) {
    const auto& gauges = rail::parameters(v).link_gauge;
    return index < gauges.size() ? gauges[index] : 0;
}

}  // namespace

const ModuleOrderKind kConvert{"convert", true, check_convert, convert_text};

std::uint8_t gauge_of(const Variant& v, const Position& pos, std::uint16_t index) {
    const auto& converted = state(pos).converted;
    const auto it = std::lower_bound(converted.begin(), converted.end(), index,
                                     [](const std::pair<std::uint16_t, std::uint8_t>& c,
                                        std::uint16_t i) { return c.first < i; });
    return it != converted.end() && it->first == index ? it->second : laid_gauge(v, index);
}

const std::string& gauge_name(const Variant& v, std::uint8_t gauge) {
    static const std::string one = "the map's";
    const auto& names = rail::parameters(v).gauges;
    return gauge < names.size() ? names[gauge] : one;
}

bool gauge_fits(const Variant& v, const Position& pos, PowerId power, std::uint16_t index) {
    return rail::parameters(v).gauges.empty() || gauge_of(v, pos, index) == power_gauge(v, power);
}

void set_gauge(const Variant& v, Position& pos, std::uint16_t index, std::uint8_t gauge) {
    auto& converted = state(pos).converted;
    std::erase_if(converted, [&](const auto& c) { return c.first == index; });
    if (gauge != laid_gauge(v, index)) converted.emplace_back(index, gauge);
    std::sort(converted.begin(), converted.end());
}

SyntaxMatch read_convert(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(kWords["convert"], kWords["converts"], kWords["regauge"], kWords["regauges"]))
        return SyntaxMatch::NotMine;
    set_module_kind(order, kConvert);
    r.advance();
    r.read_move_operator();  // "-" or "to" may stand between, or nothing
    return r.read_place(order.destination, "the line to convert") ? SyntaxMatch::Read
                                                                  : SyntaxMatch::Failed;
}

std::string convert_text(const Variant& v, const Order& o) {
    return unit_text(v, o.unit_type, o.unit) + " CONVERT " +
           v.location_text(Location{o.target, Coast::None});
}

Checked check_convert(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!v.campaign || !enabled(v) || rail::parameters(v).gauges.empty())
        return Checked::refused(
            "converting rail to another gauge is a rule of maps with several gauges; "
            "this map has one");
    const EngineerWork work = engineer_work(v, pos, power, s, "convert rail");
    if (!work.error.empty()) return Checked::refused(work.error);
    const PowerId owner = work.unit->power;
    const std::uint8_t own = power_gauge(v, owner);
    if (gauge_of(v, pos, work.link) == own)
        return Checked::refused("the line " + work.between + " is already of " +
                                gauge_name(v, own) + " gauge, " + v.power_name(owner) + "'s own");
    if (demolished(pos, work.link))
        return Checked::refused("the structures on " + work.between +
                                " are demolished: repair them before converting the line");
    if (enemy_presence(v, pos, owner, work.order.target))
        return Checked::refused(province_abbr(v, work.order.target) +
                                " holds an enemy unit: engineers cannot lay track into it");
    return Checked{work.order, "", ""};
}

void convert_gauges(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        if (!is(o, kConvert)) continue;
        const ProvinceId at = o.unit.province;
        const Unit* army = next.unit_at(at);
        // A dislodged army's engineers had no time for the work.
        if (army == nullptr || army->power != o.power) continue;
        const auto link = v.campaign->rail_link(at, o.target);
        if (!link) continue;
        const std::uint8_t to = power_gauge(v, o.power);
        if (gauge_of(v, next, *link) == to) continue;  // two engineers on one line
        const std::uint8_t from = gauge_of(v, next, *link);
        set_gauge(v, next, *link, to);
        ctx.event("rail.converted", o.power, at,
                  "the engineers of A " + v.provinces[at].abbr + " converted the line " +
                      v.provinces[at].abbr + "-" + v.provinces[o.target].abbr + " from " +
                      gauge_name(v, from) + " to " + gauge_name(v, to) + " gauge");
    }
}

}  // namespace adjutant::rail
