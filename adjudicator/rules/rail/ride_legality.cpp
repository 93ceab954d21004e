// SPDX-License-Identifier: Apache-2.0
// The legality of network rail moves, A KOL - RAIL - LIE (OCS rail movement and Oào 18.1;
// docs/rail-movement.md).
//
// Everything the start of the turn decides is checked here, so that a refused order names the
// rule: railhead sites, operational rail, enemy control, the route and the track. What the
// other orders of the turn decide is the ride's plan (capacity shared with the power's other
// rides, ride_plan.cpp) and the resolver's (blocking).
#include "orders/legality.h"
#include "position/position.h"
#include "rules/rail/rail.h"
#include "rules/rail/route.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// Why `p` cannot be an end of a ride, or empty. `verb` is "embark" or "disembark".
std::string end_error(const Variant& v, const Position& pos, PowerId power, ProvinceId p,
                      const char* verb) {
    const std::string name = province_abbr(v, p);
    if (p >= v.campaign->railhead.size() || v.campaign->railhead[p] == 0)
        return name + " is not a railhead site (a town, city or port with a station): a rail " +
               "move cannot " + verb + " there";
    const RailState state = rail::state(pos).of(power, p);
    if (state == RailState::Controlled)
        return "the rail in " + name + " is friendly controlled, not yet operational for " +
               v.power_name(power) + " (18.1.1): a rail move cannot " + verb + " there";
    if (state < RailState::Capacity1)
        return "the rail in " + name + " is not operational for " + v.power_name(power) +
               ": a rail move cannot " + verb + " there";
    if (enemy_controlled(v, pos, power, p))
        return name + " is under enemy control: a rail move cannot " + verb + " there";
    if (enemy_presence(v, pos, power, p))
        return name + " holds an enemy unit: a rail move cannot " + verb + " there";
    return "";
}

std::string route_error(const Variant& v, const Position& pos, PowerId power, ProvinceId from,
                        ProvinceId to) {
    std::string over = " from " + province_abbr(v, from) + " to " + province_abbr(v, to) +
                       " over " + v.power_name(power) + "'s operational rail";
    if (auto route =
            network_rail_route(v, pos, power, from, to, RailRouteRelax{true, false, false}))
        for (ProvinceId p : route->path)
            if (enemy_presence(v, pos, power, p))
                return "every route" + over + " passes a province holding an enemy unit (" +
                       province_abbr(v, p) + ")";
    if (network_rail_route(v, pos, power, from, to, RailRouteRelax{false, true, false}))
        return "armies ride only on double track (18.1): every route" + over +
               " uses single or narrow track";
    if (network_rail_route(v, pos, power, from, to, RailRouteRelax{false, false, true}))
        return "every route" + over + " crosses a demolished link";
    if (network_rail_route(v, pos, power, from, to, RailRouteRelax{false, false, false, true}))
        return "every route" + over + " runs on track of another gauge than " +
               v.power_name(power) + "'s: its engineers must convert it first";
    return "no route" + over;
}

// Why the army in `from` cannot march to `station` before riding on to `to`, or empty.
std::string march_error(const Variant& v, const std::string& who, ProvinceId from,
                        ProvinceId station, ProvinceId to) {
    const std::string name = province_abbr(v, station);
    if (station == from)
        return who + " is already in " + name + ": write " + who + " - RAIL - " +
               province_abbr(v, to);
    if (station == to)
        return who + " would march to " + name + " and ride nowhere: write " + who + " - " + name;
    if (!v.army_can_move(from, station))
        return name + " is not adjacent to " + province_abbr(v, from) +
               ": the march before embarking (half a week's movement) goes to a province next door";
    return "";
}

}  // namespace

Checked check_ride(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId where = s.unit.place.province;
    const Unit* ordered = pos.unit_at(where);
    if (std::string error = ownership_error(v, ordered, where, power); !error.empty())
        return Checked::refused(error);
    const Unit& unit = *ordered;
    // The unit as it stands: a written coast of the ordered unit is ignored (DATC 4.B.5).
    Order order;
    order.type = OrderType::RailMove;
    order.kind = &kRide;
    order.power = power;
    order.unit_type = unit.type;
    order.unit = unit.location;
    if (!v.campaign || !v.campaign->modules.enabled("rail_network"))
        return Checked::refused(
            "this variant has no rail network rules: RAIL moves are not possible");
    if (unit.type != UnitType::Army)
        return Checked::refused("fleets cannot ride the rail: only armies are carried");
    const std::string who = describe_unit(v, unit.type, unit.location);
    const ProvinceId from = unit.location.province;
    const ProvinceId to = s.destination.province;
    if (to == from) return Checked::refused(who + " is already in " + province_abbr(v, to));
    const std::int64_t capacity = network_rail_capacity(v, unit.power);
    if (capacity == 0) return Checked::refused(v.power_name(unit.power) + " has no rail capacity");
    // OCS rail movement step 1: up to half the movement spent before embarking, the march into the
    // railhead province next door (docs/rail-movement.md, "Marching to the train").
    const ProvinceId station = s.path.empty() ? from : s.path.front();
    if (!s.path.empty()) {
        if (std::string error = march_error(v, who, from, station, to); !error.empty())
            return Checked::refused(error);
        order.target = station;
    }
    if (std::string error = end_error(v, pos, unit.power, station, "embark"); !error.empty())
        return Checked::refused(error);
    if (std::string error = end_error(v, pos, unit.power, to, "disembark"); !error.empty())
        return Checked::refused(error);
    const auto route = network_rail_route(v, pos, unit.power, station, to);
    if (!route) return Checked::refused(route_error(v, pos, unit.power, station, to));
    const std::int64_t cost = network_rail_cost(unit, *route);
    if (cost > capacity)
        return Checked::refused("the ride of " + who + " to " + province_abbr(v, to) + " costs " +
                                std::to_string(cost) + " of " + v.power_name(unit.power) +
                                "'s rail capacity of " + std::to_string(capacity) + " a turn");
    order.destination = Location{to, Coast::None};
    return Checked{order, "", letter_note(v, s.unit.type, unit)};
}

}  // namespace adjutant::rail
