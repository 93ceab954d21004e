// SPDX-License-Identifier: Apache-2.0
// The legality of the field works orders (Lone Warrior 5a and 5b; docs/field-works.md): an army
// with an engineer entrenches where it stands; an army in works it dug may retire from them to a
// province it could move to.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/field_works/field_works.h"
#include "variant/variant.h"

namespace adjutant::field_works {

Checked check_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!enabled(v))
        return Checked::refused("field fortifications are a campaign rule; this map has none");
    const ProvinceId where = s.unit.place.province;
    const Unit* unit = pos.unit_at(where);
    if (std::string error = ownership_error(v, unit, where, power); !error.empty())
        return Checked::refused(error);
    const std::string name = describe_unit(v, unit->type, unit->location);
    if (unit->type != UnitType::Army)
        return Checked::refused(name + " is no army: only armies dig field works");
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit->type;
    order.unit = unit->location;
    if (is(s, kEntrench)) {
        if (unit->stats.engineers < 1)
            return Checked::refused(
                name +
                " has no engineer: an army must be accompanied by an engineer unit to "
                "construct field defences (5a)");
        return Checked{order, "", ""};
    }
    const ProvinceId to = s.destination.province;
    if (state(pos).of(*unit) == nullptr)
        return Checked::refused(name + " has no field works in " + province_abbr(v, where) +
                                " to retire from: order it to move or to ENTRENCH (5b)");
    if (to == where || !v.can_reach(UnitType::Army, unit->location, to))
        return Checked::refused(name + " cannot retire to " + province_abbr(v, to) +
                                ": it retires one province, to one it could move to (5b)");
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

}  // namespace adjutant::field_works
