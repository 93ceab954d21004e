// SPDX-License-Identifier: Apache-2.0
// The supply orders as players write them (docs/campaign.md, "Orders"), and their canonical
// text:
//   T BER SUPPLY A DRE [EVERY WEEK | STOP]   a train dispatched to an army (count 1 sets a
//                                            standing order, -1 ends it, 0 sends one train)
//   BUY [n] T PAR                            trains bought in a city (count n, default 1)
//   CAPTURE TRAINS | DESTROY TRAINS          the standing choice for enemy trains caught alone
//                                            (count 1 destroys, 0 captures)
#include "orders/order_reader.h"
#include "rules/supply/supply.h"
#include "rules/supply/words.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

// "BUY 2 T PAR" (the number may be left out: one train); the reader stands after BUY. What
// other than trains BUY is followed by is another module's to read (BUY FLOTILLA), if any.
SyntaxMatch read_purchase(OrderReader& r, OrderSyntax& order) {
    set_module_kind(order, kPurchase);
    order.count = 1;
    if (!r.at_end() && r.peek().kind == TokenKind::Word && !r.peek().text.empty() &&
        r.peek().text.front() >= '0' && r.peek().text.front() <= '9') {
        order.count = 0;
        for (char c : r.peek().text) {
            if (c < '0' || c > '9' || order.count > 1000) {
                r.fail("BUY takes a number of trains, e.g. BUY 2 T PAR");
                return SyntaxMatch::Failed;
            }
            order.count = order.count * 10 + (c - '0');
        }
        r.advance();
    }
    if (!r.next_is(kWords["t"], kWords["train"], kWords["trains"])) {
        r.fail("BUY buys supply trains: BUY 2 T PAR");
        return SyntaxMatch::Unclaimed;
    }
    r.advance();
    return r.read_place(order.unit.place, "BUY") ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["capture"], kWords["destroy"], kWords["buy"],
                                      kWords["buys"],    kWords["t"],       kWords["train"]};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["capture"], kWords["destroy"]) && r.ahead_is(1, kWords["trains"])) {
        set_module_kind(order, kTrainPolicy);
        order.count = r.next_is(kWords["destroy"]) ? 1 : 0;
        r.advance(2);
        return SyntaxMatch::Read;
    }
    if (r.next_is(kWords["buy"], kWords["buys"])) {
        r.advance();
        return read_purchase(r, order);
    }
    // "T BER SUPPLY A DRE": a supply train dispatched to an army.
    if (r.next_is(kWords["t"], kWords["train"]) && r.ahead(2) != nullptr) {
        const std::size_t start = r.position();
        r.advance();
        PlaceRef city;
        if (r.read_place(city, "the train") && r.next_is(kWords["supply"], kWords["supplies"])) {
            r.advance();
            set_module_kind(order, kDispatch);
            order.unit.place = city;
            if (!r.read_target(order.target, "the supply train")) return SyntaxMatch::Failed;
            // A standing order: "... EVERY WEEK" sets it, "... STOP" ends it.
            if (r.next_is(kWords["every"]) && r.ahead_is(1, kWords["week"])) {
                r.advance(2);
                order.count = 1;
            } else if (r.next_is(kWords["stop"])) {
                r.advance();
                order.count = -1;
            }
            return SyntaxMatch::Read;
        }
        r.rewind(start);  // not a dispatch: read it as an ordinary order
    }
    return SyntaxMatch::NotMine;
}

std::string dispatch_text(const Variant& v, const Order& o) {
    return "T " + v.location_text(o.unit) + " SUPPLY A " +
           v.location_text(Location{o.target, Coast::None}) +
           (o.count > 0   ? " EVERY WEEK"
            : o.count < 0 ? " STOP"
                          : "");
}

std::string purchase_text(const Variant& v, const Order& o) {
    return "BUY " + std::to_string(o.count) + " T " + v.location_text(o.unit);
}

std::string train_policy_text(const Variant&, const Order& o) {
    return o.count != 0 ? "DESTROY TRAINS" : "CAPTURE TRAINS";
}

}  // namespace adjutant::supply
