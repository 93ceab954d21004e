// SPDX-License-Identifier: Apache-2.0
// The split as players write it (docs/orders.md, "Campaign orders"), and its canonical text:
//   A KOL SPLIT 300 - AAC   (also DETACH, and TO or nothing for the dash)
//   A AAC JOIN KOL          (also JOINS, MERGE, MERGES WITH, and - or TO)
#include "orders/order_reader.h"
#include "rules/army_strength/army_strength.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

SyntaxMatch read_unit_action(OrderReader& r, OrderSyntax& order) {
    if (r.next_is({"join", "joins", "merge", "merges"})) {
        r.advance();
        set_module_kind(order, kJoin);
        if (r.next_is({"with"})) r.advance();  // "A AAC MERGES WITH KOL"
        r.read_move_operator();                // "-" or "to" may stand between, or nothing
        return r.read_place(order.destination, "the army to join") ? SyntaxMatch::Read
                                                                   : SyntaxMatch::Failed;
    }
    if (!r.next_is({"split", "splits", "detach", "detaches"})) return SyntaxMatch::NotMine;
    r.advance();
    set_module_kind(order, kSplit);
    order.count = 0;
    const bool number = !r.at_end() && r.peek().kind == TokenKind::Word && !r.peek().text.empty() &&
                        r.peek().text.front() >= '0' && r.peek().text.front() <= '9';
    if (!number) {
        r.fail("SPLIT takes the detachment's points: A KOL SPLIT 300 - AAC");
        return SyntaxMatch::Failed;
    }
    for (char c : r.peek().text) {
        if (c < '0' || c > '9' || order.count > 100'000) {
            r.fail("SPLIT takes the detachment's points: A KOL SPLIT 300 - AAC");
            return SyntaxMatch::Failed;
        }
        order.count = order.count * 10 + (c - '0');
    }
    r.advance();
    r.read_move_operator();  // "-" or "to" may stand between, or nothing
    return r.read_place(order.destination, "the detachment") ? SyntaxMatch::Read
                                                             : SyntaxMatch::Failed;
}

std::string order_text(const Variant& v, const Order& o) {
    if (is(o, kJoin))
        return unit_text(v, o.unit_type, o.unit) + " JOIN " +
               v.location_text(Location{o.destination.province, Coast::None});
    return unit_text(v, o.unit_type, o.unit) + " SPLIT " + std::to_string(o.count) + " - " +
           v.location_text(Location{o.destination.province, Coast::None});
}

}  // namespace adjutant::army_strength
