// SPDX-License-Identifier: Apache-2.0
// The SUPPORT decision (DATC 5.B.2): a support is given unless it is cut or its unit is
// dislodged; and which supports match what their target does.
#include "resolve/movement.h"

namespace adjutant {

bool MovementResolver::support_given(int i, SupportFate* fate) {
    const UnitOrder& u = units_[i];
    if (!u.matched) return false;  // it supports an order that was not given
    const ProvinceId supported_into = u.order.target_destination;
    const ProvinceId supported_place =
        supported_into == kNoProvince ? u.order.target : supported_into;
    // A fleet supports through a canal only while the canal lets it through.
    if (u.order.unit_type == UnitType::Fleet && !canal_open(i, origin(i), supported_place)) {
        if (fate != nullptr) fate->count = SupportCount::CanalClosed;
        return false;
    }
    // Cut: another power's move into the supporter's province, with a path. An attack from the
    // province the support is directed at does not cut it, even when that attack comes by
    // convoy (DATC 4.A.4, choice a); it can still dislodge. A rail move never attacks
    // (Colonial 9.23).
    for (int k : attackers(origin(i))) {
        if (is_rail(k)) continue;
        if (units_[k].order.power == u.order.power) {
            if (fate != nullptr) fate->spared = DecidingRule::NotCutByOwnPower;
            continue;
        }
        if (origin(k) == supported_into) {
            if (fate != nullptr) fate->spared = DecidingRule::NotCutFromTarget;
            continue;
        }
        if (has_path(k)) {
            if (fate != nullptr) *fate = SupportFate{SupportCount::Cut, k, DecidingRule::None};
            return false;
        }
    }
    // Dislodged: a move into the supporter's province succeeds.
    for (int k : attackers(origin(i))) {
        if (!is_rail(k) && resolve(k)) {
            if (fate != nullptr)
                *fate = SupportFate{SupportCount::Dislodged, k, DecidingRule::None};
            return false;
        }
    }
    return true;
}

// Whether a support matches what its target does: a support to hold a unit that does not move,
// or a support of the move the target makes (its coast too, when named; DATC 4.B.4, 6.B.9).
// An unmatched support is void. Asked as the orders are loaded (movement.cpp).
bool MovementResolver::support_matches(const Order& support, int t) const {
    if (t < 0) return false;
    // Support carries a rail move into a province on its way (Colonial 9.26).
    if (is_rail(t))
        return support.target_destination != kNoProvince &&
               on_rail_path(t, support.target_destination);
    const Order& target = units_[t].order;
    const bool moving = target.type == OrderType::Move;
    if (support.target_destination == kNoProvince) return !moving;  // a support to hold
    return moving && target.destination.province == support.target_destination &&
           (support.target_destination_coast == Coast::None ||
            support.target_destination_coast == target.destination.coast);
}

}  // namespace adjutant
