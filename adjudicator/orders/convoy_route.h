// SPDX-License-Identifier: Apache-2.0
// Convoy routes as order legality needs them (DATC 4.E.1): is there, in this position, a chain
// of fleets at sea that could carry an army, not knowing any orders yet?
//
// Only fleets in sea provinces count (DATC 6.F.1); the fleets' powers do not matter. Both ends
// must be coastal provinces. These are pure queries on the variant and position.
#pragma once

#include "core/ids.h"

namespace adjutant {

struct Variant;
struct Position;

bool is_coastal(const Variant& variant, ProvinceId province);

// A route of fleet-occupied seas from `from` to `to`, not using the fleet in `excluded`
// (a supporter cannot also convoy: DATC 6.D.31).
bool convoy_route_exists(const Variant& variant, const Position& position, ProvinceId from,
                         ProvinceId to, ProvinceId excluded = kNoProvince);

// Whether the fleet in `fleet` is needed by some route from `from` to `to`: it lies on a route
// none of whose fleets could be skipped. A convoy order for a fleet that no route needs is
// illegal (DATC 6.G.19).
bool fleet_on_convoy_route(const Variant& variant, const Position& position, ProvinceId from,
                           ProvinceId to, ProvinceId fleet);

}  // namespace adjutant
