// SPDX-License-Identifier: Apache-2.0
// A retreat phase: units retreat where ordered; two retreats to one place disband both;
// a dislodged unit without a (legal) retreat order is disbanded.
#include <algorithm>

#include "resolve/phase_flow.h"
#include "resolve/phases.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

const Order* order_for(std::span<const Order> orders, const DislodgedUnit& d) {
    const Order* found = nullptr;
    for (const Order& o : orders)
        if ((o.type == OrderType::Retreat || o.type == OrderType::Disband) &&
            o.unit.province == d.unit.location.province)
            found = &o;  // the last order for the unit wins
    return found;
}

bool legal_retreat(const Order& o, const DislodgedUnit& d) {
    return o.type == OrderType::Retreat &&
           std::find(d.retreats.begin(), d.retreats.end(), o.destination) != d.retreats.end();
}

}  // namespace

void adjudicate_retreats(const Variant& variant, const Position& position,
                         std::span<const Order> orders, Explain explain, Adjudication& out) {
    start_from_units(position, out);
    Position& next = out.next;

    std::vector<int> arrivals(variant.province_count(), 0);
    for (const DislodgedUnit& d : position.dislodged) {
        const Order* o = order_for(orders, d);
        if (o != nullptr && legal_retreat(*o, d)) ++arrivals[o->destination.province];
    }
    // The explanation of a retreat to where another unit retreats too: the others.
    const auto clashing = [&](const DislodgedUnit& self, ProvinceId to, Explanation& out) {
        for (const DislodgedUnit& other : position.dislodged) {
            const Order* o = order_for(orders, other);
            if (&other != &self && o != nullptr && legal_retreat(*o, other) &&
                o->destination.province == to)
                out.clashed.push_back(
                    NamedUnit{other.unit.power, other.unit.type, other.unit.location});
        }
    };
    for (const DislodgedUnit& d : position.dislodged) {
        const Order* o = order_for(orders, d);
        OrderResult result;
        result.explanation.made = explain == Explain::Yes;
        if (o == nullptr) {
            result.order.type = OrderType::Disband;
            result.order.power = d.unit.power;
            result.order.unit_type = d.unit.type;
            result.order.unit = d.unit.location;
            result.defaulted = true;
            result.succeeded = true;
        } else {
            result.order = *o;
            result.order.power = d.unit.power;
            result.order.unit_type = d.unit.type;
            result.order.unit = d.unit.location;
            if (o->type == OrderType::Disband) {
                result.succeeded = true;
            } else if (!legal_retreat(*o, d)) {
                result.reason = Reason::Illegal;
            } else if (arrivals[o->destination.province] > 1) {
                result.reason = Reason::Disbanded;
                if (explain == Explain::Yes)
                    clashing(d, o->destination.province, result.explanation);
            } else {
                result.succeeded = true;
                Unit retreated = d.unit;
                retreated.location = o->destination;
                next.units.push_back(std::move(retreated));
            }
        }
        out.results.push_back(result);
    }
    advance_phase(variant, position.phase, next);
}

}  // namespace adjutant
