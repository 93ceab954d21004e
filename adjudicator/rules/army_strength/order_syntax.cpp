// SPDX-License-Identifier: Apache-2.0
// The module's orders as players write them (docs/orders.md, "Campaign orders"), and their
// canonical text:
//   A KOL SPLIT 300 - AAC                               (also DETACH, and TO or nothing for the
//                                                       dash)
//   A KOL SPLIT 300 WITH 1 ENGINEER 2 SIEGE GUNS - AAC  (also AND or commas between, GUNS)
//   A KOL SEND 2 SIEGE GUNS - AAC                       (also SENDS)
//   A AAC JOIN KOL                                      (also JOINS, MERGE, MERGES WITH, - or TO)
#include "orders/order_reader.h"
#include "rules/army_strength/army_strength.h"
#include "rules/army_strength/words.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

constexpr const char* kSplitForm = "SPLIT takes the detachment's points: A KOL SPLIT 300 - AAC";
constexpr const char* kSendForm =
    "SEND takes the equipment it sends: A KOL SEND 2 SIEGE GUNS - AAC";

bool number_next(const OrderReader& r) {
    return !r.at_end() && r.peek().kind == TokenKind::Word && !r.peek().text.empty() &&
           r.peek().text.front() >= '0' && r.peek().text.front() <= '9';
}

// A count of up to six digits, or fails with `form`.
bool read_count(OrderReader& r, int& count, const char* form) {
    if (!number_next(r)) return r.fail(form);
    count = 0;
    for (char c : r.peek().text) {
        if (c < '0' || c > '9' || count > 100'000) return r.fail(form);
        count = count * 10 + (c - '0');
    }
    r.advance();
    return true;
}

// "1 ENGINEER 2 SIEGE GUNS", "2 GUNS AND 1 ENGINEER", "1 ENGINEER, 1 SIEGE GUN": each kind
// once, at least one.
bool read_equipment(OrderReader& r, OrderSyntax& order, const char* form) {
    bool engineers = false;
    bool guns = false;
    do {
        if (engineers || guns) {
            if (r.next_is(kWords["and"])) r.advance();
            if (!number_next(r)) break;
        }
        int n = 0;
        if (!read_count(r, n, form)) return false;
        if (!engineers && r.next_is(kWords["engineer"], kWords["engineers"])) {
            r.advance();
            order.engineers = n;
            engineers = true;
        } else if (!guns && r.next_is(kWords["siege"], kWords["gun"], kWords["guns"])) {
            if (r.next_is(kWords["siege"])) r.advance();
            if (!r.next_is(kWords["gun"], kWords["guns"])) return r.fail(form);
            r.advance();
            order.siege_guns = n;
            guns = true;
        } else {
            return r.fail(form);
        }
    } while (!engineers || !guns);
    return true;
}

std::string equipment_text(const Order& o) {
    return equipment_phrase(o.engineers, o.siege_guns, EquipmentSpelling::Order);
}

SyntaxMatch destination(OrderReader& r, OrderSyntax& order, const char* what) {
    r.read_move_operator();  // "-" or "to" may stand between, or nothing
    return r.read_place(order.destination, what) ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

}  // namespace

constexpr ModuleWord kUnitActionWords[] = {
    kWords["join"],  kWords["joins"], kWords["merge"],  kWords["merges"], kWords["send"],
    kWords["sends"], kWords["split"], kWords["splits"], kWords["detach"], kWords["detaches"]};
const SyntaxStart kUnitActionStart{kUnitActionWords};

SyntaxMatch read_unit_action(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["join"], kWords["joins"], kWords["merge"], kWords["merges"])) {
        r.advance();
        set_module_kind(order, kJoin);
        if (r.next_is(kWords["with"])) r.advance();  // "A AAC MERGES WITH KOL"
        return destination(r, order, "the army to join");
    }
    if (r.next_is(kWords["send"], kWords["sends"])) {
        r.advance();
        set_module_kind(order, kSend);
        if (!read_equipment(r, order, kSendForm)) return SyntaxMatch::Failed;
        return destination(r, order, "the equipment");
    }
    if (!r.next_is(kWords["split"], kWords["splits"], kWords["detach"], kWords["detaches"]))
        return SyntaxMatch::NotMine;
    r.advance();
    set_module_kind(order, kSplit);
    if (!read_count(r, order.count, kSplitForm)) return SyntaxMatch::Failed;
    if (r.next_is(kWords["with"])) {
        r.advance();
        if (!read_equipment(
                r, order,
                "SPLIT ... WITH takes the equipment: A KOL SPLIT 300 WITH 1 ENGINEER - AAC"))
            return SyntaxMatch::Failed;
    }
    return destination(r, order, "the detachment");
}

std::string order_text(const Variant& v, const Order& o) {
    const std::string unit = unit_text(v, o.unit_type, o.unit);
    const std::string to = v.location_text(Location{o.destination.province, Coast::None});
    if (is(o, kJoin)) return unit + " JOIN " + to;
    if (is(o, kSend)) return unit + " SEND " + equipment_text(o) + " - " + to;
    const std::string equipment = equipment_text(o);
    return unit + " SPLIT " + std::to_string(o.count) +
           (equipment.empty() ? "" : " WITH " + equipment) + " - " + to;
}

}  // namespace adjutant::army_strength
