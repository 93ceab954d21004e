// SPDX-License-Identifier: Apache-2.0
// The detachments' orders as players write them (docs/detachments.md, "Orders"), and their
// canonical text:
//   BUY D PAR  (BUY 1 D PAR, BUY DETACHMENT PAR)   a detachment raised in PAR
//   D PAR - MEA  (DET PAR TO MEA)                  the detachment in PAR moves to MEA
// "D PAR" alone stays the classic disband: a detachment's order always has its move.
#include "orders/order_reader.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/words.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

bool detachment_word(const OrderReader& r) {
    return r.next_is(kWords["d"], kWords["det"], kWords["detachment"], kWords["detachments"]);
}

// After BUY: "[1] D PAR". Anything but a detachment is another module's (BUY 2 T PAR).
SyntaxMatch read_raise(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    const bool numbered = r.next_is(kWords["1"]);
    if (numbered) r.advance();
    if (!detachment_word(r)) {
        r.rewind(start);
        return SyntaxMatch::NotMine;
    }
    r.advance();
    set_module_kind(order, kRaise);
    order.count = 1;
    return r.read_place(order.unit.place, "BUY D") ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["buy"], kWords["buys"],       kWords["d"],
                                      kWords["det"], kWords["detachment"], kWords["detachments"]};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    if (r.next_is(kWords["buy"], kWords["buys"])) {
        r.advance();
        const SyntaxMatch read = read_raise(r, order);
        if (read == SyntaxMatch::NotMine) r.rewind(start);
        return read;
    }
    if (!detachment_word(r)) return SyntaxMatch::NotMine;
    r.advance();
    PlaceRef from;
    if (!r.read_place(from, "the detachment") || !r.read_move_operator()) {
        r.rewind(start);  // "D PAR": the classic disband
        return SyntaxMatch::NotMine;
    }
    set_module_kind(order, kMove);
    order.unit.place = from;
    return r.read_place(order.destination, "the detachment's move") ? SyntaxMatch::Read
                                                                    : SyntaxMatch::Failed;
}

std::string order_text(const Variant& v, const Order& o) {
    if (is(o, kRaise)) return "BUY D " + v.location_text(o.unit);
    return "D " + v.location_text(o.unit) + " - " +
           v.location_text(Location{o.destination.province, Coast::None});
}

}  // namespace adjutant::detachments
