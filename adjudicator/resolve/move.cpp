// SPDX-License-Identifier: Apache-2.0
// MOVE decisions and the four strengths of DATC 5.B.5–5.B.8, plus the PATH of 5.B.4.
#include <vector>

#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

bool MovementResolver::head_to_head(int i) const {
    const UnitOrder& u = units_[i];
    if (u.order.type != OrderType::Move || u.convoyed) return false;
    const int j = unit_in(destination(i));
    return j >= 0 && units_[j].order.type == OrderType::Move && !units_[j].convoyed &&
           destination(j) == origin(i);
}

Strength MovementResolver::support_total(int i, PowerId excluded_power) {
    Strength total = 0;
    for (int s : supporters(i))
        if (units_[s].order.power != excluded_power && resolve(s)) total += units_[s].base;
    return total;
}

bool MovementResolver::convoy_path_succeeds(int i) {
    // Breadth-first over fleets whose convoy of this army succeeds. Local scratch: this search
    // re-enters itself through resolve(), and convoys are rare enough not to matter for speed.
    const std::span<const int> fleets = convoyers(i);
    std::vector<std::uint8_t> seen(fleets.size(), 0);
    std::vector<std::size_t> queue;
    for (std::size_t k = 0; k < fleets.size(); ++k) {
        const Location at = units_[fleets[k]].order.unit;
        if (variant_->fleet_can_reach(at, origin(i)) && resolve(fleets[k])) {
            seen[k] = 1;
            queue.push_back(k);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Location at = units_[fleets[queue[head]]].order.unit;
        if (variant_->fleet_can_reach(at, destination(i))) return true;
        for (std::size_t k = 0; k < fleets.size(); ++k) {
            if (seen[k]) continue;
            const Location next = units_[fleets[k]].order.unit;
            if (variant_->fleet_can_move(at, next) && resolve(fleets[k])) {
                seen[k] = 1;
                queue.push_back(k);
            }
        }
    }
    return false;
}

Strength MovementResolver::attack_strength(int i) {
    if (!path_succeeds(i)) return 0;
    const UnitOrder& u = units_[i];
    const int j = unit_in(destination(i));
    if (j < 0 || (!head_to_head(i) && is_move(j) && resolve(j)))
        return u.base + u.attack_bonus + support_total(i, kNoPower);
    const PowerId defender = units_[j].order.power;
    if (defender == u.order.power) return 0;  // never dislodge your own unit
    // Support from the defender's own power never helps to dislodge it.
    return u.base + u.attack_bonus + support_total(i, defender);
}

Strength MovementResolver::defend_strength(int i) {
    return units_[i].base + support_total(i, kNoPower);
}

Strength MovementResolver::prevent_strength(int i) {
    if (!path_succeeds(i)) return 0;
    if (head_to_head(i) && resolve(unit_in(destination(i)))) return 0;
    return units_[i].base + support_total(i, kNoPower);
}

Strength MovementResolver::hold_strength(ProvinceId province) {
    const int j = unit_in(province);
    if (j < 0) return 0;
    if (is_move(j)) return resolve(j) ? 0 : units_[j].base;
    return units_[j].base + support_total(j, kNoPower);
}

bool MovementResolver::adjudicate_move(int i) {
    return move_wins(i, -1);
}

Strength MovementResolver::contest_strength(int j, ProvinceId p) {
    return is_rail(static_cast<std::size_t>(j)) ? rail_strength(j, p) : prevent_strength(j);
}

bool MovementResolver::move_wins(int i, int ignored) {
    const Strength attack = attack_strength(i);
    if (attack == 0) return false;
    if (head_to_head(i)) {
        if (attack <= defend_strength(unit_in(destination(i)))) return false;
    } else if (attack <= hold_strength(destination(i))) {
        return false;
    }
    for (int k : attackers(destination(i))) {
        if (k == i || k == ignored) continue;
        if (is_rail(static_cast<std::size_t>(k)) && !rail_opposes(k, i)) continue;
        if (attack <= contest_strength(k, destination(i))) return false;
    }
    return true;
}

}  // namespace adjutant
