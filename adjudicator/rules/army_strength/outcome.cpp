// SPDX-License-Identifier: Apache-2.0
// What splits and joins share as the movement ends (split.cpp, join.cpp): which army still stands
// where it began the week, and the verdict and event of an order that could not be carried out.
#include "position/position.h"
#include "rules/army_strength/army_strength.h"

namespace adjutant::army_strength {

Unit* still_there(TurnContext& ctx, ProvinceId province, PowerId power) {
    const Unit* was = ctx.before.unit_at(province);
    Unit* now = ctx.result.next.unit_at(province);
    if (was == nullptr || now == nullptr || now->power != power || now->type != UnitType::Army ||
        now->stats.id != was->stats.id)
        return nullptr;
    return now;
}

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

}  // namespace adjutant::army_strength
