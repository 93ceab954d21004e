// SPDX-License-Identifier: Apache-2.0
// Routes along the navigable rivers (Lone Warrior 4a; docs/rivers.md), for the supply module's
// lines and trains: "Supply lines may be traced along a river to a friendly city if a barge
// flotilla is operating from this city as a supply carrier. This supply line can be cut by an
// enemy army holding a bridge hexside unless a friendly army also holds the bridge hexside."
//
// A route is a walk over the roads and the rivers a power's side has a flotilla on, breadth
// first: each road and each reach of a river (from one province of its course to the next) is
// one step. Without a river in use it is exactly the supply module's road route.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/ids.h"
#include "variant/variant.h"

namespace adjutant {
struct Position;
}

namespace adjutant::rivers {

// Whether `variant` has rivers a flotilla can carry along (the rivers module is on).
bool has_rivers(const Variant& variant);

// Per river of the variant: 1 where a flotilla of `power` or of an ally operates from a city on
// its course that is a friendly supply base (`base`, the supply module's test).
template <typename Base>
std::vector<std::uint8_t> rivers_in_use(const Variant& variant, const Position& position,
                                        PowerId power, Base base);
// The same into `in_use`, keeping its room.
template <typename Base>
void rivers_in_use(const Variant& variant, const Position& position, PowerId power, Base base,
                   std::vector<std::uint8_t>& in_use);

// Whether barges of `power` pass into `province` along river `river`: not where an enemy army
// holds a bridge of the river there, unless a garrison of `power`'s side holds the province's
// fortress (docs/rivers.md: on a province map the garrison is the friend beside the enemy).
bool river_open(const Variant& variant, const Position& position, std::size_t river,
                ProvinceId province, PowerId power);

// Whether a flotilla of `power` or of an ally operates from `city`.
bool friendly_flotilla(const Variant& variant, const Position& position, ProvinceId city,
                       PowerId power);

// Whether an enemy army standing in the province at `index` of `stats.supply_line` is told of
// the line (4a): anywhere on its road part, and on its river leg where a bridge crosses the river
// ("crosses a bridge over a river being used as a supply line"), not where barges pass an army on
// the bank.
bool told_of_line(const Variant& variant, const UnitStats& stats, std::size_t index);

struct Route {
    std::vector<ProvinceId> provinces;  // from the start to the goal, both included; empty: none
    int river = -1;      // the river of the route's river leg, or -1 when it goes all by road
    int river_from = 0;  // the place in `provinces` where the river leg starts
};

// How a route may use the rivers.
enum class RiverUse : std::uint8_t {
    // A supply line: by road, then along one river to the flotilla's city, which is the goal
    // ("traced along a river to a friendly city if a barge flotilla is operating from this city").
    LastLegToFlotilla,
    // A supply train: by road and river in any order, the river wherever the side's barges go.
    Anywhere,
};

// The shortest route of `power` from `from` to a province `goal` accepts, entering by road no
// province `blocked` rejects (the start is always allowed) and along a river only what
// `river_open` lets pass. Ties between routes of equal length go to the goal first by
// abbreviation, then to the road before the river, then province by province by abbreviation:
// the supply module's order for roads.
template <typename Goal, typename Blocked, typename Base>
Route route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
            RiverUse use, Goal goal, Blocked blocked, Base base);
// The same into `found`, keeping its room: a week traces every army's supply line into the
// army's own.
template <typename Goal, typename Blocked, typename Base>
void route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
           RiverUse use, Goal goal, Blocked blocked, Base base, Route& found);

// The space a search works in. A week traces every army's supply line, each a search over the
// whole map: the week's step keeps one SearchSpace for all of them (rather than some ten
// allocations a search) and passes it to the overload below. Each search sets what it reads.
struct SearchSpace {
    // A state's parent is set only where `seen` holds the search's number: a search per army
    // a week does not clear arrays of every province (the square of the front).
    std::vector<std::uint32_t> parent;
    std::vector<std::uint32_t> seen;
    std::uint32_t search = 0;
    std::vector<std::uint32_t> frontier;
    std::vector<std::uint32_t> next;
    std::vector<std::uint32_t> companions;
    std::vector<std::uint32_t> states;
    std::vector<std::uint8_t> in_use;  // per river: whether the search may go along it
};

// The same, working in `space`.
template <typename Goal, typename Blocked, typename Base>
void route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
           RiverUse use, Goal goal, Blocked blocked, Base base, Route& found, SearchSpace& space);

}  // namespace adjutant::rivers

#include "rules/rivers/river_route.inl"
