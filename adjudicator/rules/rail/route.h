// SPDX-License-Identifier: Apache-2.0
// Network rail routes (OCS rail movement; docs/rail-movement.md): which way a unit of a power rides
// its operational rail from one railhead to another, and what the ride costs in rail capacity.
//
// Shared by the ride's legality (is there a route at all?) and its plan (the provinces the ride
// passes and contests), so both always agree on the route.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/ids.h"

namespace adjutant {
struct Variant;
struct Position;
struct Unit;
}  // namespace adjutant

namespace adjutant::rail {

struct RailRoute {
    std::vector<ProvinceId> path;  // the provinces entered, destination last
    bool all_double = false;       // every link multi-track: half cost
    bool interdicted = false;      // enters an interdicted province: double cost
};

// Rules to leave out, only to tell a player which rule refused an order.
struct RailRouteRelax {
    bool pass_enemies = false;     // provinces holding an enemy unit or garrison
    bool any_track = false;        // single and narrow track for armies
    bool pass_demolished = false;  // links with a demolished structure
    bool any_gauge = false;        // links of another gauge than the power's (OCS rail movement)
};

// The route `power`'s army rides from `from` to `to`: the cheapest (all double, not entering an
// interdicted province), then the fewest provinces, then the lowest province ids in order along
// the way. Empty when there is none.
std::optional<RailRoute> network_rail_route(const Variant& variant, const Position& position,
                                            PowerId power, ProvinceId from, ProvinceId to,
                                            RailRouteRelax relax = {});

// Troops coming by rail from off the map (OCS rail movement; docs/reinforcements.md, "By rail"):
// whether `province` is a map edge of `power`'s own with rail, where they come in; and their route
// to `to` from `source`, or from the cheapest such edge (then the fewest provinces, then the first
// in the map's order) when `source` is kNoProvince. An edge holding an enemy unit or garrison, or
// whose rail is not operational for the power, is none.
struct RailArrival {
    ProvinceId source = kNoProvince;
    RailRoute route;
};
bool arrival_source(const Variant& variant, PowerId power, ProvinceId province);
std::optional<RailArrival> arrival_route(const Variant& variant, const Position& position,
                                         PowerId power, ProvinceId to, ProvinceId source,
                                         RailRouteRelax relax = {});
// The rail capacity cargo of `points` strength points costs along `route`, as a ride's.
std::int64_t cargo_cost(std::int64_t points, const RailRoute& route);

// The rail capacity (supply points) the unit's ride costs.
std::int64_t network_rail_cost(const Unit& unit, const RailRoute& route);

// `power`'s rail capacity a turn; 0 when the variant gives none.
std::int64_t network_rail_capacity(const Variant& variant, PowerId power);

// An enemy unit or enemy garrison stands in `province`: OCS rail movement's enemy zone of control
// at the scale of a province.
bool enemy_presence(const Variant& variant, const Position& position, PowerId power,
                    ProvinceId province);

// The power's enemy controls `province`: an enemy garrison holds it, or an enemy owns it.
bool enemy_controlled(const Variant& variant, const Position& position, PowerId power,
                      ProvinceId province);

}  // namespace adjutant::rail
