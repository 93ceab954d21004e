// SPDX-License-Identifier: Apache-2.0
// The CONVOY decision (DATC 5.B.3), the convoy routes of the PATH decision (5.B.4), and the
// backup rule's answer to a convoy paradox (the Szykman rule, DATC 4.A.2).
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
bool MovementResolver::convoy_route_exists(int i) {
    const std::span<const int> fleets = convoyers(i);
    // Local vectors: the search asks resolve(), which may start another search.
    std::vector<bool> reached(fleets.size(), false);
    std::vector<std::size_t> queue;
    for (std::size_t k = 0; k < fleets.size(); ++k) {
        const Location at = units_[fleets[k]].order.unit;
        if (variant_->fleet_can_reach(at, origin(i)) && resolve(fleets[k])) {
            reached[k] = true;
            queue.push_back(k);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Location at = units_[fleets[queue[head]]].order.unit;
        if (variant_->fleet_can_reach(at, destination(i))) return true;
        for (std::size_t k = 0; k < fleets.size(); ++k) {
            if (reached[k]) continue;
            const Location next = units_[fleets[k]].order.unit;
            if (variant_->fleet_can_move(at, next) && resolve(fleets[k])) {
                reached[k] = true;
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

}  // namespace adjutant
