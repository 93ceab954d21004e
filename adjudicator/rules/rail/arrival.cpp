// SPDX-License-Identifier: Apache-2.0
// Troops arriving by rail from off the map (OCS rail movement step 1: "Si los refuerzos entran por
// un hexágono que contenga ferrocarril pueden hacerlo por esta via procedentes de fuera del mapa";
// docs/reinforcements.md, "By rail"). The reinforcements module raises them; this file says by
// which rail they come, what they cost in rail capacity, and keeps the week's ledger of rail
// capacity that such cargo spends, so the supply trains after it see what is left.
#include <algorithm>

#include "position/position.h"
#include "rules/rail/rail.h"
#include "rules/rail/route.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// A route's cost in rail capacity for 4 points, to compare routes of every class exactly.
std::int64_t cost_class(const RailRoute& route) {
    return route.interdicted ? (route.all_double ? 2 : 4) : (route.all_double ? 1 : 2);
}

}  // namespace

bool arrival_source(const Variant& v, PowerId power, ProvinceId province) {
    const auto& edge = v.campaign->map_edge[province];
    return std::find(edge.begin(), edge.end(), power) != edge.end() &&
           !v.campaign->rail_links_at[province].empty();
}

std::optional<RailArrival> arrival_route(const Variant& v, const Position& position, PowerId power,
                                         ProvinceId to, ProvinceId source, RailRouteRelax relax) {
    std::optional<RailArrival> best;
    for (std::size_t p = 0; p < v.provinces.size(); ++p) {
        const auto from = static_cast<ProvinceId>(p);
        if ((source != kNoProvince && from != source) || !arrival_source(v, power, from)) continue;
        // Troops cannot come in where the enemy stands (the route's other provinces are the
        // route finder's).
        if (!relax.pass_enemies && enemy_presence(v, position, power, from)) continue;
        if (state(position).of(power, from) < RailState::Capacity1) continue;
        auto route = network_rail_route(v, position, power, from, to, relax);
        if (!route) continue;
        // The cheapest, then the fewest provinces, then the first source in the map's order.
        if (best && std::make_pair(cost_class(best->route), best->route.path.size()) <=
                        std::make_pair(cost_class(*route), route->path.size()))
            continue;
        best = RailArrival{from, std::move(*route)};
    }
    return best;
}

std::int64_t cargo_cost(std::int64_t points, const RailRoute& route) {
    // As a ride's (route.cpp): the troops arrive as an army of marching units.
    const std::int64_t num = std::max<std::int64_t>(points, 0) * (route.interdicted ? 2 : 1);
    const std::int64_t den = route.all_double ? 4 : 2;
    return (num + den - 1) / den;
}

std::optional<RailArrival> arrival_at_week_end(const TurnContext& ctx, PowerId power, ProvinceId to,
                                               ProvinceId source) {
    // The enemies where the movement left them; the GM's interdiction marks of the turn, which
    // the next position no longer carries.
    Position at_end = ctx.result.next;
    state(at_end).interdicted = state(ctx.before).interdicted;
    return arrival_route(ctx.variant, at_end, power, to, source);
}

std::vector<std::int64_t> capacity_left(const TurnContext& ctx) {
    std::vector<std::int64_t> left = capacity_after_rides(ctx.variant, ctx.before, ctx.orders);
    const auto& spent = state(ctx.result.next).cargo_spent;
    for (std::size_t w = 0; w < left.size() && w < spent.size(); ++w) left[w] -= spent[w];
    return left;
}

void spend_capacity(TurnContext& ctx, PowerId power, std::int64_t cost) {
    auto& spent = state(ctx.result.next).cargo_spent;
    if (spent.size() < ctx.variant.powers.size()) spent.resize(ctx.variant.powers.size(), 0);
    spent[power] += cost;
}

}  // namespace adjutant::rail
