// SPDX-License-Identifier: Apache-2.0
// The rivers module's order as players write it, and its canonical text:
//   BUY FLOTILLA NAM    a barge flotilla bought in a city (also "BUY BARGES NAM", "BUY A BARGE
//                       FLOTILLA NAM"); canonical "BUY FLOTILLA NAM"
#include "orders/order_reader.h"
#include "rules/rivers/rivers.h"
#include "variant/variant.h"

namespace adjutant::rivers {

namespace {

bool flotilla_word(const Token* token) {
    return token != nullptr &&
           (is_word(*token, Keyword::Flotilla) || is_word(*token, Keyword::Barges) ||
            is_word(*token, Keyword::Barge));
}

}  // namespace

constexpr Keyword kOrderWords[] = {Keyword::Buy, Keyword::Buys};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(Keyword::Buy, Keyword::Buys)) return SyntaxMatch::NotMine;
    std::size_t word = 1;
    if (r.ahead(word) != nullptr &&
        (is_word(*r.ahead(word), Keyword::A) || is_word(*r.ahead(word), Keyword::One)))
        ++word;
    if (!flotilla_word(r.ahead(word))) return SyntaxMatch::NotMine;
    r.advance(word + 1);
    // "BARGE FLOTILLA": the second word belongs to the first.
    if (!r.at_end() && r.next_is(Keyword::Flotilla)) r.advance();
    set_module_kind(order, kPurchase);
    order.count = 1;
    return r.read_place(order.unit.place, "BUY FLOTILLA") ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

std::string purchase_text(const Variant& v, const Order& o) {
    return "BUY FLOTILLA " + v.location_text(o.unit);
}

}  // namespace adjutant::rivers
