// SPDX-License-Identifier: Apache-2.0
// The pieces on the board: units with their campaign attributes, garrisons and supply trains.
//
// Below both the variant and the position: a variant's starting pieces (start units, garrisons,
// trains) and a position's pieces are the same types, and the variant must not depend on the
// position, which is built from it.
//
// A unit's campaign attributes here are the ones several rule modules share: its number (trains,
// sieges, standing orders, experience and field works find an army by it), its points, the
// supply it carries, its siege guns and engineers (split and joined by the army strength and
// detachments modules, used by sieges and rail), its general (sieges, generals, tabletop
// battles) and its supply line (traced by supply, read by rail, rivers and fog of war). What a
// single module keeps on a unit is that module's type, held in `UnitNumbers::modules`
// (core/module_attributes.h), which this header does not open: a module that keeps something
// new on its units adds nothing here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ids.h"
#include "core/module_attributes.h"

namespace adjutant {

// What a campaign unit carries besides its place, less its general's name and its supply line:
// plain numbers, copied as they are. All zero for classic units.
struct UnitNumbers {
    std::uint32_t id = 0;     // campaign units are numbered, so trains can find them
    std::int64_t points = 0;  // strength points (`points` strength)
    std::int32_t supply = 0;  // weeks of supply carried
    std::int32_t siege_guns = 0;
    std::int32_t engineers = 0;
    // What single rule modules keep on the unit, each its own type (rules/<module>/state.h's
    // UnitAttributes: rivers, sieges, rail).
    ModuleAttributes modules;

    friend bool operator==(const UnitNumbers&, const UnitNumbers&) = default;
};

// What a campaign unit carries besides its place. All zero/empty for classic units.
struct UnitStats : UnitNumbers {
    std::string general;                  // the commanding general's name, if any
    std::vector<ProvinceId> supply_line;  // after the supply step: army first, base last

    UnitStats() = default;
    UnitStats(const UnitStats&) = default;
    UnitStats(UnitStats&&) noexcept = default;
    UnitStats& operator=(UnitStats&&) noexcept = default;
    // As the default, but an empty name or line is not assigned over an empty one: the movement
    // phase copies every unit into the next position, and for a classic unit (all empty) the
    // string's and the vector's assignments were most of the copy.
    UnitStats& operator=(const UnitStats& other) {
        static_cast<UnitNumbers&>(*this) = other;
        if (!general.empty() || !other.general.empty()) general = other.general;
        if (!supply_line.empty() || !other.supply_line.empty()) supply_line = other.supply_line;
        return *this;
    }

    bool empty() const { return *this == UnitStats{}; }
    friend bool operator==(const UnitStats&, const UnitStats&) = default;
};

struct Unit {
    UnitType type = UnitType::Army;
    PowerId power = kNoPower;
    Location location;
    UnitStats stats;

    friend bool operator==(const Unit&, const Unit&) = default;
};

// A garrison (G) inside a fortress or city. It lives apart from the units: an enemy army may
// stand in the same province as its besieger.
struct Garrison {
    PowerId power = kNoPower;
    ProvinceId province = kNoProvince;
    std::int64_t points = 0;
    std::int32_t siege_guns = 0;
    std::int64_t stores = 0;  // supply points in the city's store
    std::string general;
    std::int32_t general_roll = 0;  // as sieges::UnitAttributes::general_roll
    bool half_rations = false;      // on half rations (5h) until the siege ends
    bool half_week_eaten = false;   // on half rations: half a week of stores already eaten

    friend bool operator==(const Garrison&, const Garrison&) = default;
};

// A supply train (T) carrying one supply point: idle in a city, or on its way to an army.
struct SupplyTrain {
    PowerId power = kNoPower;
    ProvinceId at = kNoProvince;
    ProvinceId base = kNoProvince;  // the city it was sent from, where it returns
    std::uint32_t target = 0;       // the army's id; 0 while idle
    bool returning = false;

    friend bool operator==(const SupplyTrain&, const SupplyTrain&) = default;
};

}  // namespace adjutant
