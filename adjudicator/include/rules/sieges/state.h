// SPDX-License-Identifier: Apache-2.0
// What the sieges module keeps in a position from week to week (Lone Warrior section 5;
// docs/sieges.md): the garrisons in their fortresses, the sieges under way and the breaches
// not yet repaired. It lives in the position's module states (position/module_state.h); the
// core copies, compares and normalises it without knowing it. Other modules read it through
// `state()` (supply feeds the garrisons, rail asks whether a fortress holds out). Its general's
// type roll and a bloody repulse it keeps on the unit (`attributes()`).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {
struct Position;
}

namespace adjutant::sieges {

// A siege (Lone Warrior section 5; docs/sieges.md): an army of `power` besieging the enemy garrison
// in `province`. `weeks` counts the uninterrupted weeks of BESIEGE; at 2 the siege is laid (5a,
// 5e). `assaults` counts the assaults made since the siege was laid.
struct Siege {
    ProvinceId province = kNoProvince;
    PowerId power = kNoPower;  // the besieger
    std::uint32_t army = 0;    // the besieging army's id
    std::int32_t weeks = 0;
    std::int32_t assaults = 0;
    // Breaching (5j): the line the garrison holds (0 outer defences, 1 inner defences, 2 the
    // citadel; only 1st-class fortresses have 1 and 2), the weeks of breaching done against it
    // and the weeks the breach needs (0 while no breach is under way; +1 per assault).
    std::int32_t line = 0;
    std::int32_t breach_weeks = 0;
    std::int32_t breach_needed = 0;
    bool breached = false;             // the garrison's line is breached and it fights on
    std::int32_t breaching_total = 0;  // weeks of breaching over the whole siege (5m)
    std::int32_t short_weeks = 0;      // weeks in a row below 3:2 in army points (5k)
    bool abandoning = false;           // the besieger abandons the siege this week (5a, 5k)
    bool sick = false;                 // sickness in the besiegers' camp (5m)
    bool garrison_sick = false;        // sickness in the garrison (5m)

    bool laid() const { return weeks >= 2; }
    friend bool operator==(const Siege&, const Siege&) = default;
};

struct SiegeState {
    std::vector<Garrison> garrisons;  // sorted by province
    std::vector<Siege> sieges;        // sorted by province
    // Breached fortresses not yet repaired (5o): province and the weeks since their last siege.
    std::vector<std::pair<ProvinceId, std::int32_t>> breaches;  // sorted by province

    // The siege of `province`, or nullptr.
    const Siege* siege_of(ProvinceId province) const;
    Siege* siege_of(ProvinceId province);

    bool empty() const { return garrisons.empty() && sieges.empty() && breaches.empty(); }
    void normalise();
    friend bool operator==(const SiegeState&, const SiegeState&) = default;
};

// What the module keeps on a unit (core/module_attributes.h).
struct UnitAttributes {
    // The general's type roll (4g), recorded the first time it is needed, with the modifiers
    // his career has earned since; 0 while not yet rolled. The generals module carries it with
    // him from command to command.
    std::int32_t general_roll = 0;
    // A bloody repulse that raised a siege (5i "They cannot resume the siege until
    // reinforced"): the fortress, and the army's points after the repulse.
    ProvinceId repulsed_from = kNoProvince;
    std::int64_t repulsed_points = 0;

    friend bool operator==(const UnitAttributes&, const UnitAttributes&) = default;
};

// The module's attributes of a unit; empty ones when it has none.
inline const UnitAttributes& attributes(const UnitStats& stats) {
    return stats.modules.get_or_empty<UnitAttributes>();
}
inline UnitAttributes& attributes(UnitStats& stats) {
    return stats.modules.get<UnitAttributes>();
}

// The position's siege state; an empty one when it has none (a classic position).
const SiegeState& state(const Position& position);
SiegeState& state(Position& position);

}  // namespace adjutant::sieges
