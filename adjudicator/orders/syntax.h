// SPDX-License-Identifier: Apache-2.0
// The order syntax: tokens of one order (power prefix already removed) -> an unvalidated order.
//
// Names are resolved to province ids and written coasts and unit letters are kept as written
// (or absent); whether the order is legal for the position and phase is decided later
// (legality.h). On failure `error` names the problem: "unknown province 'XYZ'".
// The grammar it reads (`order` and below) is written at the top of parser.cpp.
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

class OrderLanguage;

// What an order says it is, before legality: the same kinds as a typed order's (order.h), so
// the two never drift apart. RailMove: A MOS - TSR - IRK, along a named line of the variant;
// Permit: PERMIT [SUEZ] Britain; Module: a rule module's order, OrderSyntax::module_kind says
// which.
using SyntaxKind = OrderType;

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
    std::optional<PlaceRef> target_destination;    // Support to move, Convoy
    std::size_t line = 0;                          // RailMove: rail line; Permit: canal
    PowerId permitted = kNoPower;                  // Permit
    int count = 0;                                 // a number some module orders carry
    int engineers = 0;                             // Module: equipment it moves (a split's)
    int siege_guns = 0;                            // the same
    const ModuleOrderKind* module_kind = nullptr;  // Module: the module's kind of order
};

// A module's kind of order for `syntax`, and whether it is of `kind`.
inline void set_module_kind(OrderSyntax& syntax, const ModuleOrderKind& kind) {
    syntax.kind = SyntaxKind::Module;
    syntax.module_kind = &kind;
}
inline bool is(const OrderSyntax& syntax, const ModuleOrderKind& kind) {
    return syntax.kind == SyntaxKind::Module && syntax.module_kind == &kind;
}

struct SyntaxResult {
    std::optional<OrderSyntax> order;
    std::string error;
};

// `tokens` as `language`'s vocabulary found their words (tokenize(line, language.words())).
SyntaxResult read_order(const OrderLanguage& language, const NameIndex& names,
                        std::span<const Token> tokens);

// "'Paris'" style quoting of a token for error messages (ASCII-safe).
std::string quoted(const Token& token);

}  // namespace adjutant
