// SPDX-License-Identifier: Apache-2.0
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
//   RailMove             unit, destination, and either line (index into Variant::rail_lines)
//                        or kind: a rule module's ride (ModuleOrderKind::ride), for which the
//                        module plans the path (and may use `target`, as its header says)
//   Permit               power, line (index into Variant::canals), permitted: the power whose
//                        fleets may use the canal this turn
//   Module               a rule module's order (module/rule_module.h): `kind` says which, and
//                        the module's own header says which fields it uses
#pragma once

#include <string>
#include <vector>

#include "core/ids.h"

namespace adjutant {

struct Variant;
struct ModuleOrderKind;

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
    Module,  // a rule module's order, of the kind `Order::kind` points at
};

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
    std::uint8_t line = 0;  // RailMove along a named line: the line; Permit: the canal
    PowerId permitted = kNoPower;
    std::int32_t count = 0;
    // Module: equipment the order moves besides `count` points (a split's engineers and guns)
    std::int32_t engineers = 0;
    std::int32_t siege_guns = 0;
    // Module: the module's kind of order; RailMove: the module's kind of ride, or nullptr for a
    // named line
    const ModuleOrderKind* kind = nullptr;

    // Canonical text with abbreviations: "A PAR - BUR", "F NTH C A LON - NWY",
    // "A MUN S A PAR - BUR", "A MUN S A BER", "A LON - NWY VIA CONVOY", "F STP/SC - BOT",
    // "A PAR R BUR", "F TRI D", "BUILD A PAR", "WAIVE", "A MOS - TSR - IRK",
    // "PERMIT SUEZ Britain", and a module's orders as the module writes them. Never includes the
    // power.
    std::string text(const Variant& variant) const;

    friend bool operator==(const Order&, const Order&) = default;
};

// Whether `order` is the order of the unit standing in its `unit` province. Builds, waives,
// permits and the module orders that say so (a module's piece that is no unit and the unit
// standing in the same province each have their order) are not: they never replace a unit's
// order, and the resolver never sees them.
bool orders_a_unit(const Order& order);

// "A PAR", "F STP/SC": a unit as order texts write it.
std::string unit_text(const Variant& variant, UnitType type, Location where);

// Whether `order` is a module order of `kind`.
inline bool is(const Order& order, const ModuleOrderKind& kind) {
    return order.type == OrderType::Module && order.kind == &kind;
}

// An order of a module's `kind` for `power`, its other fields to fill in.
inline Order module_order(const ModuleOrderKind& kind, PowerId power) {
    Order order;
    order.type = OrderType::Module;
    order.kind = &kind;
    order.power = power;
    return order;
}

}  // namespace adjutant
