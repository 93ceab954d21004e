// A position: everything the adjudicator needs besides the variant and the orders.
//
// Units are kept sorted by province so two equal positions compare and serialise identically.
// `owner` has one entry per province (kNoPower for unowned or non-centre provinces).
#pragma once

#include <vector>

#include "core/ids.h"
#include "core/phase.h"

namespace adjutant {

struct Variant;

struct Unit {
    UnitType type = UnitType::Army;
    PowerId power = kNoPower;
    Location location;

    friend bool operator==(const Unit&, const Unit&) = default;
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
    std::vector<Unit> units;               // sorted by location
    std::vector<DislodgedUnit> dislodged;  // sorted by location; only in retreat phases
    std::vector<ProvinceId> standoffs;     // provinces left empty by a bounce, sorted
    std::vector<PowerId> owner;            // per province

    // The unit standing in `province`, or nullptr.
    const Unit* unit_at(ProvinceId province) const;
    Unit* unit_at(ProvinceId province);
    // Number of supply centres `power` owns.
    int center_count(PowerId power) const;
    // Restores the sorted invariants after edits.
    void normalise();

    friend bool operator==(const Position&, const Position&) = default;
};

// The variant's starting position (units, ownership of home centres, start phase).
Position starting_position(const Variant& variant);

}  // namespace adjutant
