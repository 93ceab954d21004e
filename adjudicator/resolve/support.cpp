// SPDX-License-Identifier: Apache-2.0
// The SUPPORT decision (DATC 5.B.2): a support is given unless it is cut or its unit is
// dislodged.
#include "resolve/movement.h"

namespace adjutant {

bool MovementResolver::support_given(int i) {
    const UnitOrder& u = units_[i];
    if (!u.matched) return false;  // it supports an order that was not given
    const ProvinceId supported_into = u.order.target_destination;
    const ProvinceId supported_place =
        supported_into == kNoProvince ? u.order.target : supported_into;
    // A fleet supports through a canal only while the canal lets it through.
    if (u.order.unit_type == UnitType::Fleet && !canal_open(i, origin(i), supported_place))
        return false;
    // Cut: another power's move into the supporter's province, with a path. An attack from the
    // province the support is directed at does not cut it, even when that attack comes by
    // convoy (DATC 4.A.4, choice a); it can still dislodge. A rail move never attacks
    // (Colonial 9.23).
    for (int k : attackers(origin(i))) {
        if (is_rail(k)) continue;
        if (units_[k].order.power == u.order.power || origin(k) == supported_into) continue;
        if (has_path(k)) return false;
    }
    // Dislodged: a move into the supporter's province succeeds.
    for (int k : attackers(origin(i)))
        if (!is_rail(k) && resolve(k)) return false;
    return true;
}

}  // namespace adjutant
