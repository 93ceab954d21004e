// SPDX-License-Identifier: Apache-2.0
// Supply lines (seed 004, 4a): each army traces the shortest road route to a friendly supply
// base; a province holding an enemy army cuts it. Where the map has navigable rivers the line may
// end along a river at a city a barge flotilla operates from (rules/rivers/river_route.h). The
// line is kept on the army.
#include "rules/rivers/river_route.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

rivers::Route trace_route(const Variant& v, const Position& position, const Unit& u) {
    const auto base = [&](ProvinceId p) { return supply_base(v, position, p, u.power); };
    const auto blocked = [&](ProvinceId p) { return enemy_army_in(v, position, p, u.power); };
    if (!rivers::has_rivers(v))
        return rivers::Route{road_route(v, u.location.province, base, blocked)};
    return rivers::route(v, position, u.power, u.location.province,
                         rivers::RiverUse::LastLegToFlotilla, base, blocked, base);
}

std::vector<ProvinceId> trace_line(const Variant& v, const Position& position, const Unit& u) {
    return trace_route(v, position, u).provinces;
}

std::vector<ProvinceId> train_route(const Variant& v, const Position& position, PowerId power,
                                    ProvinceId from, ProvinceId to) {
    const auto goal = [&](ProvinceId p) { return p == to; };
    const auto blocked = [&](ProvinceId p) { return enemy_army_in(v, position, p, power); };
    if (!rivers::has_rivers(v)) return road_route(v, from, goal, blocked);
    return rivers::route(v, position, power, from, rivers::RiverUse::Anywhere, goal, blocked,
                         [&](ProvinceId p) { return supply_base(v, position, p, power); })
        .provinces;
}

namespace {

// " (2 roads)", " (1 road, 3 reaches of the Meuse)": how the line runs.
std::string line_length(const Variant& v, const rivers::Route& line) {
    const std::size_t steps = line.provinces.size() - 1;
    const std::size_t by_river =
        line.river < 0 ? 0 : steps - static_cast<std::size_t>(line.river_from);
    const std::size_t by_road = steps - by_river;
    std::string out = " (";
    if (by_road > 0 || by_river == 0)
        out += std::to_string(by_road) + (by_road == 1 ? " road" : " roads");
    if (by_river > 0) {
        if (by_road > 0) out += ", ";
        out += std::to_string(by_river) + (by_river == 1 ? " reach" : " reaches") + " of the " +
               v.campaign->rivers.rivers[static_cast<std::size_t>(line.river)].name;
    }
    return out + ")";
}

}  // namespace

void trace_supply_lines(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (Unit& u : next.units) {
        if (u.type != UnitType::Army) continue;
        const PowerId power = u.power;
        rivers::Route line = trace_route(v, next, u);
        const bool had = !u.stats.supply_line.empty();
        if (line.provinces.empty() && had) {
            ctx.event("supply.cut", power, u.location.province,
                      unit_name(v, u) + "'s supply line is cut: no road to a friendly base");
        } else if (!line.provinces.empty() &&
                   (!had || u.stats.supply_line.back() != line.provinces.back() ||
                    u.stats.supply_river != line.river)) {
            ctx.event("supply.line", power, u.location.province,
                      unit_name(v, u) + " draws its supply from " + abbr(v, line.provinces.back()) +
                          line_length(v, line));
        }
        u.stats.supply_line = std::move(line.provinces);
        u.stats.supply_river = line.river;
        u.stats.supply_river_from = line.river < 0 ? 0 : line.river_from;
    }
}

}  // namespace adjutant::supply
