// SPDX-License-Identifier: Apache-2.0
// SUPPORT decisions (DATC 5.B.2): a support is given unless cut or its unit is dislodged.
#include "resolve/movement.h"

namespace adjutant {

bool MovementResolver::adjudicate_support(int i) {
    const UnitOrder& u = units_[i];
    if (!u.matched) return false;
    const ProvinceId supported_into = u.order.target_destination;
    const ProvinceId supported_place =
        supported_into == kNoProvince ? u.order.target : supported_into;
    if (u.order.unit_type == UnitType::Fleet && !canal_open(i, origin(i), supported_place))
        return false;
    for (int k : attackers(origin(i))) {
        if (is_rail(static_cast<std::size_t>(k))) continue;  // a rail move never attacks (9.23)
        // An attack from the province the support is directed at does not cut it, even when
        // that attack comes by convoy (DATC 4.A.4, choice a); it can still dislodge.
        if (units_[k].order.power == u.order.power || origin(k) == supported_into) continue;
        if (path_succeeds(k)) return false;
    }
    for (int k : attackers(origin(i)))
        if (!is_rail(static_cast<std::size_t>(k)) && resolve(k)) return false;
    return true;
}

}  // namespace adjutant
