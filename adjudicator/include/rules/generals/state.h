// SPDX-License-Identifier: Apache-2.0
// What the generals module keeps in a position from week to week (Lone Warrior 4g;
// docs/generals.md): each power's pool of generals in rank order, G1 first, and the names of
// those it has lost. Where an active general stands is not kept here: it is the army or garrison
// whose `general` is his name, so a general moves with his command and is never in two places.
// Public, as the sieges' state is, for the fuzz targets and tests that set a position up.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.h"

namespace adjutant {
struct Position;
}

namespace adjutant::generals {

struct PoolGeneral {
    std::string name;
    // His type roll as first recorded (4g "the initial die roll for type recorded"): 1 to 10,
    // or 0 while not yet rolled. The modifiers his career earns are added on his command's
    // `general_roll`, which goes with him from command to command.
    std::int32_t roll = 0;
    // He has been given a command (4g "field or garrison duties"). An active general whose
    // command is gone from the board was lost with it, or killed, and is replaced; one not
    // active waits in the pool for a command that needs him.
    bool active = false;

    friend bool operator==(const PoolGeneral&, const PoolGeneral&) = default;
};

struct Pool {
    PowerId power = kNoPower;
    std::vector<PoolGeneral> ranks;   // G1 first
    std::vector<std::string> fallen;  // generals lost, in the order they fell

    // The rank (1-based) of the general called `name`, or 0.
    int rank_of(std::string_view name) const;
    friend bool operator==(const Pool&, const Pool&) = default;
};

struct GeneralsState {
    std::vector<Pool> pools;  // sorted by power, one a power

    // The pool of `power`, or nullptr when it has none.
    const Pool* of(PowerId power) const;
    Pool* of(PowerId power);

    bool empty() const { return pools.empty(); }
    void normalise();
    friend bool operator==(const GeneralsState&, const GeneralsState&) = default;
};

// The position's pools; an empty state when it has none.
const GeneralsState& state(const Position& position);
GeneralsState& state(Position& position);

}  // namespace adjutant::generals
