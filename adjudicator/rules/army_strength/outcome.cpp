// SPDX-License-Identifier: Apache-2.0
// What splits and joins share as the movement ends (split.cpp, join.cpp): the verdict and event
// of an order that could not be carried out.
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

}  // namespace adjutant::army_strength
