// The order syntax: tokens of one order (power prefix already removed) -> an unvalidated order.
//
// Names are resolved to province ids and written coasts and unit letters are kept as written
// (or absent); whether the order is legal for the position and phase is decided later
// (legality.h). On failure `error` names the problem: "unknown province 'XYZ'".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/ids.h"
#include "orders/lexer.h"
#include "orders/names.h"
#include "orders/order.h"

namespace adjutant {

enum class SyntaxKind : std::uint8_t {
    Hold,
    Move,
    Support,
    Convoy,
    Retreat,
    Disband,
    Build,
    Waive,
    RailMove,        // A MOS - TSR - IRK; A KOL - RAIL - LIE (line kNetworkRail)
    Permit,          // PERMIT [SUEZ] Britain
    Dispatch,        // T BER SUPPLY A DRE [EVERY WEEK | STOP]
    Purchase,        // BUY [n] T PAR
    TrainPolicy,     // CAPTURE TRAINS | DESTROY TRAINS
    Besiege,         // A VER BESIEGE
    LiftSiege,       // A VER LIFT
    Assault,         // A VER ASSAULT
    Breach,          // A VER BREACH
    Sortie,          // G VER SORTIE
    HalfRations,     // G VER HALF RATIONS
    Stand,           // G MET STAND
    Demolish,        // A LIE DEMOLISH AAC
    Repair,          // A LIE REPAIR AAC
    GarrisonSupport  // G REI S A CHA - REI
};

struct PlaceRef {
    ProvinceId province = kNoProvince;
    std::optional<Coast> coast;  // as written; may not exist in the province
};

struct UnitRef {
    std::optional<UnitType> type;  // absent when the letter was omitted
    PlaceRef place;
};

struct OrderSyntax {
    SyntaxKind kind = SyntaxKind::Hold;
    UnitRef unit;                  // the ordered unit; for Build the new unit
    PlaceRef destination;          // Move, Retreat
    bool via_convoy = false;       // Move
    std::vector<ProvinceId> path;  // Move: provinces written between unit and destination
    UnitRef target;                // Support, Convoy: the other unit
    std::optional<PlaceRef> target_destination;  // Support to move, Convoy
    std::size_t line = 0;                        // RailMove: rail line; Permit: canal
    PowerId permitted = kNoPower;                // Permit
    int count = 0;  // Purchase: trains; TrainPolicy: 1 destroy, 0 capture; Dispatch: 1 EVERY
                    // WEEK, -1 STOP, 0 once
};

struct SyntaxResult {
    std::optional<OrderSyntax> order;
    std::string error;
};

SyntaxResult read_order(const NameIndex& names, std::span<const Token> tokens);

// "'Paris'" style quoting of a token for error messages (ASCII-safe).
std::string quoted(const Token& token);

}  // namespace adjutant
