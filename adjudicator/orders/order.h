// A typed order, as the parser produces it and the resolver consumes it.
//
// One struct for every order type keeps order sets in one flat vector. Which fields matter:
//   Hold                 unit
//   Move                 unit, destination (with coast for fleets), via_convoy
//   Support              unit, target (the supported unit's province), target_destination
//                        (kNoProvince for support to hold), target_destination_coast
//   Convoy               unit (the fleet), target (the army), target_destination
//   Retreat              unit, destination
//   Disband              unit (retreat and adjustment phases)
//   Build                unit_type + unit (the new unit's location)
//   Waive                power only
//   RailMove             unit, destination, line (index into Variant::rail_lines, or
//                        kNetworkRail: a campaign rail move over the power's network)
//   Permit               power, line (index into Variant::canals), permitted: the power whose
//                        fleets may use the canal this turn
//   Dispatch             unit (the train's city), target (the army's province), count (0 once,
//                        1 EVERY WEEK: a standing order, -1 STOP: the standing order ends)
//   Purchase             unit (the city), count
//   TrainPolicy          power, count (1 destroy, 0 capture)
//   Besiege, LiftSiege,  unit (the army in the fortress province)
//   Assault, Breach
//   Sortie, HalfRations, unit (the fortress province; the garrison is not a unit)
//   Stand
//   GarrisonSupport      unit (the fortress province), target (the relieving army's province),
//                        target_destination (the fortress province)
#pragma once

#include <string>
#include <vector>

#include "core/ids.h"

namespace adjutant {

struct Variant;

// RailMove's `line` for `A KOL - RAIL - LIE`: a move over the power's operational rail network
// (seed 001; docs/rail-movement.md) rather than along one named line. A value no named line can
// take, so the TSR's orders and their stored form are unchanged.
inline constexpr std::uint8_t kNetworkRail = 255;

enum class OrderType : std::uint8_t {
    Hold,
    Move,
    Support,
    Convoy,
    Retreat,
    Disband,
    Build,
    Waive,
    RailMove,
    Permit,
    Dispatch,        // T BER SUPPLY A DRE: a supply train leaves BER for the army in DRE
    Purchase,        // BUY 2 T PAR: supply trains bought with points, placed in a city
    TrainPolicy,     // CAPTURE TRAINS / DESTROY TRAINS: the standing choice for caught trains
    Besiege,         // A VER BESIEGE: the army lays (or keeps) siege to the fortress it stands in
    LiftSiege,       // A VER LIFT: the besieger gives the siege up
    Assault,         // A VER ASSAULT: the besieger storms the fortress
    Breach,          // A VER BREACH: the besieger works its siege guns towards a breach
    Sortie,          // G VER SORTIE: the garrison comes out against its besieger
    HalfRations,     // G VER HALF RATIONS: the garrison's commander halves its rations
    Stand,           // G MET STAND: the garrison holds its breached defences instead of retiring
    Demolish,        // A LIE DEMOLISH AAC: engineers blow the structures on the LIE-AAC rail link
    Repair,          // A LIE REPAIR AAC: engineers rebuild them (docs/rail.md, 18.4)
    GarrisonSupport  // G REI S A CHA - REI: the garrison aids a relieving attack (5n)
};

// Whether an order of this type is the order of the unit standing in its `unit` province. Builds,
// waives, permits, supply orders (a train is no unit: T REI SUPPLY ... and the army in REI each
// have their order) and garrison orders (the garrison shares its fortress with the besieger) are
// not: they never replace a unit's order, and the resolver never sees them.
constexpr bool orders_a_unit(OrderType type) {
    switch (type) {
        case OrderType::Build:
        case OrderType::Waive:
        case OrderType::Permit:
        case OrderType::Dispatch:
        case OrderType::Purchase:
        case OrderType::TrainPolicy:
        case OrderType::Sortie:
        case OrderType::HalfRations:
        case OrderType::Stand:
        case OrderType::GarrisonSupport:
            return false;
        default:
            return true;
    }
}

struct Order {
    OrderType type = OrderType::Hold;
    PowerId power = kNoPower;
    UnitType unit_type = UnitType::Army;
    Location unit;
    Location destination;
    bool via_convoy = false;
    UnitType target_type = UnitType::Army;
    ProvinceId target = kNoProvince;
    ProvinceId target_destination = kNoProvince;
    // Support of a fleet's move may name the coast; it must then match (DATC 4.B.4, 6.B.9).
    Coast target_destination_coast = Coast::None;
    std::uint8_t line = 0;  // RailMove: the rail line; Permit: the canal
    PowerId permitted = kNoPower;
    std::int32_t count = 0;

    // Canonical text with abbreviations: "A PAR - BUR", "F NTH C A LON - NWY",
    // "A MUN S A PAR - BUR", "A MUN S A BER", "A LON - NWY VIA CONVOY", "F STP/SC - BOT",
    // "A PAR R BUR", "F TRI D", "BUILD A PAR", "WAIVE", "A MOS - TSR - IRK",
    // "A KOL - RAIL - LIE", "PERMIT SUEZ Britain". Never includes the power.
    std::string text(const Variant& variant) const;

    friend bool operator==(const Order&, const Order&) = default;
};

}  // namespace adjutant
