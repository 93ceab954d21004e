// SPDX-License-Identifier: Apache-2.0
// Network rail moves before the resolution: each ride's route, and the power's rail capacity
// shared among its rides (seed 001; docs/rail-movement.md).
//
// Capacity is spent at the start of the turn, before anything is decided: a ride that is later
// stopped short still used its trains. A power's rides are served cheapest first, ties by the
// origin's abbreviation, so that as many ride as the capacity allows and the order in which
// they were written or stored never matters; a ride the remaining capacity cannot pay for
// holds.
#include <algorithm>
#include <tuple>

#include "orders/rail_route.h"
#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

void MovementResolver::plan_network_rail(const Position& position) {
    const std::size_t n = units_.size();
    rides_.resize(n);
    struct Ride {
        PowerId power;
        std::int64_t cost;
        const std::string* origin;
        std::size_t unit;
    };
    std::vector<Ride> queue;
    for (std::size_t i = 0; i < n; ++i) {
        NetworkRide& ride = rides_[i];
        ride.route.clear();
        ride = NetworkRide{std::move(ride.route)};
        const Order& o = units_[i].order;
        if (o.type != OrderType::RailMove || o.line != kNetworkRail) continue;
        const ProvinceId from = origin(static_cast<int>(i));
        const auto route =
            network_rail_route(*variant_, position, o.power, from, o.destination.province);
        if (!route) continue;  // the parser refuses these; without a route the unit stays
        ride.route = route->path;
        ride.all_double = route->all_double;
        ride.interdicted = route->interdicted;
        ride.routed = true;
        ride.cost = network_rail_cost(position.units[i], *route);
        queue.push_back(Ride{o.power, ride.cost, &variant_->provinces[from].abbr, i});
    }
    std::sort(queue.begin(), queue.end(), [](const Ride& a, const Ride& b) {
        return std::tie(a.power, a.cost, *a.origin) < std::tie(b.power, b.cost, *b.origin);
    });
    PowerId power = kNoPower;
    std::int64_t left = 0;
    for (const Ride& ride : queue) {
        if (ride.power != power) {
            power = ride.power;
            left = network_rail_capacity(*variant_, power);
        }
        rides_[ride.unit].left = left;
        if (ride.cost <= left)
            left -= ride.cost;
        else
            units_[ride.unit].over_capacity = true;
    }
}

}  // namespace adjutant
