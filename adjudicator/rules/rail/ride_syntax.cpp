// SPDX-License-Identifier: Apache-2.0
// Network rail moves as players write them (docs/rail-movement.md, "Orders"): A KOL - RAIL - LIE,
// the word RAIL standing where a named line's name stands in A MOS - TSR - IRK; and their
// canonical text.
#include "orders/order_reader.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

SyntaxMatch read_ride(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    // A named line called RAIL would keep its name: the variant's lines are read first.
    const bool ride = r.read_move_operator() && !r.at_end() && is_word(r.peek(), "rail") &&
                      r.ahead(1) != nullptr && r.ahead(1)->kind == TokenKind::Dash &&
                      !r.names().rail_line(r.peek());
    if (!ride) {
        r.rewind(start);
        return SyntaxMatch::NotMine;
    }
    r.advance(2);
    set_module_kind(order, kRide);
    return r.read_place(order.destination, "the rail move") ? SyntaxMatch::Read
                                                            : SyntaxMatch::Failed;
}

std::string ride_text(const Variant& v, const Order& o) {
    return unit_text(v, o.unit_type, o.unit) + " - RAIL - " + v.location_text(o.destination);
}

}  // namespace adjutant::rail
