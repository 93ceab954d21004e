// SPDX-License-Identifier: Apache-2.0
// What the supply module keeps in a position from week to week (Lone Warrior 4a and 4b;
// docs/campaign.md): the supply trains, each power's treasury, its policy for enemy trains
// caught alone, and the standing supply orders. It lives in the position's module states
// (position/module_state.h); the core copies, compares and normalises it without knowing it.
// Public, as the other modules' states are, for the fuzz targets and tests that set a position
// up and for the modules that spend the treasury (rivers, reinforcements).
#pragma once

#include <cstdint>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {
struct Position;
}

namespace adjutant::supply {

// A standing supply order (`T KOL SUPPLY A LIE EVERY WEEK`; docs/campaign.md): each week the army
// needs supply, `power` sends it a train from `from` (buying one there when none waits) until
// ordered to STOP or the army is gone. One per army.
struct StandingSupply {
    PowerId power = kNoPower;
    ProvinceId from = kNoProvince;
    std::uint32_t army = 0;  // the army's id

    friend bool operator==(const StandingSupply&, const StandingSupply&) = default;
};

// Under fog of war (position/sight.h), the part of an enemy's supply line that a power's view
// shows because one of its armies or garrisons stands on it ("When an army enters an enemy
// supply line ... that army must be told", 4a): the line's provinces in the power's sight, in
// the line's order (army first). Only views hold these; a game's own positions never do.
struct SightedLine {
    PowerId power = kNoPower;  // whose line
    std::vector<ProvinceId> provinces;

    friend bool operator==(const SightedLine&, const SightedLine&) = default;
};

struct SupplyState {
    std::vector<SupplyTrain> trains;           // sorted by power, place, target
    std::vector<std::int64_t> treasury;        // per power, once the module has run
    std::vector<std::uint8_t> destroy_trains;  // per power: 1 destroys caught trains, else capture
    std::vector<StandingSupply> standing_supply;  // sorted by power, army
    std::vector<SightedLine> lines_seen;          // views only; sorted by power, provinces

    bool empty() const {
        return trains.empty() && treasury.empty() && destroy_trains.empty() &&
               standing_supply.empty() && lines_seen.empty();
    }
    void normalise();
    friend bool operator==(const SupplyState&, const SupplyState&) = default;
};

// The position's supply state; an empty one when it has none (a classic position).
const SupplyState& state(const Position& position);
SupplyState& state(Position& position);

}  // namespace adjutant::supply
