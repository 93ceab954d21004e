// SPDX-License-Identifier: Apache-2.0
// The CONVOY decision (DATC 5.B.3), the convoy routes of the PATH decision (5.B.4), and the
// backup rule's answer to a convoy paradox (the Szykman rule, DATC 4.A.2); and which convoys
// carry which army.
#include <vector>

#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

// CONVOY: the fleet convoys while it is not dislodged. The attacks on it are decided here
// directly rather than through resolve(): so every paradox is one clean cycle (DATC 5.D,
// Pandin's paradox).
bool MovementResolver::convoy_succeeds(int i) {
    if (!units_[i].matched) return true;  // it convoys nobody: it holds
    for (int k : attackers(origin(i)))
        if (!is_rail(k) && move_succeeds(k)) return false;
    return true;
}

// The convoy route of army i: a chain of fleets whose convoys of it succeed, from a fleet next
// to the army's province to one next to its destination. A disrupted route leaves the others
// (DATC 4.A.1). Searched breadth first.
bool MovementResolver::convoy_route_exists(int i, std::vector<int>* route) {
    const std::span<const int> fleets = convoyers(i);
    // Local vectors: the search asks resolve(), which may start another search.
    std::vector<bool> reached(fleets.size(), false);
    std::vector<std::size_t> queue;
    std::vector<std::size_t> came_from(fleets.size(), fleets.size());  // for `route`
    for (std::size_t k = 0; k < fleets.size(); ++k) {
        const Location at = units_[fleets[k]].order.unit;
        if (variant_->fleet_can_reach(at, origin(i)) && resolve(fleets[k])) {
            reached[k] = true;
            queue.push_back(k);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::size_t here = queue[head];
        const Location at = units_[fleets[here]].order.unit;
        if (variant_->fleet_can_reach(at, destination(i))) {
            if (route != nullptr) {
                route->clear();
                for (std::size_t k = here; k < fleets.size(); k = came_from[k])
                    route->insert(route->begin(), fleets[k]);
            }
            return true;
        }
        for (std::size_t k = 0; k < fleets.size(); ++k) {
            if (reached[k]) continue;
            const Location next = units_[fleets[k]].order.unit;
            if (variant_->fleet_can_move(at, next) && resolve(fleets[k])) {
                reached[k] = true;
                came_from[k] = here;
                queue.push_back(k);
            }
        }
    }
    return false;
}

// The backup rule for a convoy paradox (a cycle with a convoy): the Szykman rule. The convoys
// in the cycle fail and their fleets hold; the other decisions in it are worked out again.
void MovementResolver::settle_convoy_paradox(std::span<const int> cycle) {
    for (int k : cycle) {
        if (units_[k].order.type == OrderType::Convoy) {
            set_decision(k, false);
            units_[k].szykman_failed = true;
        } else {
            units_[k].state = State::Unresolved;
        }
    }
}

// Which convoys carry which army, as the orders are loaded (movement.cpp).
void MovementResolver::match_convoys() {
    const std::size_t n = units_.size();
    // A convoy matches an army's move to the destination it names; a matching convoy of the
    // army's own power sends the army by sea (DATC 4.A.3).
    for (UnitOrder& fleet : units_) {
        if (fleet.order.type != OrderType::Convoy) continue;
        const int a = unit_in(fleet.order.target);
        fleet.matched = a >= 0 && units_[a].order.type == OrderType::Move &&
                        units_[a].order.unit_type == UnitType::Army &&
                        destination(a) == fleet.order.target_destination;
        if (fleet.matched && units_[a].order.power == fleet.order.power) units_[a].convoyed = true;
    }
    // A convoy of an army that goes overland is part of no route; the others are listed with
    // the army they carry.
    convoyers_.clear(n);
    for (std::size_t f = 0; f < n; ++f) {
        UnitOrder& fleet = units_[f];
        if (fleet.order.type != OrderType::Convoy || !fleet.matched) continue;
        const int army = unit_in(fleet.order.target);
        if (units_[army].convoyed)
            convoyers_.add(static_cast<std::size_t>(army), static_cast<int>(f));
        else
            fleet.matched = false;
    }
    convoyers_.finish();
}

}  // namespace adjutant
