// SPDX-License-Identifier: Apache-2.0
// The rivers module's order as players write it, and its canonical text:
//   BUY FLOTILLA NAM    a barge flotilla bought in a city (also "BUY BARGES NAM", "BUY A BARGE
//                       FLOTILLA NAM"); canonical "BUY FLOTILLA NAM"
#include "orders/order_reader.h"
#include "rules/rivers/rivers.h"
#include "rules/rivers/words.h"
#include "variant/variant.h"

namespace adjutant::rivers {

namespace {

bool flotilla_word(const OrderReader& r, std::size_t ahead) {
    return r.ahead_is(ahead, kWords["flotilla"], kWords["barges"], kWords["barge"]);
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["buy"], kWords["buys"]};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(kWords["buy"], kWords["buys"])) return SyntaxMatch::NotMine;
    std::size_t word = 1;
    if (r.ahead_is(word, kWords["a"], kWords["1"])) ++word;
    if (!flotilla_word(r, word)) return SyntaxMatch::NotMine;
    r.advance(word + 1);
    // "BARGE FLOTILLA": the second word belongs to the first.
    if (!r.at_end() && r.next_is(kWords["flotilla"])) r.advance();
    set_module_kind(order, kPurchase);
    order.count = 1;
    return r.read_place(order.unit.place, "BUY FLOTILLA") ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

std::string purchase_text(const Variant& v, const Order& o) {
    return "BUY FLOTILLA " + v.location_text(o.unit);
}

}  // namespace adjutant::rivers
