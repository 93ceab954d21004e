// SPDX-License-Identifier: Apache-2.0
// The resolver's frame: loading the orders, guess and check with the backup rule, and the
// outcome of the phase once every decision is made (the algorithm: movement.h).
#include "resolve/movement.h"

#include <algorithm>
#include <cassert>
#include <numeric>

#include "variant/variant.h"

namespace adjutant {

void MovementResolver::Lists::clear(std::size_t rows) {
    rows_ = rows;
    added_.clear();
}

void MovementResolver::Lists::finish() {
    first_.assign(rows_ + 1, 0);
    items_.clear();
    if (added_.empty()) return;  // every row is empty (most phases have no convoy, no rail move)
    // Count each row's items; their running sum is where each row starts. Then place the items,
    // row after row, in the order they were added.
    for (const auto& [row, item] : added_) ++first_[row + 1];
    std::partial_sum(first_.begin(), first_.end(), first_.begin());
    items_.resize(added_.size());
    next_.assign(first_.begin(), first_.end() - 1);
    for (const auto& [row, item] : added_) items_[static_cast<std::size_t>(next_[row]++)] = item;
}

// Loading the orders.

void MovementResolver::load(const Variant& variant, const Position& position,
                            std::span<const Order> orders, std::span<const Strength> base,
                            std::span<const Strength> attack_bonus) {
    variant_ = &variant;
    owner_ = &position.owner;
    dependencies_.clear();
    take_orders(position, orders, base, attack_bonus);
    match_convoys();
    plan_rides(position);
    lay_rail_paths();
    list_moves_and_supports();
}

namespace {

bool is_decision(OrderType type) {
    switch (type) {
        case OrderType::Move:
        case OrderType::RailMove:
        case OrderType::Support:
        case OrderType::Convoy:
            return true;
        default:
            return false;
    }
}

}  // namespace

void MovementResolver::take_orders(const Position& position, std::span<const Order> orders,
                                   std::span<const Strength> base,
                                   std::span<const Strength> attack_bonus) {
    // Every unit holds unless it is given an order.
    const std::size_t n = position.units.size();
    units_.assign(n, UnitOrder{});
    unit_at_.assign(variant_->province_count(), -1);
    for (std::size_t i = 0; i < n; ++i) {
        const Unit& unit = position.units[i];
        unit_at_[unit.location.province] = static_cast<int>(i);
        UnitOrder& u = units_[i];
        u.order.power = unit.power;
        u.order.unit_type = unit.type;
        u.order.unit = unit.location;
        if (!base.empty()) u.base = base[i];
        if (!attack_bonus.empty()) u.attack_bonus = attack_bonus[i];
    }

    permits_.clear();
    any_rail_ = false;
    for (const Order& order : orders) {
        if (order.type == OrderType::Permit) {
            permits_.push_back(Permit{order.power, order.line, order.permitted});
            continue;
        }
        // Builds, waives and some module orders are no unit's order (orders_a_unit()).
        if (!orders_a_unit(order)) continue;
        const int i = unit_in(order.unit.province);
        if (i < 0) continue;  // the parser only passes orders for existing units
        const Unit& unit = position.units[static_cast<std::size_t>(i)];
        // A later order for the unit replaces an earlier one (docs/adjudication.md, 4.D.3):
        // every field set here is set again by the later order.
        UnitOrder& u = units_[i];
        u.given = true;
        u.order = order;
        u.order.power = unit.power;
        u.order.unit_type = unit.type;
        u.order.unit = unit.location;
        // Convoy orders decide whether an adjacent move goes by land or by sea (DATC 4.A.3,
        // the 2023 rule without fallback): by sea when written "via convoy" or over no land
        // border (here), or when a fleet of the army's own power is ordered to convoy it
        // (match_convoys()).
        u.convoyed = order.type == OrderType::Move && unit.type == UnitType::Army &&
                     (order.via_convoy ||
                      !variant_->army_can_move(unit.location.province, order.destination.province));
        any_rail_ = any_rail_ || order.type == OrderType::RailMove;
        // Moves, supports, convoys and rail moves are decisions still to make; holds and the
        // modules' orders are no decisions: they stand.
        const bool decision = is_decision(order.type);
        u.state = decision ? State::Unresolved : State::Resolved;
        u.succeeds = !decision;
    }
}

void MovementResolver::list_moves_and_supports() {
    const std::size_t n = units_.size();
    attackers_.clear(variant_->province_count());
    supporters_.clear(n);
    for (std::size_t i = 0; i < n; ++i) {
        UnitOrder& u = units_[i];
        switch (u.order.type) {
            case OrderType::Move:
                attackers_.add(u.order.destination.province, static_cast<int>(i));
                break;
            case OrderType::RailMove:
                // A rail move contests every province it was ordered to move to or through
                // (Colonial 9.25).
                for (int p : rail_path(static_cast<int>(i)))
                    attackers_.add(static_cast<std::size_t>(p), static_cast<int>(i));
                break;
            case OrderType::Support: {
                const int target = unit_in(u.order.target);
                u.matched = support_matches(u.order, target);
                if (u.matched)
                    supporters_.add(static_cast<std::size_t>(target), static_cast<int>(i));
                break;
            }
            default:
                break;
        }
    }
    attackers_.finish();
    supporters_.finish();
}

// Guess and check (DATC chapter 5; movement.h tells it).

// Resolves every decision not yet resolved as another's dependency, then records what
// happened to each unit.
void MovementResolver::run() {
    assert(variant_ != nullptr);  // load() comes first
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i].state != State::Resolved) resolve(static_cast<int>(i));
    for (std::size_t i = 0; i < units_.size(); ++i) record_outcome(static_cast<int>(i));
}

bool MovementResolver::decide(int i) {
    switch (units_[i].order.type) {
        case OrderType::Move:
            return move_succeeds(i);
        case OrderType::Support:
            return support_given(i);
        case OrderType::Convoy:
            return convoy_succeeds(i);
        case OrderType::RailMove:
            return rail_move_succeeds(i);
        default:
            return true;
    }
}

void MovementResolver::set_decision(int i, bool succeeds) {
    units_[i].state = State::Resolved;
    units_[i].succeeds = succeeds;
}

// The decisions that relied on a guess since dependencies_[first] are unresolved again.
void MovementResolver::forget_guesses_from(std::size_t first) {
    for (std::size_t k = first; k < dependencies_.size(); ++k)
        units_[dependencies_[k]].state = State::Unresolved;
    dependencies_.resize(first);
}

bool MovementResolver::resolve(int i) {
    UnitOrder& u = units_[i];
    switch (u.state) {
        case State::Resolved:
            return u.succeeds;
        case State::Guessing:
            // Asked while being guessed: the answer rests on the guess.
            if (std::find(dependencies_.begin(), dependencies_.end(), i) == dependencies_.end())
                dependencies_.push_back(i);
            return u.succeeds;
        case State::Unresolved:
            break;
    }
    const std::size_t first = dependencies_.size();
    u.state = State::Guessing;
    u.succeeds = false;
    const bool if_it_fails = decide(i);
    if (dependencies_.size() == first) {
        // Nothing relied on a guess: the answer is final (unless a backup rule within has
        // already settled this decision).
        if (u.state != State::Resolved) set_decision(i, if_it_fails);
        return u.succeeds;
    }
    if (dependencies_[first] != i) {
        // The answer rests on the guess of a decision further up: that one decides.
        dependencies_.push_back(i);
        u.succeeds = if_it_fails;
        return if_it_fails;
    }
    // Decision i heads a cycle of guesses: forget what the guess "fails" implied, and check
    // the guess "succeeds".
    forget_guesses_from(first);
    u.state = State::Guessing;
    u.succeeds = true;
    const bool if_it_succeeds = decide(i);
    if (if_it_fails == if_it_succeeds) {
        // One answer, whatever the guess.
        forget_guesses_from(first);
        set_decision(i, if_it_fails);
        return if_it_fails;
    }
    // Two consistent answers, or none: a circular movement or a paradox.
    apply_backup_rule(first);
    return resolve(i);
}

// The backup rule settles the decisions of the cycle dependencies_[first..] and forgets the
// others' guesses; resolve() then works the rest out again.
void MovementResolver::apply_backup_rule(std::size_t first) {
    assert(first < dependencies_.size());  // a cycle holds at least the decision that heads it
    const std::span<const int> cycle = std::span<const int>(dependencies_).subspan(first);
    const auto in_cycle = [&](OrderType type) {
        return std::any_of(cycle.begin(), cycle.end(),
                           [&](int k) { return units_[k].order.type == type; });
    };
    switch (variant_->backup_rule) {
        case BackupRule::Szykman:
            if (in_cycle(OrderType::Convoy)) {
                settle_convoy_paradox(cycle);
            } else if (in_cycle(OrderType::Move)) {
                settle_circular_movement(cycle);
            } else {
                // A cycle the standard rules cannot produce (variants): everything in it fails,
                // as DATC 5.B.9 advises.
                for (int k : cycle) set_decision(k, false);
            }
            break;
    }
    dependencies_.resize(first);
}

// The outcome, once every decision is made.

void MovementResolver::record_outcome(int i) {
    UnitOrder& u = units_[i];
    const Order& o = u.order;
    switch (o.type) {
        case OrderType::Move:
            // Whether a failed move had a route tells why it failed (a move that succeeded had
            // one).
            if (!u.succeeds) u.path_ok = has_path(i);
            break;
        case OrderType::RailMove:
            u.rail_stop = rail_stop(i);
            break;
        case OrderType::Support:
            if (o.unit_type == UnitType::Fleet)
                u.canal_closed = !canal_open(
                    i, o.unit.province,
                    o.target_destination == kNoProvince ? o.target : o.target_destination);
            break;
        default:
            break;
    }
    u.dislodger = dislodger_of(i);
    if (o.type == OrderType::RailMove)
        u.final = Location{u.rail_stop, Coast::None};
    else if (o.type == OrderType::Move && u.succeeds)
        u.final = o.destination;
    else
        u.final = o.unit;
}

Reason MovementResolver::failure_reason(std::size_t i) const {
    const UnitOrder& u = units_[i];
    const bool dislodged = u.dislodger >= 0;
    switch (u.order.type) {
        case OrderType::Move:
            if (u.succeeds) return Reason::None;
            if (u.convoyed && !u.path_ok) return Reason::NoConvoy;
            return u.path_ok ? Reason::Bounced : Reason::CanalClosed;
        case OrderType::RailMove:
            if (!u.held.empty()) return Reason::NotCarriedOut;
            if (u.rail_stop == u.order.destination.province) return Reason::None;
            return u.succeeds ? Reason::StoppedShort : Reason::Bounced;
        case OrderType::Support:
            if (!u.matched) return Reason::Void;
            if (u.succeeds) return Reason::None;
            if (u.canal_closed) return Reason::CanalClosed;
            return dislodged ? Reason::Dislodged : Reason::Cut;
        case OrderType::Convoy:
            if (!u.matched) return Reason::Void;
            if (u.szykman_failed) return Reason::Paradox;
            return dislodged ? Reason::Dislodged : Reason::None;
        default:
            return dislodged ? Reason::Dislodged : Reason::None;
    }
}

std::span<const MovementResolver::Staying> MovementResolver::staying_in_final_order() {
    // By final location: no two staying units end in one province (a move into a held province
    // dislodges its unit or fails; position_is_ok checks it after every phase), so the provinces,
    // walked in order, give the staying units in that order without a sort.
    ending_in_.assign(variant_->province_count(), -1);
    for (std::size_t i = 0; i < units_.size(); ++i) {
        if (units_[i].dislodger >= 0) continue;
        int& unit = ending_in_[units_[i].final.province];
        assert(unit < 0);
        unit = static_cast<int>(i);
    }
    staying_.clear();
    for (const int i : ending_in_)
        if (i >= 0) staying_.push_back(Staying{units_[i].final, static_cast<std::size_t>(i)});
    return staying_;
}

void MovementResolver::standoffs(std::vector<ProvinceId>& out) const {
    // A province is left empty by a standoff when it is vacated (or was empty), nobody got in,
    // and a failed move with a route contested it. A rail move takes part only by ending
    // somewhere; the moves it contested fail and count for the standoff themselves.
    out.clear();
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const UnitOrder& u = units_[i];
        if (u.order.type != OrderType::Move || u.succeeds || !u.path_ok) continue;
        const ProvinceId p = u.order.destination.province;
        const int occupant = unit_in(p);
        const bool vacated = occupant < 0 || (is_move(occupant) && units_[occupant].succeeds);
        if (!vacated) continue;
        // A unit beaten in a head-to-head battle has no effect on its attacker's origin
        // (DATC 6.H.9).
        if (head_to_head(static_cast<int>(i)) && units_[occupant].succeeds) continue;
        const bool entered = std::any_of(attackers(p).begin(), attackers(p).end(), [&](int k) {
            return is_rail(k) ? units_[k].rail_stop == p : units_[k].succeeds;
        });
        if (entered || std::find(out.begin(), out.end(), p) != out.end()) continue;
        out.push_back(p);
    }
    std::sort(out.begin(), out.end());
}

}  // namespace adjutant
