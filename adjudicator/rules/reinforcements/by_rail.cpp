// SPDX-License-Identifier: Apache-2.0
// Troops raised by rail (OCS rail movement step 1: "Si los refuerzos entran por un hexágono que
// contenga ferrocarril pueden hacerlo por esta via procedentes de fuera del mapa";
// docs/reinforcements.md, "By rail"): RAISE 300 A LIE BY RAIL raises the army as RAISE 300 A KOL
// does and brings it on by rail from a map-edge source of the power to a railhead of its
// operational network, paying its cargo in the power's rail capacity. The rail module routes it and
// keeps the week's capacity.
#include "position/position.h"
#include "rules/rail/rail.h"
#include "rules/rail/route.h"
#include "rules/reinforcements/reinforcements.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::reinforcements {

namespace {

std::string route_text(const Variant& v, ProvinceId source, const rail::RailRoute& route) {
    std::string out = v.provinces[source].abbr;
    for (ProvinceId p : route.path) out += "-" + v.provinces[p].abbr;
    return out;
}

bool held(const Variant& v, const Position& pos, PowerId power, ProvinceId province) {
    if (pos.unit_at(province) != nullptr) return true;
    for (const Garrison& g : sieges::state(pos).garrisons)
        if (g.province == province && v.campaign->enemies(g.power, power)) return true;
    return false;
}

}  // namespace

std::string no_arrival(const Variant& v, const Position& pos, PowerId power, ProvinceId source,
                       ProvinceId to, std::int64_t points) {
    const CampaignMap& map = *v.campaign;
    const std::string name = v.provinces[to].abbr;
    const std::string& who = v.powers[power].name;
    if (!map.modules.enabled("rail_network"))
        return "this map has no rail network rules: troops cannot come by rail";
    const std::int64_t capacity = rail::network_rail_capacity(v, power);
    if (capacity == 0) return who + " has no rail capacity";
    if (source != kNoProvince && !rail::arrival_source(v, power, source))
        return v.provinces[source].abbr + " is no map edge of " + who +
               " with rail, where troops come in by rail from off the map";
    if (no_muster(v, pos, power, to).empty())
        return name + " is where " + who + "'s troops muster: write RAISE " +
               std::to_string(points) + " A " + name;
    if (map.railhead[to] == 0)
        return name + " is not a railhead site (a town, city or port with a station): troops " +
               "cannot come on by rail there";
    if (rail::state(pos).of(power, to) < rail::RailState::Capacity1)
        return "the rail in " + name + " is not operational for " + who +
               ": troops cannot come on by rail there";
    if (map.enemies(power, pos.owner[to]))
        return name + " is under enemy control: troops cannot come on by rail there";
    // Enemy troops on the way are looked for as the movement ends (fog of war), not here.
    const rail::RailRouteRelax relax{.pass_enemies = true};
    const auto arrival = rail::arrival_route(v, pos, power, to, source, relax);
    if (!arrival)
        return "no operational rail of " + who + " joins " +
               (source != kNoProvince ? v.provinces[source].abbr : "its map edge") + " to " + name;
    const std::int64_t cost = rail::cargo_cost(points, arrival->route);
    if (cost > capacity)
        return "the ride of " + std::to_string(points) + " points from " +
               v.provinces[arrival->source].abbr + " to " + name + " costs " +
               std::to_string(cost) + " of " + who + "'s rail capacity of " +
               std::to_string(capacity) + " a turn";
    return {};
}

std::string_view arrive_by_rail(TurnContext& ctx, const Order& o, std::string& how) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const ProvinceId to = o.unit.province;
    if (held(v, next, o.power, to))
        return "the province is held: the new army has nowhere to stand";
    const auto arrival = rail::arrival_at_week_end(ctx, o.power, to, o.target);
    if (!arrival) return "enemy troops stand on every rail from the map edge as the week ends";
    const std::int64_t cost = rail::cargo_cost(o.count, arrival->route);
    const std::int64_t left = rail::capacity_left(ctx)[o.power];
    if (cost > left) return "over the power's rail capacity this turn: the army does not come";
    rail::spend_capacity(ctx, o.power, cost);
    how = "; it came by rail " + route_text(v, arrival->source, arrival->route) + " for " +
          std::to_string(cost) + " of " + v.powers[o.power].name + "'s rail capacity (" +
          std::to_string(left) + " available, " + std::to_string(left - cost) + " left)";
    if (arrival->route.all_double) how += "; all double track: half cost";
    if (arrival->route.interdicted) how += "; enters an interdicted province: double cost";
    return {};
}

}  // namespace adjutant::reinforcements
