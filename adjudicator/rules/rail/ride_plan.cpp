// SPDX-License-Identifier: Apache-2.0
// Network rail moves before the resolution: each ride's route, and the power's rail capacity
// shared among its rides (OCS rail movement; docs/rail-movement.md). Then the resolver walks the
// route (resolve/rail_move.cpp) as these rules say: only enemy units block a ride, and it ends only
// at a railhead site.
//
// Capacity is spent at the start of the turn, before anything is decided: a ride that is later
// stopped short still used its trains. A power's rides are served cheapest first, ties by the
// origin's abbreviation, so that as many ride as the capacity allows and the order in which
// they were written or stored never matters; a ride the remaining capacity cannot pay for
// holds. A ride that marches to its station first pays for the rail from the station only, and
// pays even when the march fails: the trains were ordered at the start of the turn.
#include <algorithm>
#include <tuple>

#include "rules/rail/rail.h"
#include "rules/rail/route.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

constexpr std::string_view kOverRailCapacity =
    "over the power's rail capacity this turn: the unit holds";

}  // namespace

ProvinceId embarks_at(const Order& ride) {
    return ride.target != kNoProvince ? ride.target : ride.unit.province;
}

std::vector<ProvinceId> ridden_path(const Order& ride, const RailRoute& route) {
    // A march to the station is the first step of the path: the resolver contests it as it
    // contests every province of a ride (docs/rail-movement.md, "Marching to the train").
    std::vector<ProvinceId> path;
    path.reserve(route.path.size() + 1);
    if (ride.target != kNoProvince) path.push_back(ride.target);
    path.insert(path.end(), route.path.begin(), route.path.end());
    return path;
}

std::vector<RideSpending> spend_rail_capacity(const Variant& v, const Position& position,
                                              std::span<const RideRequest> rides) {
    std::vector<RideSpending> out(rides.size());
    struct Queued {
        PowerId power;
        std::int64_t cost;
        const std::string* origin;
        std::size_t ride;
    };
    std::vector<Queued> queue;
    for (std::size_t k = 0; k < rides.size(); ++k) {
        const Order& o = *rides[k].order;
        const ProvinceId from = o.unit.province;
        auto route =
            network_rail_route(v, position, o.power, embarks_at(o), o.destination.province);
        if (!route) continue;  // the legality refuses these; without a route the unit stays
        RideSpending& spent = out[k];
        spent.cost = network_rail_cost(*rides[k].unit, *route);
        spent.route = std::move(*route);
        spent.routed = true;
        queue.push_back(Queued{o.power, spent.cost, &v.provinces[from].abbr, k});
    }
    std::sort(queue.begin(), queue.end(), [](const Queued& a, const Queued& b) {
        return std::tie(a.power, a.cost, *a.origin) < std::tie(b.power, b.cost, *b.origin);
    });
    PowerId power = kNoPower;
    std::int64_t left = 0;
    for (const Queued& ride : queue) {
        if (ride.power != power) {
            power = ride.power;
            left = network_rail_capacity(v, power);
        }
        RideSpending& spent = out[ride.ride];
        spent.left = left;
        if (ride.cost <= left)
            left -= ride.cost;
        else
            spent.over_capacity = true;
    }
    return out;
}

std::vector<std::int64_t> capacity_after_rides(const Variant& v, const Position& before,
                                               std::span<const Order> orders) {
    std::vector<std::int64_t> left(v.powers.size(), 0);
    for (std::size_t w = 0; w < left.size(); ++w)
        left[w] = network_rail_capacity(v, static_cast<PowerId>(w));
    std::vector<RideRequest> rides;
    for (const Order& o : orders)
        if (o.type == OrderType::RailMove && o.kind == &kRide)  // a ride is no Module order
            if (const Unit* unit = before.unit_at(o.unit.province); unit != nullptr)
                rides.push_back(RideRequest{&o, unit});
    const std::vector<RideSpending> spent = spend_rail_capacity(v, before, rides);
    for (std::size_t k = 0; k < rides.size(); ++k)
        if (spent[k].routed && !spent[k].over_capacity && rides[k].order->power < left.size())
            left[rides[k].order->power] -= spent[k].cost;
    return left;
}

std::int64_t supply_point_cost(const Variant& v, const Position& before,
                               std::span<const ProvinceId> route) {
    const CampaignMap& map = *v.campaign;
    const auto& interdicted = state(before).interdicted;
    bool all_double = true;
    bool into_interdiction = false;
    for (std::size_t k = 1; k < route.size(); ++k) {
        const auto link = map.rail_link(route[k - 1], route[k]);
        if (!link || map.rail_links[*link].track != Track::Double) all_double = false;
        if (std::binary_search(interdicted.begin(), interdicted.end(), route[k]))
            into_interdiction = true;
    }
    const std::int64_t num = into_interdiction ? 2 : 1;
    const std::int64_t den = all_double ? 2 : 1;
    return (num + den - 1) / den;
}

void plan_rides(const Variant& v, const Position& position, std::span<const RideRequest> rides,
                std::span<RidePlan> plans) {
    const std::vector<RideSpending> spent = spend_rail_capacity(v, position, rides);
    for (std::size_t k = 0; k < rides.size(); ++k) {
        RidePlan& plan = plans[k];
        plan.path.clear();
        plan.held = {};
        if (spent[k].over_capacity)
            plan.held = kOverRailCapacity;
        else
            plan.path = ridden_path(*rides[k].order, spent[k].route);
    }
}

bool ride_stopped_by(const Variant& v, PowerId rider, PowerId other) {
    return v.campaign && v.campaign->enemies(rider, other);
}

// A network ride disembarks only at a railhead site (OCS rail movement, step 3).
bool ride_may_end(const Variant& v, ProvinceId province) {
    return v.campaign->railhead[province] != 0;
}

}  // namespace adjutant::rail
