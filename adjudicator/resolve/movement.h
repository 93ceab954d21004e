// SPDX-License-Identifier: Apache-2.0
// Movement-phase resolution: DATC v3.0 chapter 5, Kruijswijk's decisions solved by guessing.
//
// Every MOVE, SUPPORT and CONVOY order is a yes/no decision that depends on other decisions
// through the strengths of 5.B. resolve() memoises decisions; a dependency on a decision still
// being guessed is recorded, and the order that heads such a cycle is adjudicated once with the
// guess "fails" and once with "succeeds". One consistent answer is taken; zero or two answers
// call the variant's backup rule (Variant::backup_rule): with "szykman", circular movement
// succeeds and a convoy paradox makes the convoying fleets in the cycle fail. No iteration caps,
// no special cases outside the rules.
//
// Strength is pluggable (docs/design.md, "The adjudicator contract"): each unit brings
// `base_strength` (1 for `unit` strength, its strength points for `points`); supports add their
// supporter's base strength. The class owns all scratch space; reuse one instance to adjudicate
// many phases without allocating once the vectors have grown.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "adjudication.h"
#include "module/rule_module.h"

namespace adjutant {

using Strength = std::int64_t;

class MovementResolver {
  public:
    // Loads the units of `position` with their orders (units without one hold). `base` gives
    // each unit's own strength, indexed like position.units; empty means 1 for every unit.
    // `attack_bonus`, indexed the same way (empty: none), is strength that is no unit of the
    // resolver and counts only in the unit's attack strength: a rule module's aid to a move
    // (RuleModule::attack_points). It is never cut, as its giver does not stand in the open.
    void load(const Variant& variant, const Position& position, std::span<const Order> orders,
              std::span<const Strength> base = {}, std::span<const Strength> attack_bonus = {});

    // Decides every order. Call once after load().
    void run();

    std::size_t unit_count() const { return units_.size(); }
    const Order& order(std::size_t i) const { return units_[i].order; }
    bool succeeded(std::size_t i) const { return result_[i] != 0; }
    // Moves and rail moves both leave their province when they succeed.
    bool is_move(std::size_t i) const {
        return units_[i].order.type == OrderType::Move ||
               units_[i].order.type == OrderType::RailMove;
    }
    bool is_rail(std::size_t i) const { return units_[i].order.type == OrderType::RailMove; }
    // Whether any unit was ordered to a rail move (valid after load()).
    bool any_rail() const { return any_rail_; }
    // Where unit i ends its move: its destination, or for a rail move the province it stops in
    // (its origin when it could not leave). Valid after run().
    Location final_location(std::size_t i) const { return final_[i]; }
    std::span<const Location> final_locations() const { return final_; }
    // Why order i failed, or Reason::None when it succeeded; and for Reason::NotCarriedOut the
    // words of the module whose ride it was (RidePlan::held).
    Reason failure_reason(std::size_t i) const;
    std::string_view failure_words(std::size_t i) const { return units_[i].held; }
    // The unit that dislodged unit i, or -1. Valid after run().
    int dislodged_by(std::size_t i) const { return dislodger_[i]; }
    // Whether unit i's move went by convoy (decides retreats to its origin, DATC 4.A.5).
    bool moved_by_convoy(std::size_t i) const { return units_[i].convoyed; }
    // Whether unit i was given an order (false: it holds by default).
    bool ordered(std::size_t i) const { return units_[i].given; }
    // Provinces left empty by a standoff, sorted, into `out` (its old contents dropped).
    void standoffs(std::vector<ProvinceId>& out) const;
    // The units not dislodged, in the order of their final locations (their order in the
    // position among equals). Valid after run(), until the next call; kept in the resolver's
    // scratch space.
    std::span<const std::size_t> staying_in_final_order();

  private:
    enum class State : std::uint8_t { Unresolved, Guessing, Resolved };

    // Every field but `given` is set anew for each phase by take_orders() and start_unit():
    // a field added here is set there.
    struct UnitOrder {
        Order order;
        Strength base = 1;
        Strength attack_bonus = 0;
        bool convoyed = false;        // a move that uses the convoy route (DATC 4.A.3)
        bool matched = true;          // support/convoy matches the target's actual order
        bool szykman_failed = false;  // convoy failed by the paradox rule
        bool path_ok = true;          // after run(): the move had a route (DATC 5.B.4)
        bool given = false;           // ordered, rather than holding by default
        bool canal_closed = false;    // after run(): a support refused passage by a canal
        // A module's ride that cannot start: the module's words for why (RidePlan::held).
        std::string_view held;
    };

    // Lists stored flat (compressed rows): row r is list[begin[r] .. begin[r + 1]).
    struct Rows {
        std::vector<int> begin;
        std::vector<int> list;
        std::span<const int> row(std::size_t r) const {
            return {list.data() + begin[r], list.data() + begin[r + 1]};
        }
    };

    // Per province, the units ordered to move there (a rail move: to or through it), in the
    // order of the units. Chains of entries rather than rows: building rows took two passes
    // over every province of the map each phase; a chain touches only the provinces moved to.
    // The heads are cleared at once (one fill, as unit_at_'s): a list of the heads set, to
    // clear only those, cost a test and a store for each entry added, more than the fill.
    // The supports of each unit's order are chained the same way (rows took five passes over
    // the units; a chain, one).
    struct Chains {
        struct Entry {
            int unit;
            int next;  // its province's next entry, -1 at the end
        };
        std::vector<int> head;       // per province (or unit): its first entry, -1 for none
        std::vector<Entry> entries;  // one store per entry added, read together when walked

        // Empties every chain, with room for `rows` of them.
        void reset(std::size_t rows) {
            head.assign(rows, -1);
            entries.clear();
        }
        // Puts unit i first in row r's chain: entries added last to first list in order.
        void push_front(std::size_t r, int i) {
            int& first = head[r];
            entries.push_back(Entry{i, first});
            first = static_cast<int>(entries.size() - 1);
        }
    };
    struct AttackerRange {
        struct iterator {
            const Chains* chains;
            int entry;
            int operator*() const { return chains->entries[static_cast<std::size_t>(entry)].unit; }
            iterator& operator++() {
                entry = chains->entries[static_cast<std::size_t>(entry)].next;
                return *this;
            }
            bool operator!=(const iterator& other) const { return entry != other.entry; }
        };
        const Chains* chains;
        int first;
        iterator begin() const { return {chains, first}; }
        iterator end() const { return {chains, -1}; }
    };

    // The steps of load(), in order: the units by province; each unit's order, given or a
    // hold, with its strength; which moves go by convoy and the convoys that carry them; the
    // rail moves' paths; the supports that match what their unit does. take_orders() writes
    // each unit's slot once (an order copied over a hold built first cost a slot's worth of
    // stores per unit), start_unit() its fields besides the order.
    void place_units(const Position& position);
    void take_orders(const Position& position, std::span<const Order> orders,
                     std::span<const Strength> base, std::span<const Strength> attack_bonus);
    void hold_unordered(const Position& position);
    static void start_unit(UnitOrder& u, Strength base, Strength attack_bonus);
    void decide_convoys();
    void lay_rail_paths();
    // The moves into each province and the supports that match what their unit does, each in
    // a chain, in one pass over the units (two passes cost a loop's work twice).
    void chain_orders();
    bool support_matches(const Order& support, int target) const;

    bool resolve(int i);
    // The answer of move i when it rests on no other decision (1 succeeds, 0 fails), else -1:
    // a move into an empty province nobody else moves to, or an unsupported move into a unit
    // that stays and is at least as strong. run() takes it without resolve()'s call. `u` is
    // unit i's slot, which run() holds (found from the index, it cost a load of the units'
    // data after each unit's stores and three address steps).
    int settled_move(const UnitOrder& u, std::size_t i) const;
    bool adjudicate(int i);
    // Settles the cycle of decisions dependencies_[first_dependency..] by the variant's backup
    // rule and forgets those dependencies.
    void apply_backup_rule(std::size_t first_dependency);
    void szykman_rule(std::size_t first_dependency);

    // Decision rules, one family per order type (move.cpp, support.cpp, convoy.cpp).
    bool adjudicate_move(int i);
    // Move i beats everything in its way, leaving out unit `ignored` (-1: nobody).
    bool move_wins(int i, int ignored);
    // Rail moves (rail_move.cpp): a TSR-style move along a named line (Colonial rules
    // 9.2-9.27), or a module's ride along the path the module plans (RideRules).
    bool adjudicate_rail(int i);
    ProvinceId rail_stop(int i);
    bool rail_blocked(int i, ProvinceId p);
    bool rail_endable(int i, ProvinceId p);
    bool on_rail_path(int i, ProvinceId p) const;
    // Whether unit j can block unit i's rail move: another power's unit on a named line; on a
    // module's ride, whom the module says (RideRules::stopped_by).
    bool rail_blocker(int i, int j) const;
    // Whether rail move k contests move i's province: a move along a named line does not contest
    // its own power's moves into provinces it only passes (Colonial 9.27).
    bool rail_opposes(int k, int i) const;
    // Whether move k into p beats every other move there but rail move i, the unit holding p
    // left aside (a foreign attack on an own-held province on the line, Colonial 9.25).
    bool beats_other_moves(int k, int i, ProvinceId p);
    // Whether ride k has the first claim on a province where ride i could also end.
    bool rail_first(int k, int i) const;
    // The rides of rule modules (rides.cpp): each kind's plan hook gives their paths, into
    // ride_plans_, and the rides that cannot start (UnitOrder::held).
    void plan_rides(const Position& position);
    // The ride rules of unit i's order, or nullptr when it is no module's ride.
    const RideRules* ride_rules(int i) const;
    Strength rail_strength(int i, ProvinceId p);
    // The strength unit j opposes to other moves into p: PREVENT, or a rail move's contest.
    Strength contest_strength(int j, ProvinceId p);
    // Canals (Suez): open for unit i between from and to (true when no canal is involved).
    bool canal_open(int i, ProvinceId from, ProvinceId to);
    bool adjudicate_support(int i);
    bool adjudicate_convoy(int i);
    // Asked for every move each time its attack strength is: the common answers inline, the
    // convoy route's search and the canal's question out of line.
    bool path_succeeds(int i) {
        const UnitOrder& u = units_[i];
        if (u.order.type != OrderType::Move) return true;
        return move_path_succeeds(u, i);
    }
    // path_succeeds() for a move, `u` its slot: run()'s last pass has it at hand (found again
    // from the index, the slot cost a load and three address steps a move).
    bool move_path_succeeds(const UnitOrder& u, int i) {
        if (u.order.unit_type == UnitType::Fleet)
            return no_canals_ || canal_open(i, u.order.unit.province, u.order.destination.province);
        return !u.convoyed || convoy_path_succeeds(i);
    }
    bool convoy_path_succeeds(int i);
    bool head_to_head(int i) const;
    int find_dislodger(std::size_t i) const;
    // run()'s first part: every decision not yet made, made (inline in run()).
    void decide_remaining();
    Strength attack_strength(int i);
    Strength defend_strength(int i);
    Strength prevent_strength(int i);
    Strength hold_strength(ProvinceId province);
    Strength support_total(int i, PowerId excluded_power);

    AttackerRange supporters(int i) const { return {&supporters_, supporters_.head[i]}; }
    std::span<const int> convoyers(int i) const {
        return convoyers_.row(static_cast<std::size_t>(i));
    }
    AttackerRange attackers(ProvinceId p) const { return {&attackers_, attackers_.head[p]}; }
    std::span<const int> rail_path(int i) const {
        return rail_paths_.row(static_cast<std::size_t>(i));
    }
    PowerId power(int i) const { return units_[i].order.power; }
    int unit_in(ProvinceId p) const { return p < unit_at_.size() ? unit_at_[p] : -1; }
    ProvinceId origin(int i) const { return units_[i].order.unit.province; }
    ProvinceId destination(int i) const { return units_[i].order.destination.province; }

    const Variant* variant_ = nullptr;
    std::vector<UnitOrder> units_;
    std::vector<int> unit_at_;  // per province: unit index or -1
    Chains attackers_;          // per province: units ordered to move there
    Chains supporters_;         // per unit: matched supports of its order
    Rows convoyers_;            // per unit: matching convoy orders for its move
    Rows rail_paths_;           // per unit: provinces a rail move passes, destination last
    std::vector<ProvinceId> rail_stops_;      // per unit, after run(): where a rail move stopped
    std::vector<RidePlan> ride_plans_;        // per unit: its module ride's plan, if any
    std::vector<RideRequest> ride_requests_;  // scratch for plan_rides
    std::vector<RidePlan> kind_plans_;        // scratch for plan_rides
    std::vector<int> ride_units_;             // scratch for plan_rides
    struct Permit {
        PowerId by;
        std::uint8_t canal;
        PowerId permitted;
    };
    std::vector<Permit> permits_;
    const std::vector<PowerId>* owner_ = nullptr;  // centre ownership, for rail stops
    std::vector<State> state_;
    std::vector<std::uint8_t> result_;
    std::vector<int> dependencies_;  // decisions that relied on a guess
    std::vector<int> dislodger_;     // per unit, after run(): dislodged_by
    bool any_rail_ = false;          // after load(): some unit is ordered to a rail move
    bool no_canals_ = true;          // after load(): the variant has no canal
    bool any_support_ = false;       // after load(): some unit is ordered to support
    bool any_convoy_ = false;        // after load(): some unit is ordered to convoy
    std::vector<Location> final_;    // per unit, after run(): final_location
    // Scratch for staying_in_final_order, written by run(): a bit per province where a staying
    // unit ends, the unit ending there (read only where the bit is set), how many stay, and
    // the answer.
    std::vector<std::uint64_t> final_bits_;
    std::vector<std::size_t> final_at_;
    std::size_t staying_count_ = 0;
    std::vector<std::size_t> staying_;
};

// Inline: the movement phase asks it for every unit, from another file.
inline Reason MovementResolver::failure_reason(std::size_t i) const {
    const UnitOrder& u = units_[i];
    const bool dislodged = dislodged_by(i) >= 0;
    switch (u.order.type) {
        case OrderType::Move:
            if (result_[i]) return Reason::None;
            if (u.convoyed && !u.path_ok) return Reason::NoConvoy;
            return u.path_ok ? Reason::Bounced : Reason::CanalClosed;
        case OrderType::RailMove:
            if (!u.held.empty()) return Reason::NotCarriedOut;
            if (rail_stops_[i] == u.order.destination.province) return Reason::None;
            return result_[i] ? Reason::StoppedShort : Reason::Bounced;
        case OrderType::Support:
            if (!u.matched) return Reason::Void;
            if (result_[i]) return Reason::None;
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

}  // namespace adjutant
