// SPDX-License-Identifier: Apache-2.0
// Supply lines (seed 004, 4a): each army traces the shortest road route to a friendly supply
// base; a province holding an enemy army cuts it. The line is kept on the army.
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

std::vector<ProvinceId> trace_line(const Variant& v, const Position& position, const Unit& u) {
    return road_route(
        v, u.location.province, [&](ProvinceId p) { return supply_base(v, position, p, u.power); },
        [&](ProvinceId p) { return enemy_army_in(v, position, p, u.power); });
}

void trace_supply_lines(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (Unit& u : next.units) {
        if (u.type != UnitType::Army) continue;
        const PowerId power = u.power;
        std::vector<ProvinceId> line = trace_line(v, next, u);
        const bool had = !u.stats.supply_line.empty();
        if (line.empty() && had) {
            ctx.event("supply.cut", power, u.location.province,
                      unit_name(v, u) + "'s supply line is cut: no road to a friendly base");
        } else if (!line.empty() && (!had || u.stats.supply_line.back() != line.back())) {
            ctx.event("supply.line", power, u.location.province,
                      unit_name(v, u) + " draws its supply from " + abbr(v, line.back()) + " (" +
                          std::to_string(line.size() - 1) +
                          (line.size() == 2 ? " road)" : " roads)"));
        }
        u.stats.supply_line = std::move(line);
    }
}

}  // namespace adjutant::supply
