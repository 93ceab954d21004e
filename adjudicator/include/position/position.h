// SPDX-License-Identifier: Apache-2.0
// A position: everything the adjudicator needs besides the variant and the orders.
//
// Units are kept sorted by province so two equal positions compare and serialise identically.
// `owner` has one entry per province (kNoPower for unowned or non-centre provinces).
// Campaign positions add what the campaign rules track (docs/campaign.md): unit attributes
// (core/unit.h, shared by every module) and each rule module's own part. Classic positions
// leave all of it empty and keep their plain form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ids.h"
#include "core/phase.h"
#include "core/unit.h"
#include "position/module_state.h"

namespace adjutant {

// A unit dislodged in the preceding movement phase, waiting for its retreat order.
struct DislodgedUnit {
    Unit unit;
    ProvinceId attacker_from = kNoProvince;  // where the dislodging unit came from
    std::vector<Location> retreats;          // legal retreat destinations, sorted

    friend bool operator==(const DislodgedUnit&, const DislodgedUnit&) = default;
};

struct Position {
    Phase phase;
    std::vector<Unit> units;               // sorted by location
    std::vector<DislodgedUnit> dislodged;  // sorted by location; only in retreat phases
    std::vector<ProvinceId> standoffs;     // provinces left empty by a bounce, sorted
    std::vector<PowerId> owner;            // per province
    std::uint32_t next_unit_id = 0;        // campaign: the id the next new unit gets
    // The rule modules' own parts, each in its module's type (module_state.h), which the core
    // copies, compares and normalises without knowing it.
    ModuleStates modules;

    // The unit standing in `province`, or nullptr.
    const Unit* unit_at(ProvinceId province) const;
    Unit* unit_at(ProvinceId province);
    // Number of supply centres `power` owns.
    int center_count(PowerId power) const;
    // Takes the number for a new campaign unit (a split's detachment, a raised army): past every
    // number in use, so a position written without `next_unit_id` (a GM's edit) still gives a
    // number nobody has; `next_unit_id` becomes it.
    std::uint32_t new_unit_id();
    // Restores the sorted invariants after edits.
    void normalise();

    friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace adjutant
