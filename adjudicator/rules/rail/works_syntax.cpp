// SPDX-License-Identifier: Apache-2.0
// Engineers' rail works as players write them (docs/rail.md, "Orders"), and their canonical
// text: A LIE DEMOLISH AAC, A LIE REPAIR AAC (`unit` the army, `target` the link's other end).
#include "orders/order_reader.h"
#include "rules/rail/rail.h"
#include "rules/rail/words.h"
#include "variant/variant.h"

namespace adjutant::rail {

SyntaxMatch read_works(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(kWords["demolish"], kWords["demolishes"], kWords["repair"], kWords["repairs"]))
        return SyntaxMatch::NotMine;
    set_module_kind(order,
                    r.next_is(kWords["demolish"], kWords["demolishes"]) ? kDemolish : kRepair);
    r.advance();
    return r.read_place(order.destination, "the rail works") ? SyntaxMatch::Read
                                                             : SyntaxMatch::Failed;
}

std::string works_text(const Variant& v, const Order& o) {
    return unit_text(v, o.unit_type, o.unit) + (is(o, kDemolish) ? " DEMOLISH " : " REPAIR ") +
           v.location_text(Location{o.target, Coast::None});
}

}  // namespace adjutant::rail
