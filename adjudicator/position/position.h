// A position: everything the adjudicator needs besides the variant and the orders.
//
// Units are kept sorted by province so two equal positions compare and serialise identically.
// `owner` has one entry per province (kNoPower for unowned or non-centre provinces).
// Campaign positions add what the campaign rules track (docs/campaign.md): unit attributes
// (strength points, supply carried, siege guns, engineers, general, supply line), garrisons
// inside fortresses, supply trains, and each power's treasury of points. Classic positions
// leave all of it empty and keep their plain form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ids.h"
#include "core/phase.h"

namespace adjutant {

struct Variant;

// What a campaign unit carries besides its place. All zero/empty for classic units.
struct UnitStats {
    std::uint32_t id = 0;     // campaign units are numbered, so trains can find them
    std::int64_t points = 0;  // strength points (`points` strength)
    std::int32_t supply = 0;  // weeks of supply carried
    std::int32_t siege_guns = 0;
    std::int32_t engineers = 0;
    std::string general;                  // the commanding general's name, if any
    std::vector<ProvinceId> supply_line;  // after the supply step: army first, base last
    // The general's type roll (4g), recorded the first time it is needed, with the modifiers
    // his career has earned since; 0 while not yet rolled.
    std::int32_t general_roll = 0;
    // A bloody repulse that raised a siege (5i "They cannot resume the siege until
    // reinforced"): the fortress, and the army's points after the repulse.
    ProvinceId repulsed_from = kNoProvince;
    std::int64_t repulsed_points = 0;
    // After the rail step: the army's line of communication is Extended (seed 000, 18.1.2;
    // docs/rail.md): its supply trains bring it at most half its carry weeks.
    bool supply_extended = false;

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
    std::int32_t general_roll = 0;  // as UnitStats::general_roll
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

// A standing supply order (`T KOL SUPPLY A LIE EVERY WEEK`; docs/campaign.md): each week the army
// needs supply, `power` sends it a train from `from` (buying one there when none waits) until
// ordered to STOP or the army is gone. One per army.
struct StandingSupply {
    PowerId power = kNoPower;
    ProvinceId from = kNoProvince;
    std::uint32_t army = 0;  // the army's id

    friend bool operator==(const StandingSupply&, const StandingSupply&) = default;
};

// A siege (seed 004, section 5; docs/sieges.md): an army of `power` besieging the enemy garrison
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
    std::vector<Unit> units;               // sorted by location
    std::vector<DislodgedUnit> dislodged;  // sorted by location; only in retreat phases
    std::vector<ProvinceId> standoffs;     // provinces left empty by a bounce, sorted
    std::vector<PowerId> owner;            // per province
    std::vector<Garrison> garrisons;       // sorted by province
    std::vector<SupplyTrain> trains;       // sorted by power, place, target
    std::vector<Siege> sieges;             // sorted by province
    // Breached fortresses not yet repaired (5o): province and the weeks since their last siege.
    std::vector<std::pair<ProvinceId, std::int32_t>> breaches;  // sorted by province
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

    // The unit standing in `province`, or nullptr.
    const Unit* unit_at(ProvinceId province) const;
    Unit* unit_at(ProvinceId province);
    // The siege of `province`, or nullptr.
    const Siege* siege_of(ProvinceId province) const;
    Siege* siege_of(ProvinceId province);
    // `power`'s state of the rail in `province`; NonOperational when rail is not tracked.
    RailState rail_state(PowerId power, ProvinceId province) const;
    // Number of supply centres `power` owns.
    int center_count(PowerId power) const;
    // Restores the sorted invariants after edits.
    void normalise();

    friend bool operator==(const Position&, const Position&) = default;
};

// The variant's starting position (units, ownership of home centres, start phase).
Position starting_position(const Variant& variant);

}  // namespace adjutant
