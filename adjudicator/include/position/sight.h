// SPDX-License-Identifier: Apache-2.0
// Fog of war (Lone Warrior 4a; docs/fog-of-war.md): what one power sees of a position.
//
// A variant hides positions when an enabled rule module gives the `sight` hook
// (module/rule_module.h); otherwise every position is public and `sight_of` says so. A power
// sees its own units and everything of its own, and what stands in the provinces of its
// sight; the public (kNoPower) sees nobody's units. The GM, and everyone once the game has
// ended, read the position whole: that choice is the server's, not the adjudicator's.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ids.h"
#include "position/position.h"

namespace adjutant {

struct Variant;

struct Sight {
    PowerId power = kNoPower;            // the viewer; kNoPower for the public
    std::vector<std::uint8_t> occupied;  // per province: 1 where the viewer stands
    std::vector<std::uint8_t> seen;      // per province: 1 where the viewer sees

    bool occupies(ProvinceId province) const {
        return province < occupied.size() && occupied[province] != 0;
    }
    bool sees(ProvinceId province) const { return province < seen.size() && seen[province] != 0; }
    // Whether the viewer sees what `owner` has in `province`: its own always, another's where
    // it sees.
    bool shows(PowerId owner, ProvinceId province) const {
        return (power != kNoPower && owner == power) || sees(province);
    }
};

// Calls `hide(unit)` for each unit of `view` the viewer does not own, standing or dislodged:
// what a module's `hide` hook strips of another power's units (the public owns none). A
// dislodged unit is a unit: it shows what a standing one shows, and no more.
template <typename Hide>
void for_each_unit_of_others(Position& view, const Sight& sight, Hide hide) {
    const auto others = [&](const Unit& u) {
        return sight.power == kNoPower || u.power != sight.power;
    };
    for (Unit& u : view.units)
        if (others(u)) hide(u);
    for (DislodgedUnit& d : view.dislodged)
        if (others(d.unit)) hide(d.unit);
}

// Whether `variant` hides positions from its powers.
bool hides_positions(const Variant& variant);

// What `power` sees of `position`, or nullopt when the variant hides nothing.
std::optional<Sight> sight_of(const Variant& variant, const Position& position, PowerId power);

// The view: `position` less what `sight` does not show. It is a position (it loads and
// writes as any other) that holds what the viewer may know.
Position seen_position(const Variant& variant, const Position& position, const Sight& sight);

// The view's document, as the API serves it: position_to_json of the view, less what only a
// document can leave out. It loads as a position document.
nlohmann::json seen_position_json(const Variant& variant, const Position& position,
                                  const Sight& sight);

}  // namespace adjutant
