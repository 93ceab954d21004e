// SPDX-License-Identifier: Apache-2.0
// The field works orders as players write them (docs/field-works.md, "Orders"), and their
// canonical text:
//   A ARG ENTRENCH (FORTIFY)           dig field works where the army stands
//   A ARG RETIRE [- | TO] CHA          leave the works for CHA if attacked, else hold in them
#include "orders/order_reader.h"
#include "rules/field_works/field_works.h"
#include "rules/field_works/words.h"
#include "variant/variant.h"

namespace adjutant::field_works {

constexpr ModuleWord kUnitActionWords[] = {kWords["entrench"], kWords["entrenches"],
                                           kWords["fortify"],  kWords["fortifies"],
                                           kWords["retire"],   kWords["retires"]};
const SyntaxStart kUnitActionStart{kUnitActionWords};

SyntaxMatch read_unit_action(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["entrench"], kWords["entrenches"], kWords["fortify"],
                  kWords["fortifies"])) {
        r.advance();
        set_module_kind(order, kEntrench);
        return SyntaxMatch::Read;
    }
    if (!r.next_is(kWords["retire"], kWords["retires"])) return SyntaxMatch::NotMine;
    r.advance();
    set_module_kind(order, kRetire);
    r.read_move_operator();  // "-" or "to" may stand between, or nothing
    return r.read_place(order.destination, "the retirement") ? SyntaxMatch::Read
                                                             : SyntaxMatch::Failed;
}

std::string order_text(const Variant& v, const Order& o) {
    const std::string unit = unit_text(v, o.unit_type, o.unit);
    if (is(o, kEntrench)) return unit + " ENTRENCH";
    return unit + " RETIRE - " + v.location_text(Location{o.destination.province, Coast::None});
}

}  // namespace adjutant::field_works
