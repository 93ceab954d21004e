// SPDX-License-Identifier: Apache-2.0
// Network rail moves as players write them (docs/rail-movement.md, "Orders"): A KOL - RAIL - LIE,
// the word RAIL standing where a named line's name stands in A MOS - TSR - IRK; A MOR - MET -
// RAIL - VER, a march to the railhead next door before embarking (OCS rail movement step 1's half
// of the movement spent before embarking); and their canonical text.
#include "orders/order_reader.h"
#include "rules/rail/rail.h"
#include "rules/rail/words.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// RAIL followed by a move operator, where a named line called RAIL would keep its name (the
// variant's lines are read first).
bool at_rail(const OrderReader& r) {
    return r.next_is(kWords["rail"]) && r.ahead(1) != nullptr &&
           r.ahead(1)->kind == TokenKind::Dash && !r.names().rail_line(r.peek());
}

// Whether RAIL and a move operator stand somewhere ahead. Every ride has them; the classic
// moves, which all pass this reader, are then no ride without the trial read of a march.
bool rail_ahead(const OrderReader& r) {
    for (std::size_t k = 0; const Token* token = r.ahead(k); ++k)
        if (r.is(*token, kWords["rail"]) && r.ahead(k + 1) != nullptr &&
            r.ahead(k + 1)->kind == TokenKind::Dash)
            return true;
    return false;
}

// The ride proper, for a line with RAIL and a move operator ahead. Apart, so that the test
// every classic move takes (rail_ahead) costs no saving of the registers this part needs.
[[gnu::noinline]] SyntaxMatch read_ride_ahead(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    if (!r.read_move_operator()) {
        r.rewind(start);
        return SyntaxMatch::NotMine;
    }
    if (!at_rail(r)) {
        // "- MET - RAIL -": the station marched to, read on trial; anything else is not a ride.
        PlaceRef station;
        if (!r.read_place(station, "the march") || !r.read_move_operator() || !at_rail(r)) {
            r.rewind(start);
            return SyntaxMatch::NotMine;
        }
        order.path.assign(1, station.province);
    }
    r.advance(2);
    set_module_kind(order, kRide);
    return r.read_place(order.destination, "the rail move") ? SyntaxMatch::Read
                                                            : SyntaxMatch::Failed;
}

}  // namespace

SyntaxMatch read_ride(OrderReader& r, OrderSyntax& order) {
    if (!rail_ahead(r)) return SyntaxMatch::NotMine;
    return read_ride_ahead(r, order);
}

std::string ride_text(const Variant& v, const Order& o) {
    std::string text = unit_text(v, o.unit_type, o.unit);
    if (o.target != kNoProvince) text += " - " + v.provinces[o.target].abbr;
    return text + " - RAIL - " + v.location_text(o.destination);
}

}  // namespace adjutant::rail
