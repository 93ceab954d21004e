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

// A standing supply order (`T KOL SUPPLY A LIE EVERY WEEK`; docs/campaign.md): each week the army
// needs supply, `power` sends it a train from `from` (buying one there when none waits) until
// ordered to STOP or the army is gone. One per army.
struct StandingSupply {
    PowerId power = kNoPower;
    ProvinceId from = kNoProvince;
    std::uint32_t army = 0;  // the army's id

    friend bool operator==(const StandingSupply&, const StandingSupply&) = default;
};

// A power's state of one rail province (seed 000, 18.1.1-18.1.2; docs/rail.md). The order is the
// order of the engineering steps: each step of 18.2.1 moves a province one state up.
enum class RailState : std::uint8_t {
    NonOperational,
    Controlled,  // behind the railhead, connected to the edge, not yet usable (18.1.1)
    Capacity1,   // operational, LOC capacity 1 (18.1.2)
    Capacity2,
    Capacity3,
    Exceptional,  // the named lines' capacity (18.1.2, "Exceptional LOC Capacity")
};

// A unit dislodged in the preceding movement phase, waiting for its retreat order.
struct DislodgedUnit {
    Unit unit;
    ProvinceId attacker_from = kNoProvince;  // where the dislodging unit came from
    std::vector<Location> retreats;          // legal retreat destinations, sorted

    friend bool operator==(const DislodgedUnit&, const DislodgedUnit&) = default;
};

struct Position {
    Phase phase;
    std::vector<Unit> units;                   // sorted by location
    std::vector<DislodgedUnit> dislodged;      // sorted by location; only in retreat phases
    std::vector<ProvinceId> standoffs;         // provinces left empty by a bounce, sorted
    std::vector<PowerId> owner;                // per province
    std::vector<SupplyTrain> trains;           // sorted by power, place, target
    std::vector<std::int64_t> treasury;        // per power; empty in classic positions
    std::vector<std::uint8_t> destroy_trains;  // per power: 1 destroys caught trains, else capture
    std::vector<StandingSupply> standing_supply;  // sorted by power, army
    std::uint32_t next_unit_id = 0;               // campaign: the id the next new unit gets
    // Rail networks (seed 000, 001; docs/rail.md). `rail` is per power, per province; empty
    // when the variant has no rail network rules.
    std::vector<std::vector<RailState>> rail;
    std::vector<ProvinceId> interdicted;    // provinces the GM marked interdicted, sorted
    std::vector<std::uint16_t> demolished;  // rail_links indices with a demolished structure
    // Per province: the power that holds the ground (seed 000's "friendly controlled", 17.9, on
    // a province map; docs/rail.md). Empty when the variant has no rail network rules.
    std::vector<PowerId> control;
    // The rule modules' own parts, each in its module's type (module_state.h), which the core
    // copies, compares and normalises without knowing it.
    ModuleStates modules;

    // The unit standing in `province`, or nullptr.
    const Unit* unit_at(ProvinceId province) const;
    Unit* unit_at(ProvinceId province);
    // `power`'s state of the rail in `province`; NonOperational when rail is not tracked.
    RailState rail_state(PowerId power, ProvinceId province) const;
    // Number of supply centres `power` owns.
    int center_count(PowerId power) const;
    // Restores the sorted invariants after edits.
    void normalise();

    friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace adjutant
