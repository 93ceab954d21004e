// SPDX-License-Identifier: Apache-2.0
// Troops mustered as the movement ends (Lone Warrior 4b and 4c; OCS rail movement;
// docs/reinforcements.md), in the order written while the treasury lasts: a new army raised where
// the province is free, an army or garrison reinforced where it still stands. A new army brings its
// carried weeks of supply (4a "Each army can have two weeks supply accompanying it when it is sent
// out on campaign"), bought with it at the trains' price; it takes a general from its nation's pool
// as the week ends, where the variant keeps pools (docs/generals.md).
#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/parameters.h"
#include "rules/reinforcements/reinforcements.h"
#include "rules/sieges/state.h"
#include "rules/supply/parameters.h"
#include "rules/supply/state.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::reinforcements {

std::int64_t least_points(const Variant& v) {
    return v.campaign->modules.enabled("army_strength") ? army_strength::parameters(v).min_points
                                                        : 250;
}

std::int64_t most_points(const Variant& v) {
    return v.campaign->modules.enabled("army_strength") ? army_strength::parameters(v).max_points
                                                        : 750;
}

std::int64_t raise_cost(const Variant& v, std::int64_t points) {
    return points + static_cast<std::int64_t>(supply::parameters(v).carry_weeks) *
                        supply::parameters(v).train_cost;
}

std::string no_muster(const Variant& v, const Position& pos, PowerId power, ProvinceId province) {
    const CampaignMap& map = *v.campaign;
    const std::string name = v.provinces[province].abbr;
    const bool capital = map.capital[power] == province;
    const auto& edge = map.map_edge[province];
    const bool source = std::find(edge.begin(), edge.end(), power) != edge.end();
    if (!capital && !source)
        return name + " is not where " + v.powers[power].name +
               "'s troops muster: its capital, or its map edge where they arrive by rail";
    if (capital && pos.owner[province] != power)
        return name + ", the capital, is not held by " + v.powers[power].name;
    return {};
}

namespace {

bool enemy_garrison(const Variant& v, const Position& pos, PowerId power, ProvinceId province) {
    const auto& garrisons = sieges::state(pos).garrisons;
    return std::any_of(garrisons.begin(), garrisons.end(), [&](const Garrison& g) {
        return g.province == province && v.campaign->enemies(g.power, power);
    });
}

Garrison* garrison_of(Position& pos, PowerId power, ProvinceId province) {
    for (Garrison& g : sieges::state(pos).garrisons)
        if (g.province == province && g.power == power) return &g;
    return nullptr;
}

// Why the order cannot be carried out as the movement ends, or empty (static words, for the
// verdict).
std::string_view not_now(TurnContext& ctx, const Order& o, std::int64_t cost) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const auto& treasury = supply::state(next).treasury;
    if (o.power >= treasury.size() || treasury[o.power] < cost)
        return "the treasury no longer holds its points";
    if (is(o, kRaiseByRail)) return {};  // by rail: arrive_by_rail's own checks (by_rail.cpp)
    if (!no_muster(v, next, o.power, o.unit.province).empty())
        return "the troops cannot muster there now";
    // Read as the movement ends, not when the order is judged: a seat in the fog may not see the
    // army, and its order must not turn illegal when the week is resolved on the whole position.
    if (supply::enemy_army_in(v, next, o.unit.province, o.power))
        return "an enemy army stands there: no mustering may take place";
    if (is(o, kRaise) && (next.unit_at(o.unit.province) != nullptr ||
                          enemy_garrison(v, next, o.power, o.unit.province)))
        return "the province is held: the new army has nowhere to stand";
    if (is(o, kReinforceArmy) && ctx.army_still_at(o.unit.province, o.power) == nullptr)
        return "the army does not stand there now";
    if (is(o, kReinforceGarrison) && garrison_of(next, o.power, o.unit.province) == nullptr)
        return "the garrison is not there now";
    return {};
}

}  // namespace

void muster(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        const bool raise = is(o, kRaise) || is(o, kRaiseByRail);
        if (!raise && !is(o, kReinforceArmy) && !is(o, kReinforceGarrison)) continue;
        const ProvinceId where = o.unit.province;
        const std::string name = v.provinces[where].abbr;
        const std::int64_t points = o.count;
        const std::int64_t cost = raise ? raise_cost(v, points) : points;
        std::string_view why = not_now(ctx, o, cost);
        std::string by_rail;
        if (why.empty() && is(o, kRaiseByRail)) why = arrive_by_rail(ctx, o, by_rail);
        if (!why.empty()) {
            ctx.verdict(o, false, Reason::NotCarriedOut, why);
            continue;
        }
        supply::state(next).treasury[o.power] -= cost;
        const std::string paid = " for " + std::to_string(cost) + " points";
        if (raise) {
            Unit army;
            army.type = UnitType::Army;
            army.power = o.power;
            army.location = Location{where, Coast::None};
            army.stats.id = next.new_unit_id();
            army.stats.points = points;
            army.stats.supply = supply::parameters(v).carry_weeks;
            const std::int64_t weeks = army.stats.supply;
            ctx.event("reinforcements.raised", o.power, where,
                      v.powers[o.power].name + " raised A " + name + ", army " +
                          std::to_string(army.stats.id) + " of " + std::to_string(points) +
                          " points with " + std::to_string(weeks) + " week" +
                          (weeks == 1 ? "" : "s") + " of supply," + paid + by_rail,
                      weeks);
            next.units.push_back(std::move(army));
            next.normalise();
        } else if (is(o, kReinforceArmy)) {
            Unit* army = ctx.army_still_at(where, o.power);
            army->stats.points += points;
            ctx.event("reinforcements.reinforced", o.power, where,
                      "A " + name + " is reinforced by " + std::to_string(points) +
                          " points (now " + std::to_string(army->stats.points) + ")," + paid);
        } else {
            Garrison* g = garrison_of(next, o.power, where);
            g->points += points;
            ctx.event("reinforcements.reinforced", o.power, where,
                      "the garrison of " + name + " is reinforced by " + std::to_string(points) +
                          " points (now " + std::to_string(g->points) + ")," + paid);
        }
        ctx.verdict(o, true);
    }
}

}  // namespace adjutant::reinforcements
