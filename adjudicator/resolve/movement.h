// SPDX-License-Identifier: Apache-2.0
// Movement-phase resolution: the DATC v3.0 algorithm (chapter 5), Kruijswijk's decisions
// resolved by guess and check.
//
// The decisions. Every MOVE, SUPPORT and CONVOY order (and a rail move) is a yes/no decision:
//   MOVE       does the unit get to its destination (DATC 5.B.1);
//   SUPPORT    is the support given, that is not cut and its unit not dislodged (5.B.2);
//   CONVOY     does the fleet stay to convoy, that is it is not dislodged (5.B.3);
//   PATH       has a move a route: a land border, or a chain of convoys that succeed (5.B.4);
//   DISLODGED  was the unit dislodged: a move into its province succeeded (it stayed there).
// They depend on each other through four strengths, which are no decisions of their own but
// sums over decisions:
//   ATTACK     of a move on its destination (5.B.8): the unit and its supports that are given,
//              none from the power attacked; 0 without a path or against an own unit;
//   HOLD       of a province (5.B.5): 0 when empty or its unit moves away; the unit alone
//              when its move fails; else the unit and its hold supports;
//   DEFEND     of a unit in a head-to-head battle (5.B.7): the unit and its move's supports;
//   PREVENT    of a move against other moves to the same place (5.B.6): the unit and its
//              supports, 0 without a path or after losing a head-to-head battle.
// A move succeeds when its attack beats the hold (or, head to head, the defend) strength of its
// destination and the prevent strength of every other move there.
//
// Guess and check (DATC chapter 5). resolve(i) answers decision i, memoised. While decision i
// is worked out it is "guessing", with the guess "fails"; a decision that asks for a guessing
// one gets the guess and records that it depended on it (dependencies_). When decision i is
// worked out with nothing depending on a guess, its answer is final. When it heads a cycle of
// guesses, it is worked out again with the guess "succeeds": if both guesses give the same
// answer, that is the answer; if they give different answers (two consistent outcomes) or each
// contradicts itself (none), the cycle is a circular movement or a paradox, and the variant's
// backup rule settles it (Variant::backup_rule). Its one value, "szykman": a circular movement
// (a cycle of moves) succeeds; in a convoy paradox the convoys in the cycle fail and their
// fleets hold (DATC 4.A.2); a cycle of neither kind, which the standard rules cannot produce,
// fails. Then the decisions the backup rule left open are worked out again.
// No iteration caps, no special cases outside the rules.
//
// Where each decision is decided:
//   movement.cpp   loading the orders, resolve() and the backup rule, the outcome of the phase;
//   move.cpp       MOVE (move_succeeds), PATH (has_path), the four strengths, DISLODGED, and
//                  circular movement;
//   support.cpp    SUPPORT (support_given: cut or dislodged), and which supports match;
//   convoy.cpp     CONVOY (convoy_succeeds), the convoy routes of PATH, the convoy paradox,
//                  and which convoys carry which army;
//   canal.cpp      whether a canal lets a fleet through (part of PATH and SUPPORT);
//   rail_move.cpp  a rail move's decision and path (Colonial 9.2-9.27), a module's ride too;
//   rides.cpp      the modules' plans of their rides, before the resolution;
//   explain.cpp    each order's explanation once every decision is made: the strengths asked
//                  again with a tally, which they fill with what they count.
//
// Strength is pluggable (docs/design.md, "The adjudicator contract"): each unit brings
// `base` strength (1 for `unit` strength, its strength points for `points`); supports add their
// supporter's base strength. The class keeps its vectors between phases: reuse one instance to
// adjudicate many phases without allocating again.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "module/rule_module.h"
#include "result/adjudication.h"

namespace adjutant {

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
    bool succeeded(std::size_t i) const { return units_[i].succeeds; }
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
    Location final_location(std::size_t i) const { return units_[i].final; }
    // Why order i failed, or Reason::None when it succeeded; and for Reason::NotCarriedOut the
    // words of the module whose ride it was (RidePlan::held).
    Reason failure_reason(std::size_t i) const;
    std::string_view failure_words(std::size_t i) const { return units_[i].held; }
    // Why order i came out as it did (result/explanation.h), from the decisions run() made:
    // the strengths are asked again of the same functions, which now record what they count.
    // Valid after run(); `out` is assigned, keeping its vectors' room.
    void explain(std::size_t i, Explanation& out);
    // The unit that dislodged unit i, or -1. Valid after run().
    int dislodged_by(std::size_t i) const { return units_[i].dislodger; }
    // Whether unit i's move went by convoy (decides retreats to its origin, DATC 4.A.5).
    bool moved_by_convoy(std::size_t i) const { return units_[i].convoyed; }
    // Whether unit i was given an order (false: it holds by default).
    bool ordered(std::size_t i) const { return units_[i].given; }
    // Provinces left empty by a standoff, sorted, into `out` (its old contents dropped).
    void standoffs(std::vector<ProvinceId>& out) const;
    // A unit not dislodged, and where it ends the phase. Ordered by final location, then by
    // the unit's index in the position.
    struct Staying {
        Location final;
        std::size_t unit = 0;
        friend auto operator<=>(const Staying&, const Staying&) = default;
    };
    // The units not dislodged, in the order of their final locations (their order in the
    // position among equals). Valid after run(), until the next call.
    std::span<const Staying> staying_in_final_order();

  private:
    // A decision's state in guess and check.
    enum class State : std::uint8_t { Unresolved, Guessing, Resolved };

    // A unit, its order and its decision. load() sets every field anew each phase.
    struct UnitOrder {
        Order order;
        Strength base = 1;
        Strength attack_bonus = 0;
        State state = State::Resolved;  // holds and the other orders are no decisions
        bool succeeds = true;           // the decision, or its guess while State::Guessing
        bool given = false;             // ordered, rather than holding by default
        bool convoyed = false;          // a move that uses the convoy route (DATC 4.A.3)
        bool matched = true;            // support/convoy matches the target's actual order
        bool szykman_failed = false;    // convoy failed by the paradox rule
        bool circular = false;          // move settled by the circular movement rule
        // A module's ride that cannot start: the module's words for why (RidePlan::held).
        std::string_view held;
        // The outcome, set by run() once every decision is made:
        bool path_ok = true;                 // a failed move had a route (DATC 5.B.4)
        bool canal_closed = false;           // a support refused passage by a canal
        ProvinceId rail_stop = kNoProvince;  // where a rail move stopped
        int dislodger = -1;                  // the unit that dislodged this one, or -1
        Location final;                      // where the unit ends the phase
    };

    // A list of ints for each of `rows` rows (a province's moves, a unit's supports), kept in
    // one flat vector: row r's list is items_[first_[r] .. first_[r + 1]).
    class Lists {
      public:
        // Starts again with `rows` empty lists.
        void clear(std::size_t rows);
        // Appends `item` to row `row`'s list. The lists are readable after finish().
        void add(std::size_t row, int item) { added_.emplace_back(row, item); }
        void finish();
        std::span<const int> operator[](std::size_t row) const {
            return {items_.begin() + first_[row], items_.begin() + first_[row + 1]};
        }

      private:
        std::size_t rows_ = 0;
        std::vector<std::pair<std::size_t, int>> added_;
        std::vector<int> first_;
        std::vector<int> items_;
        std::vector<int> next_;  // finish()'s write position in each row
    };

    // load()'s steps, in order: the orders taken (movement.cpp), the convoys matched
    // (convoy.cpp), the rides planned (rides.cpp), the rail paths laid (rail_move.cpp), and the
    // moves into each province and the supports of each unit listed (movement.cpp).
    void take_orders(const Position& position, std::span<const Order> orders,
                     std::span<const Strength> base, std::span<const Strength> attack_bonus);
    void match_convoys();
    void plan_rides(const Position& position);
    void lay_rail_paths();
    void list_moves_and_supports();

    // Guess and check (movement.cpp).
    bool resolve(int i);
    bool decide(int i);  // decision i worked out once, with the guesses standing as they are
    void forget_guesses_from(std::size_t first_dependency);
    void apply_backup_rule(std::size_t first_dependency);
    void set_decision(int i, bool succeeds);

    // MOVE, PATH, the strengths, DISLODGED and circular movement (move.cpp).
    bool move_succeeds(int i);
    // Move i beats everything in its way, leaving out unit `ignored` (-1: nobody).
    bool move_wins(int i, int ignored);
    bool has_path(int i);
    bool head_to_head(int i) const;
    // Each strength, and when `tally` is given, what it counted: its supports and, for a
    // strength of 0, why (explain()).
    Strength attack_strength(int i, StrengthTally* tally = nullptr);
    Strength hold_strength(ProvinceId province, StrengthTally* tally = nullptr);
    Strength defend_strength(int i, StrengthTally* tally = nullptr);
    Strength prevent_strength(int i, StrengthTally* tally = nullptr);
    // The base strengths of unit i's supports that are given, leaving out `excluded_power`'s.
    Strength support_strength(int i, PowerId excluded_power, StrengthTally* tally = nullptr);
    int dislodger_of(int i) const;
    void settle_circular_movement(std::span<const int> cycle);

    // SUPPORT, and which supports match what their target does (support.cpp). When `fate` is
    // given, support_given records why a support was not given, or the rule that spared it.
    struct SupportFate {
        SupportCount count = SupportCount::Counted;
        int by = -1;  // the unit that cut it or dislodged it
        DecidingRule spared = DecidingRule::None;
    };
    bool support_given(int i, SupportFate* fate = nullptr);
    bool support_matches(const Order& support, int target) const;

    // CONVOY, the convoy routes and the convoy paradox (convoy.cpp); match_convoys() above.
    bool convoy_succeeds(int i);
    // When `route` is given, the fleets of the route found, from the army's side.
    bool convoy_route_exists(int i, std::vector<int>* route = nullptr);
    void settle_convoy_paradox(std::span<const int> cycle);

    // Canals (canal.cpp): open for unit i between from and to (true when no canal is involved).
    bool canal_open(int i, ProvinceId from, ProvinceId to);

    // Rail moves (rail_move.cpp): a TSR-style move along a named line (Colonial rules
    // 9.2-9.27), or a module's ride along the path the module plans (RideRules);
    // lay_rail_paths() above.
    bool rail_move_succeeds(int i);
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
    // The ride rules of unit i's order, or nullptr when it is no module's ride.
    const RideRules* ride_rules(int i) const;
    Strength rail_strength(int i, ProvinceId p);
    // The strength unit j opposes to other moves into p: PREVENT, or a rail move's contest.
    Strength contest_strength(int j, ProvinceId p);

    // The outcome of the phase, once every decision is made (movement.cpp).
    void record_outcome(int i);

    // The explanations (explain.cpp).
    NamedUnit unit_ref(int i) const;
    StrengthTally tally_of(StrengthType kind, int i);
    SupportTally support_tally(int s, PowerId excluded_power);
    void explain_move(int i, Explanation& out);
    void explain_support_or_convoy(int i, Explanation& out);
    void explain_held(int i, Explanation& out);
    void explain_sea_choice(int i, Explanation& out);
    void explain_route(int i, Explanation& out);

    std::span<const int> attackers(ProvinceId p) const { return attackers_[p]; }
    std::span<const int> supporters(int i) const {
        return supporters_[static_cast<std::size_t>(i)];
    }
    std::span<const int> convoyers(int i) const { return convoyers_[static_cast<std::size_t>(i)]; }
    std::span<const int> rail_path(int i) const { return rail_paths_[static_cast<std::size_t>(i)]; }
    PowerId power(int i) const { return units_[i].order.power; }
    int unit_in(ProvinceId p) const { return p < unit_at_.size() ? unit_at_[p] : -1; }
    ProvinceId origin(int i) const { return units_[i].order.unit.province; }
    ProvinceId destination(int i) const { return units_[i].order.destination.province; }

    const Variant* variant_ = nullptr;
    const std::vector<PowerId>* owner_ = nullptr;  // centre ownership, for rail stops
    std::vector<UnitOrder> units_;                 // indexed like position.units
    std::vector<int> unit_at_;                     // per province: unit index or -1
    Lists attackers_;   // per province: the units ordered to move there (or through, by rail)
    Lists supporters_;  // per unit: the supports that match its order
    Lists convoyers_;   // per unit: the convoys that match its move
    Lists rail_paths_;  // per unit: the provinces a rail move passes, destination last
    std::vector<RidePlan> ride_plans_;  // per unit: its module ride's plan, if any
    struct Permit {
        PowerId by;
        std::uint8_t canal;
        PowerId permitted;
    };
    std::vector<Permit> permits_;
    std::vector<int> dependencies_;  // decisions that relied on a guess
    bool any_rail_ = false;          // after load(): some unit is ordered to a rail move
    std::vector<Staying> staying_;   // staying_in_final_order()'s answer
    std::vector<int> ending_in_;     // per province: the staying unit ending there, or -1
};

}  // namespace adjutant
