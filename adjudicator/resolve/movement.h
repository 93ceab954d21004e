// Movement-phase resolution: DATC v3.0 chapter 5, Kruijswijk's decisions solved by guessing.
//
// Every MOVE, SUPPORT and CONVOY order is a yes/no decision that depends on other decisions
// through the strengths of 5.B. resolve() memoises decisions; a dependency on a decision still
// being guessed is recorded, and the order that heads such a cycle is adjudicated once with the
// guess "fails" and once with "succeeds". One consistent answer is taken; zero or two answers
// call the backup rule: circular movement succeeds, a convoy paradox makes the convoying fleets
// in the cycle fail (Szykman). No iteration caps, no special cases outside the rules.
//
// Strength is pluggable (DESIGN.md §3): each unit brings `base_strength` (1 for `unit`
// strength, its strength points for `points`); supports add their supporter's base strength.
// The class owns all scratch space; reuse one instance to adjudicate many phases without
// allocating once the vectors have grown.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "adjudicate.h"

namespace adjutant {

using Strength = std::int64_t;

class MovementResolver {
public:
    // Loads the units of `position` with their orders (units without one hold). `base` gives
    // each unit's own strength, indexed like position.units; empty means 1 for every unit.
    void load(const Variant& variant, const Position& position, std::span<const Order> orders,
              std::span<const Strength> base = {});

    // Decides every order. Call once after load().
    void run();

    std::size_t unit_count() const { return units_.size(); }
    const Order& order(std::size_t i) const { return units_[i].order; }
    bool succeeded(std::size_t i) const { return result_[i] != 0; }
    bool is_move(std::size_t i) const { return units_[i].order.type == OrderType::Move; }
    // Why order i failed, or Reason::None when it succeeded.
    Reason failure_reason(std::size_t i) const;
    // The unit that dislodged unit i, or -1.
    int dislodged_by(std::size_t i) const;
    // Whether unit i's move went by convoy (decides retreats to its origin, DATC 4.A.5).
    bool moved_by_convoy(std::size_t i) const { return units_[i].convoyed; }
    // Whether unit i was given an order (false: it holds by default).
    bool ordered(std::size_t i) const { return units_[i].given; }
    // Provinces left empty by a standoff, sorted.
    std::vector<ProvinceId> standoffs() const;

private:
    enum class State : std::uint8_t { Unresolved, Guessing, Resolved };

    struct UnitOrder {
        Order order;
        Strength base = 1;
        bool convoyed = false;         // a move that uses the convoy route (DATC 4.A.3)
        bool matched = true;           // support/convoy matches the target's actual order
        bool szykman_failed = false;   // convoy failed by the paradox rule
        bool path_ok = true;           // after run(): the move had a route (DATC 5.B.4)
        bool given = false;            // ordered, rather than holding by default
    };

    // Lists stored flat (compressed rows): row r is list[begin[r] .. begin[r + 1]).
    struct Rows {
        std::vector<int> begin;
        std::vector<int> list;
        std::span<const int> row(std::size_t r) const {
            return {list.data() + begin[r], list.data() + begin[r + 1]};
        }
    };

    bool resolve(int i);
    bool adjudicate(int i);
    void apply_backup_rule(std::size_t first_dependency);

    // Decision rules, one family per order type (move.cpp, support.cpp, convoy.cpp).
    bool adjudicate_move(int i);
    bool adjudicate_support(int i);
    bool adjudicate_convoy(int i);
    bool path_succeeds(int i);
    bool head_to_head(int i) const;
    Strength attack_strength(int i);
    Strength defend_strength(int i);
    Strength prevent_strength(int i);
    Strength hold_strength(ProvinceId province);
    Strength support_total(int i, PowerId excluded_power);

    std::span<const int> supporters(int i) const { return supporters_.row(static_cast<std::size_t>(i)); }
    std::span<const int> convoyers(int i) const { return convoyers_.row(static_cast<std::size_t>(i)); }
    std::span<const int> attackers(ProvinceId p) const { return attackers_.row(p); }
    int unit_in(ProvinceId p) const { return p < unit_at_.size() ? unit_at_[p] : -1; }
    ProvinceId origin(int i) const { return units_[i].order.unit.province; }
    ProvinceId destination(int i) const { return units_[i].order.destination.province; }

    const Variant* variant_ = nullptr;
    std::vector<UnitOrder> units_;
    std::vector<int> unit_at_;                 // per province: unit index or -1
    Rows attackers_;   // per province: units ordered to move there
    Rows supporters_;  // per unit: matched supports of its order
    Rows convoyers_;   // per unit: matching convoy orders for its move
    std::vector<State> state_;
    std::vector<std::uint8_t> result_;
    std::vector<int> dependencies_;            // decisions that relied on a guess
};

}  // namespace adjutant
