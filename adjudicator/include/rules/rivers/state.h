// SPDX-License-Identifier: Apache-2.0
// What the rivers module keeps in a position from week to week (Lone Warrior 4a; docs/rivers.md):
// the barge flotillas, each operating from a city as a supply carrier. It lives in the
// position's module states (position/module_state.h); the core copies, compares and normalises
// it without knowing it. Public, as the other modules' states are, for the fuzz targets and
// tests that set a position up, and for the supply module, whose lines the flotillas carry: it
// records an army's river leg on the unit (`attributes()`).
#pragma once

#include <cstdint>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {
struct Position;
}

namespace adjutant::rivers {

// A barge flotilla of `power` operating from `city`: it carries the supply lines of its power
// and its allies along every navigable river through the city (docs/rivers.md, "Choices").
struct Flotilla {
    PowerId power = kNoPower;
    ProvinceId city = kNoProvince;

    friend bool operator==(const Flotilla&, const Flotilla&) = default;
};

struct RiversState {
    std::vector<Flotilla> flotillas;  // sorted by city, then power; one a power and city

    // Whether `power` has a flotilla operating from `city`.
    bool has(PowerId power, ProvinceId city) const;

    bool empty() const { return flotillas.empty(); }
    void normalise();
    friend bool operator==(const RiversState&, const RiversState&) = default;
};

// What the module keeps on a unit (core/module_attributes.h), after the supply step: where the
// unit's supply line takes to a river (4a): the river's index in the variant, and the place in
// `supply_line` of the province where the barges take over; the line goes by road before it and
// along the river from it to its base. `supply_river` -1: all by road.
struct UnitAttributes {
    std::int32_t supply_river = -1;
    std::int32_t supply_river_from = 0;

    friend bool operator==(const UnitAttributes&, const UnitAttributes&) = default;
};

// The module's attributes of a unit; empty ones when it has none.
inline const UnitAttributes& attributes(const UnitStats& stats) {
    return stats.modules.get_or_empty<UnitAttributes>();
}
inline UnitAttributes& attributes(UnitStats& stats) {
    return stats.modules.get<UnitAttributes>();
}

// The position's flotillas; an empty state when it has none.
const RiversState& state(const Position& position);
RiversState& state(Position& position);

}  // namespace adjutant::rivers
