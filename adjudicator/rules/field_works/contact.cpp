// SPDX-License-Identifier: Apache-2.0
// Contact in a fortified province (Lone Warrior 5b): "The defender retreats one hex out of his
// entrenchments and the attacker occupies the hex." Orders are written at once, so the defender
// chooses beforehand: `A ARG RETIRE - CHA` leaves the works for CHA if it is attacked and holds
// in them if it is not. Whether it is attacked is read from the orders as given: a unit of a
// power at war with it ordered to move into its province. The settled order is a move that
// keeps pointing at the RETIRE kind, so the week's end tells it apart from a plain move.
#include "position/position.h"
#include "rules/field_works/field_works.h"
#include "variant/variant.h"

namespace adjutant::field_works {

namespace {

bool attacked(const Variant& v, std::span<const Order> given, const Order& retire) {
    for (const Order& o : given)
        if (o.type == OrderType::Move && o.destination.province == retire.unit.province &&
            v.campaign->enemies(o.power, retire.power))
            return true;
    return false;
}

}  // namespace

void settle_orders(const Variant& v, const Position& pos, std::span<Order> orders) {
    // Contact is judged on the orders as given: a retirement settled first must not make another
    // army's contact, or the result would hang on the order the lines came in.
    const std::vector<Order> given(orders.begin(), orders.end());
    for (Order& o : orders) {
        if (!is(o, kRetire)) continue;
        const Unit* unit = pos.unit_at(o.unit.province);
        if (unit == nullptr || state(pos).of(*unit) == nullptr || !attacked(v, given, o)) continue;
        o.type = OrderType::Move;
        o.via_convoy = false;
    }
}

}  // namespace adjutant::field_works
