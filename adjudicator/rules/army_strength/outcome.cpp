// SPDX-License-Identifier: Apache-2.0
// What splits and joins share as the movement ends (split.cpp, join.cpp): the verdict and event
// of an order that could not be carried out, and the words for equipment.
#include "position/position.h"
#include "rules/army_strength/army_strength.h"

namespace adjutant::army_strength {

void not_carried_out(TurnContext& ctx, const Order& order, std::string_view why,
                     const std::string& kind, const std::string& text) {
    // The order is its army's own, so the resolver gave it the army's hold; the module says what
    // became of the order itself.
    for (OrderResult& r : ctx.result.results)
        if (r.order.type == order.type && r.order.kind == order.kind &&
            r.order.unit == order.unit && r.order.power == order.power) {
            r.succeeded = false;
            r.reason = Reason::NotCarriedOut;
            r.why = why;
        }
    ctx.event(kind, order.power, order.unit.province, text);
}

// "1 ENGINEER 2 SIEGE GUNS" (an order's canonical text) or "1 engineer and 2 siege guns" (an
// event's), or empty. Built by appending: GCC 12 warns falsely (-Wrestrict) of a literal put
// before a temporary.
std::string equipment_phrase(std::int32_t engineers, std::int32_t siege_guns,
                             EquipmentSpelling spelling) {
    const bool order = spelling == EquipmentSpelling::Order;
    std::string out;
    if (engineers > 0) {
        out += std::to_string(engineers);
        if (order)
            out += engineers == 1 ? " ENGINEER" : " ENGINEERS";
        else
            out += engineers == 1 ? " engineer" : " engineers";
    }
    if (siege_guns > 0) {
        if (!out.empty()) out += order ? " " : " and ";
        out += std::to_string(siege_guns);
        if (order)
            out += siege_guns == 1 ? " SIEGE GUN" : " SIEGE GUNS";
        else
            out += siege_guns == 1 ? " siege gun" : " siege guns";
    }
    return out;
}

std::string equipment_words(const UnitStats& s) {
    return equipment_phrase(s.engineers, s.siege_guns, EquipmentSpelling::Event);
}

}  // namespace adjutant::army_strength
