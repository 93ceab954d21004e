// SPDX-License-Identifier: Apache-2.0
// The MOVE decision (DATC 5.B.1) and what it is made of: the PATH decision (5.B.4), the four
// strengths (ATTACK 5.B.8, HOLD 5.B.5, DEFEND 5.B.7, PREVENT 5.B.6), and DISLODGED; and the
// backup rule's answer to a circular movement.
#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// A strength of 0 although a unit stands behind it, and why, for explain().
Strength none(StrengthTally* tally, ZeroWhy why) {
    if (tally != nullptr) tally->zero = why;
    return 0;
}

}  // namespace

// MOVE: the move succeeds when its attack beats what holds its destination and every other
// move there.
bool MovementResolver::move_succeeds(int i) {
    // An unopposed move: nothing holds its destination and no other move goes there. Hold and
    // prevent strengths are 0, so any attack strength gets it in.
    if (unit_in(destination(i)) < 0 && attackers(destination(i)).size() == 1)
        return attack_strength(i) > 0;
    return move_wins(i, -1);
}

bool MovementResolver::move_wins(int i, int ignored) {
    const Strength attack = attack_strength(i);
    if (attack == 0) return false;
    // Against the unit in the destination: its DEFEND strength when it moves against this
    // move head to head, its destination's HOLD strength otherwise.
    if (head_to_head(i)) {
        if (attack <= defend_strength(unit_in(destination(i)))) return false;
    } else if (attack <= hold_strength(destination(i))) {
        return false;
    }
    // Against the other moves to the same place: their PREVENT strengths.
    for (int k : attackers(destination(i))) {
        if (k == i || k == ignored) continue;
        if (is_rail(k) && !rail_opposes(k, i)) continue;
        if (attack <= contest_strength(k, destination(i))) return false;
    }
    return true;
}

// PATH: a move has a route over a land border or a sea, through a canal that lets it pass, or
// by a chain of convoys (convoy.cpp).
bool MovementResolver::has_path(int i) {
    const UnitOrder& u = units_[i];
    if (u.order.type != OrderType::Move) return true;
    if (u.order.unit_type == UnitType::Fleet)
        return canal_open(i, u.order.unit.province, u.order.destination.province);
    return !u.convoyed || convoy_route_exists(i);
}

// Two units moving into each other's province, neither by convoy.
bool MovementResolver::head_to_head(int i) const {
    const UnitOrder& u = units_[i];
    if (u.order.type != OrderType::Move || u.convoyed) return false;
    const int j = unit_in(destination(i));
    return j >= 0 && units_[j].order.type == OrderType::Move && !units_[j].convoyed &&
           destination(j) == origin(i);
}

// ATTACK: the unit and its supports, once it has a path. Every support counts when the
// destination is empty or its unit moves away (not head to head). Otherwise the unit there
// must be dislodged (it stays, its move fails, or it meets this move head to head): a unit of
// the mover's own power is never attacked, and no support from the defender's power counts.
Strength MovementResolver::attack_strength(int i, StrengthTally* tally) {
    if (!has_path(i)) return none(tally, ZeroWhy::NoPath);
    const UnitOrder& u = units_[i];
    const int j = unit_in(destination(i));
    if (j < 0 || (!head_to_head(i) && is_move(j) && resolve(j)))
        return u.base + u.attack_bonus + support_strength(i, kNoPower, tally);
    const PowerId defender = units_[j].order.power;
    if (defender == u.order.power) return none(tally, ZeroWhy::OwnUnit);  // never your own unit
    return u.base + u.attack_bonus + support_strength(i, defender, tally);
}

// HOLD: nothing in an empty province or one its unit leaves; a unit that moves and fails holds
// alone; any other unit holds with its hold supports.
Strength MovementResolver::hold_strength(ProvinceId province, StrengthTally* tally) {
    const int j = unit_in(province);
    if (j < 0) return 0;
    if (is_move(j)) return resolve(j) ? none(tally, ZeroWhy::MovedAway) : units_[j].base;
    return units_[j].base + support_strength(j, kNoPower, tally);
}

// DEFEND: the unit and its move's supports, against the move coming the other way.
Strength MovementResolver::defend_strength(int i, StrengthTally* tally) {
    return units_[i].base + support_strength(i, kNoPower, tally);
}

// PREVENT: the unit and its supports, unless it has no path or lost a head-to-head battle.
Strength MovementResolver::prevent_strength(int i, StrengthTally* tally) {
    if (!has_path(i)) return none(tally, ZeroWhy::NoPath);
    if (head_to_head(i) && resolve(unit_in(destination(i))))
        return none(tally, ZeroWhy::LostHeadToHead);
    return units_[i].base + support_strength(i, kNoPower, tally);
}

// The strength unit j opposes to the other moves into p: its PREVENT strength, or a rail
// move's strength there (rail_move.cpp).
Strength MovementResolver::contest_strength(int j, ProvinceId p) {
    return is_rail(j) ? rail_strength(j, p) : prevent_strength(j);
}

Strength MovementResolver::support_strength(int i, PowerId excluded_power, StrengthTally* tally) {
    Strength total = 0;
    for (int s : supporters(i)) {
        if (units_[s].order.power != excluded_power && resolve(s)) total += units_[s].base;
        if (tally != nullptr) tally->supports.push_back(support_tally(s, excluded_power));
    }
    return total;
}

// DISLODGED: a unit that did not move away is dislodged by the move into its province that
// succeeded. A rail move never dislodges (Colonial 9.23).
int MovementResolver::dislodger_of(int i) const {
    if (is_move(i) && units_[i].succeeds) return -1;
    for (int k : attackers(origin(i)))
        if (units_[k].succeeds && !is_rail(k)) return k;
    return -1;
}

// The backup rule for a circular movement (a cycle of moves without a convoy): every move in
// the circle succeeds; the other decisions in it are worked out again.
void MovementResolver::settle_circular_movement(std::span<const int> cycle) {
    for (int k : cycle) {
        if (units_[k].order.type == OrderType::Move) {
            set_decision(k, true);
            units_[k].circular = true;
        } else {
            units_[k].state = State::Unresolved;
        }
    }
}

}  // namespace adjutant
