// SPDX-License-Identifier: Apache-2.0
#include "resolve/movement.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "variant/variant.h"

namespace adjutant {

namespace {

// Fills `rows` from (row, item) pairs produced by `each`, keeping items in production order.
template <typename Each>
void build_rows(std::vector<int>& begin, std::vector<int>& list, std::size_t row_count, Each each) {
    begin.assign(row_count + 1, 0);
    each([&](std::size_t row, int) { ++begin[row + 1]; });
    for (std::size_t r = 0; r < row_count; ++r) begin[r + 1] += begin[r];
    list.resize(static_cast<std::size_t>(begin[row_count]));
    // Reuse the leading offsets as write cursors, then restore them.
    each([&](std::size_t row, int item) { list[static_cast<std::size_t>(begin[row]++)] = item; });
    for (std::size_t r = row_count; r > 0; --r) begin[r] = begin[r - 1];
    begin[0] = 0;
}

// An order type as a bit of a set of types (the types, Module last, fit in 32 bits).
static_assert(static_cast<unsigned>(OrderType::Module) < 32);
constexpr std::uint32_t type_bit(OrderType type) {
    return std::uint32_t{1} << static_cast<unsigned>(type);
}

// The order types that are decisions of the resolver.
constexpr std::uint32_t kDecisions = type_bit(OrderType::Move) | type_bit(OrderType::Support) |
                                     type_bit(OrderType::Convoy) | type_bit(OrderType::RailMove);

// The order types that may be no unit's order (orders_a_unit()): builds, waives, permits and
// the modules' orders. The other types always order the unit in their province.
constexpr std::uint32_t kMaybeNoUnits = type_bit(OrderType::Build) | type_bit(OrderType::Waive) |
                                        type_bit(OrderType::Permit) | type_bit(OrderType::Module);

}  // namespace

void MovementResolver::load(const Variant& variant, const Position& position,
                            std::span<const Order> orders, std::span<const Strength> base,
                            std::span<const Strength> attack_bonus) {
    variant_ = &variant;
    no_canals_ = variant.canals.empty();
    owner_ = &position.owner;
    const std::size_t n = position.units.size();
    // Each unit's decision state is set where its order is, in take_orders().
    state_.resize(n);
    result_.resize(n);
    dependencies_.clear();
    place_units(position);
    take_orders(position, orders, base, attack_bonus);
    decide_convoys();
    plan_rides(position);
    lay_rail_paths();
    chain_orders();
    if (any_rail_)  // only a module's ride can be held
        for (std::size_t i = 0; i < n; ++i)
            if (!units_[i].held.empty()) state_[i] = State::Resolved;  // it holds, failed
}

void MovementResolver::place_units(const Position& position) {
    const std::size_t n = position.units.size();
    units_.resize(n);
    unit_at_.assign(variant_->province_count(), -1);
    for (std::size_t i = 0; i < n; ++i) {
        unit_at_[position.units[i].location.province] = static_cast<int>(i);
        units_[i].given = false;
    }
}

void MovementResolver::start_unit(UnitOrder& u, Strength base, Strength attack_bonus) {
    u.base = base;
    u.attack_bonus = attack_bonus;
    u.convoyed = false;
    u.matched = true;
    u.szykman_failed = false;
    u.path_ok = true;
    u.canal_closed = false;
    u.held = {};
}

// Each unit given no order holds. The hold is copied whole from a constant: `Order{}` was
// written field by field, a store for each of its defaults.
void MovementResolver::hold_unordered(const Position& position) {
    static constexpr Order kHold{};
    static_assert(kHold.type == OrderType::Hold);
    UnitOrder* const slots = units_.data();
    const Unit* const units = position.units.data();
    for (std::size_t i = 0; i < units_.size(); ++i) {
        if (slots[i].given) continue;
        const Unit& unit = units[i];
        Order& slot = slots[i].order;
        slot = kHold;
        slot.power = unit.power;
        slot.unit_type = unit.type;
        slot.unit = unit.location;
        start_unit(slots[i], 1, 0);
        state_[i] = State::Resolved;  // holds are not decisions
        result_[i] = 1;
    }
}

void MovementResolver::take_orders(const Position& position, std::span<const Order> orders,
                                   std::span<const Strength> base,
                                   std::span<const Strength> attack_bonus) {
    permits_.clear();
    // The tables are read through pointers held here: a store of a byte (a result, a flag) may
    // alias anything, so through the vectors each store made the next access load the vector's
    // data pointer again.
    UnitOrder* const slots = units_.data();
    State* const states = state_.data();
    std::uint8_t* const results = result_.data();
    const Unit* const units = position.units.data();
    const int* const unit_at = unit_at_.data();
    const std::size_t provinces = unit_at_.size();
    // Each slot starts with the default strengths (1, no bonus); the strengths given are
    // written over them in a pass of their own at the end, so that the orders' pass does not
    // ask at each order whether they were given (a classic phase gives neither).
    const auto start = [&](std::size_t i) { start_unit(slots[i], 1, 0); };
    // A bit per order type given, read once at the end (three flags kept in memory cost more).
    std::uint32_t types = 0;
    // The units given an order, each counted once: when every unit has one (most phases) the
    // pass for the units that hold by default is skipped.
    std::size_t ordered = 0;
    for (const Order& order : orders) {
        // The order's type as a bit, made once: it tells the orders that may not be a unit's
        // (one test, where the compares were a chain of branches), the decisions, and the set.
        const std::uint32_t type = type_bit(order.type);
        if ((type & kMaybeNoUnits) != 0) {
            if (order.type == OrderType::Permit) {
                permits_.push_back(Permit{order.power, order.line, order.permitted});
                continue;
            }
            // Some module orders name a province where another piece may stand (the module
            // kind says so, ModuleOrderKind::orders_a_unit): they are not that unit's order.
            // (The unit orders, by far the most, are answered without the call.)
            if (!orders_a_unit(order)) continue;
        }
        const ProvinceId p = order.unit.province;
        const int found = p < provinces ? unit_at[p] : -1;  // unit_in()
        if (found < 0) continue;  // the parser only passes orders for existing units
        const auto i = static_cast<std::size_t>(found);
        // The unit as it stands, whatever the order says of it.
        const Unit& unit = units[i];
        UnitOrder& u = slots[i];
        Order& slot = u.order;
        slot = order;
        // Its four bytes at once: field by field, a load and a store each for the province
        // and the coast.
        std::memcpy(&slot.unit, &unit.location, sizeof slot.unit);
        slot.unit_type = unit.type;
        slot.power = unit.power;
        start(i);
        ordered += u.given ? 0 : 1;
        u.given = true;
        // Convoy orders decide whether an adjacent move goes by land or by sea (DATC 4.A.3,
        // the 2023 rule without fallback): by sea when written "via convoy" (here), or when a
        // fleet of the army's own power is ordered to convoy it (decide_convoys()).
        u.convoyed = slot.type == OrderType::Move && slot.unit_type == UnitType::Army &&
                     (slot.via_convoy ||
                      !variant_->army_can_move(slot.unit.province, slot.destination.province));
        types |= type;
        // Moves, supports, convoys and rail moves are decisions; anything else holds. One test
        // of the type's bit (four compares were a chain of branches).
        const bool decision = (type & kDecisions) != 0;
        states[i] = decision ? State::Unresolved : State::Resolved;
        results[i] = decision ? 0 : 1;
    }
    // The units given no order hold; when every unit has one (most phases) there is no pass.
    const std::size_t n = units_.size();
    if (ordered != n) hold_unordered(position);
    if (!base.empty())
        for (std::size_t i = 0; i < n; ++i) slots[i].base = base[i];
    if (!attack_bonus.empty())
        for (std::size_t i = 0; i < n; ++i) slots[i].attack_bonus = attack_bonus[i];
    const auto given = [&](OrderType type) { return (types & type_bit(type)) != 0; };
    any_rail_ = given(OrderType::RailMove);
    any_support_ = given(OrderType::Support);
    any_convoy_ = given(OrderType::Convoy);
}

void MovementResolver::decide_convoys() {
    const std::size_t n = units_.size();
    // Each army's move goes by sea when written "via convoy" or over no land border
    // (take_orders()); and when a fleet of its own power is ordered to convoy it (here).
    if (!any_convoy_) {  // most phases: no convoy, every row empty
        convoyers_.begin.assign(n + 1, 0);
        convoyers_.list.clear();
        return;
    }
    for (std::size_t f = 0; f < n; ++f) {
        const Order& o = units_[f].order;
        if (o.type != OrderType::Convoy) continue;
        const int a = unit_in(o.target);
        const bool matches = a >= 0 && units_[a].order.type == OrderType::Move &&
                             units_[a].order.unit_type == UnitType::Army &&
                             destination(a) == o.target_destination;
        units_[f].matched = matches;
        if (matches && units_[a].order.power == o.power) units_[a].convoyed = true;
    }
    // A convoy of an army that goes overland is not part of any route.
    for (std::size_t f = 0; f < n; ++f) {
        const Order& o = units_[f].order;
        if (o.type == OrderType::Convoy && units_[f].matched && !units_[unit_in(o.target)].convoyed)
            units_[f].matched = false;
    }
    build_rows(convoyers_.begin, convoyers_.list, n, [&](auto&& add) {
        for (std::size_t f = 0; f < n; ++f)
            if (units_[f].order.type == OrderType::Convoy && units_[f].matched)
                add(static_cast<std::size_t>(unit_in(units_[f].order.target)), static_cast<int>(f));
    });
}

void MovementResolver::lay_rail_paths() {
    const std::size_t n = units_.size();
    if (!any_rail_) {  // most phases: every row empty
        rail_paths_.begin.assign(n + 1, 0);
        rail_paths_.list.clear();
        return;
    }
    build_rows(rail_paths_.begin, rail_paths_.list, n, [&](auto&& add) {
        for (std::size_t i = 0; i < n; ++i) {
            const Order& o = units_[i].order;
            if (o.type == OrderType::RailMove && o.kind != nullptr) {
                for (ProvinceId p : ride_plans_[i].path) add(i, static_cast<int>(p));
                continue;
            }
            if (o.type != OrderType::RailMove || o.line >= variant_->rail_lines.size()) continue;
            const auto& line = variant_->rail_lines[o.line].provinces;
            const auto from = std::find(line.begin(), line.end(), o.unit.province);
            const auto to = std::find(line.begin(), line.end(), o.destination.province);
            if (from == line.end() || to == line.end() || from == to) continue;
            if (from < to)
                for (auto it = from + 1; it <= to; ++it) add(i, static_cast<int>(*it));
            else
                for (auto it = from - 1;; --it) {
                    add(i, static_cast<int>(*it));
                    if (it == to) break;
                }
        }
    });
}

// Inline in chain_orders(), its one caller.
inline bool MovementResolver::support_matches(const Order& o, int t) const {
    if (t < 0) return false;
    // Support carries a rail move into a province on its way (rule 9.26).
    if (is_rail(static_cast<std::size_t>(t)))
        return o.target_destination != kNoProvince && on_rail_path(t, o.target_destination);
    const Order& target = units_[static_cast<std::size_t>(t)].order;
    const bool moving = target.type == OrderType::Move;
    return o.target_destination == kNoProvince
               ? !moving
               : moving && target.destination.province == o.target_destination &&
                     (o.target_destination_coast == Coast::None ||
                      o.target_destination_coast == target.destination.coast);
}

void MovementResolver::chain_orders() {
    Chains& c = attackers_;
    c.reset(variant_->province_count());
    const std::size_t n = units_.size();
    supporters_.reset(n);
    const bool supports = any_support_;
    // Each entry goes to the front of its chain, so the units are taken last first and each
    // chain lists them in their order. The units through a pointer held here: each entry added
    // stores through the chains' vectors, after which the units' vector would be loaded again.
    UnitOrder* const slots = units_.data();
    for (std::size_t i = n; i-- > 0;) {
        const Order& o = slots[i].order;
        if (o.type == OrderType::Move) {
            c.push_front(o.destination.province, static_cast<int>(i));
        } else if (o.type == OrderType::RailMove) {
            // A rail move contests every province it was ordered to move to or through
            // (rule 9.25).
            for (int p : rail_path(static_cast<int>(i)))
                c.push_front(static_cast<std::size_t>(p), static_cast<int>(i));
        } else if (supports && o.type == OrderType::Support) {
            const int t = unit_in(o.target);
            const bool matches = support_matches(o, t);
            slots[i].matched = matches;
            if (matches) supporters_.push_front(static_cast<std::size_t>(t), static_cast<int>(i));
        }
    }
}

// Inline in run(), its one caller: called, it cost some 30 instructions a decision.
inline int MovementResolver::settled_move(const UnitOrder& u, std::size_t i) const {
    // A move by convoy, or a fleet's where a canal may close its way, has a path that rests
    // on other decisions (path_succeeds()).
    if (u.order.type != OrderType::Move || u.convoyed ||
        (u.order.unit_type == UnitType::Fleet && !no_canals_))
        return -1;
    const ProvinceId p = u.order.destination.province;
    // A move's destination is a province of the map: chain_orders() put the move in its chain
    // (attackers_.head[p], read below), so unit_in()'s test of the province is not asked again.
    const int j = unit_at_[p];
    if (j < 0) {
        // Into an empty province that nobody else moves to or through: its attack (its own
        // strength, and supports that cannot lower it) beats a hold strength of 0 and no
        // other move contests it (move_wins()).
        const int first = attackers_.head[p];
        const bool alone = attackers_.entries[static_cast<std::size_t>(first)].next < 0;
        return alone && u.base + u.attack_bonus > 0 ? 1 : -1;
    }
    // Into a unit that stays (no move of its own), with no support: its attack is at most its
    // own strength and the defender's hold strength at least the defender's, so a move no
    // stronger than the unit it attacks fails, whatever else moves there (move_wins()).
    if (is_move(static_cast<std::size_t>(j)) || supporters_.head[i] >= 0) return -1;
    return u.base + u.attack_bonus <= units_[j].base ? 0 : -1;
}

// Inline in run(), its one caller, as settled_move().
inline int MovementResolver::find_dislodger(std::size_t i) const {
    if (is_move(i) && result_[i]) return -1;
    for (int k : attackers(origin(static_cast<int>(i))))
        if (result_[k] && !is_rail(static_cast<std::size_t>(k))) return k;  // rail never dislodges
    return -1;
}

// Inline in run(), its one caller. Most decisions are made by then as others' dependencies,
// and holds are none: resolve() is called only for the rest, and a move whose answer rests on
// no other decision is answered here without the call (settled_move()).
inline void MovementResolver::decide_remaining() {
    State* const states = state_.data();
    std::uint8_t* const decided = result_.data();
    // The count held here: a store of a byte may alias anything, so `units_.size()` in the
    // loop's test was worked out again (two loads, a subtraction, a division) on every unit.
    // Nothing in the loop resizes the units (load() does).
    const std::size_t units = units_.size();
    // Through pointers held here (take_orders() says why); nothing here resizes the slots.
    UnitOrder* const slots = units_.data();
    for (std::size_t i = 0; i < units; ++i) {
        if (states[i] == State::Resolved) continue;
        const int settled = settled_move(slots[i], i);
        if (settled >= 0) {
            states[i] = State::Resolved;
            decided[i] = static_cast<std::uint8_t>(settled);
            continue;
        }
        resolve(static_cast<int>(i));
    }
}

void MovementResolver::run() {
    assert(variant_ != nullptr);  // load() comes first
    decide_remaining();
    UnitOrder* const slots = units_.data();  // through a pointer held here: take_orders() says why
    // Every decision is made: one pass settles what each unit's report and place need (each
    // step reads only decisions, and unit i's own route and stop).
    const std::size_t n = units_.size();
    if (any_rail_) rail_stops_.assign(n, kNoProvince);
    dislodger_.resize(n);
    final_.resize(n);
    const std::uint8_t* const results = result_.data();
    const int* const heads = attackers_.head.data();
    int* const dislodgers = dislodger_.data();
    Location* const finals = final_.data();
    // The provinces where the staying units end are marked here, for
    // staying_in_final_order(): a pass of its own read the dislodgers and the final locations
    // again.
    const std::size_t provinces = variant_->province_count();
    final_bits_.assign((provinces + 63) / 64, 0);
    final_at_.resize(provinces);
    std::uint64_t* const bits = final_bits_.data();
    std::size_t* const at = final_at_.data();
    std::size_t staying = 0;
    for (std::size_t i = 0; i < n; ++i) {
        UnitOrder& u = slots[i];
        const Order& o = u.order;
        switch (o.type) {
            case OrderType::Move:
                u.path_ok = move_path_succeeds(u, static_cast<int>(i));
                break;
            case OrderType::RailMove:
                u.path_ok = path_succeeds(static_cast<int>(i));
                rail_stops_[i] = rail_stop(static_cast<int>(i));
                break;
            case OrderType::Support:
                // Without canals, canal_open() says yes: no call.
                if (o.unit_type == UnitType::Fleet && !no_canals_)
                    u.canal_closed = !canal_open(
                        static_cast<int>(i), o.unit.province,
                        o.target_destination == kNoProvince ? o.target : o.target_destination);
                break;
            default:
                break;
        }
        // Asked for each unit by the reasons, the dislodged and the next units: found once.
        // (Nobody moved to the unit's province, most often: no call.)
        const int dislodger = heads[o.unit.province] < 0 ? -1 : find_dislodger(i);
        dislodgers[i] = dislodger;
        // Where each unit ends: its destination, or for a rail move the province it stops in.
        // Copied whole from the order (its four bytes at once: field by field, a load and a
        // store each for the province and the coast).
        Location& final = finals[i];
        if (o.type == OrderType::RailMove)
            final = Location{rail_stops_[i], Coast::None};
        else
            std::memcpy(&final, o.type == OrderType::Move && results[i] ? &o.destination : &o.unit,
                        sizeof final);
        if (dislodger >= 0) continue;
        const ProvinceId p = final.province;
        bits[p / 64] |= std::uint64_t{1} << (p % 64);
        at[p] = i;
        ++staying;
    }
    staying_count_ = staying;
}

bool MovementResolver::resolve(int i) {
    switch (state_[i]) {
        case State::Resolved:
            return result_[i] != 0;
        case State::Guessing:
            if (std::find(dependencies_.begin(), dependencies_.end(), i) == dependencies_.end())
                dependencies_.push_back(i);
            return result_[i] != 0;
        case State::Unresolved:
            break;
    }
    const std::size_t first = dependencies_.size();
    state_[i] = State::Guessing;
    result_[i] = 0;
    const bool with_failure = adjudicate(i);
    if (dependencies_.size() == first) {
        // Nothing relied on a guess: the answer is final (unless a nested backup rule has
        // already settled this order).
        if (state_[i] != State::Resolved) {
            state_[i] = State::Resolved;
            result_[i] = with_failure;
        }
        return result_[i] != 0;
    }
    if (dependencies_[first] != i) {
        // This answer rests on the guess of an order further up; that order decides.
        dependencies_.push_back(i);
        result_[i] = with_failure;
        return with_failure;
    }
    // This order heads a cycle: forget what the first guess implied, and try the other.
    for (std::size_t k = first; k < dependencies_.size(); ++k)
        state_[dependencies_[k]] = State::Unresolved;
    dependencies_.resize(first);
    state_[i] = State::Guessing;
    result_[i] = 1;
    const bool with_success = adjudicate(i);
    if (with_failure == with_success) {
        for (std::size_t k = first; k < dependencies_.size(); ++k)
            state_[dependencies_[k]] = State::Unresolved;
        dependencies_.resize(first);
        state_[i] = State::Resolved;
        result_[i] = with_failure;
        return with_failure;
    }
    // Zero or two consistent answers: a circular movement or a convoy paradox.
    apply_backup_rule(first);
    return resolve(i);
}

void MovementResolver::apply_backup_rule(std::size_t first) {
    assert(first < dependencies_.size());  // a cycle holds at least the order that heads it
    switch (variant_->backup_rule) {
        case BackupRule::Szykman:
            szykman_rule(first);
            break;
    }
    dependencies_.resize(first);
}

void MovementResolver::szykman_rule(std::size_t first) {
    const auto begin = dependencies_.begin() + static_cast<std::ptrdiff_t>(first);
    const bool paradox = std::any_of(begin, dependencies_.end(), [&](int k) {
        return units_[k].order.type == OrderType::Convoy;
    });
    const bool moves = std::any_of(begin, dependencies_.end(),
                                   [&](int k) { return units_[k].order.type == OrderType::Move; });
    for (auto it = begin; it != dependencies_.end(); ++it) {
        const int k = *it;
        const OrderType type = units_[k].order.type;
        if (paradox) {
            // Szykman: the convoying fleets in the paradox behave as if holding.
            if (type == OrderType::Convoy) {
                state_[k] = State::Resolved;
                result_[k] = 0;
                units_[k].szykman_failed = true;
            } else {
                state_[k] = State::Unresolved;
            }
        } else if (moves) {
            // Circular movement: every move in the circle succeeds.
            if (type == OrderType::Move) {
                state_[k] = State::Resolved;
                result_[k] = 1;
            } else {
                state_[k] = State::Unresolved;
            }
        } else {
            // A cycle the standard rules cannot produce (variants): everything in it fails.
            state_[k] = State::Resolved;
            result_[k] = 0;
        }
    }
}

bool MovementResolver::adjudicate(int i) {
    switch (units_[i].order.type) {
        case OrderType::Move:
            return adjudicate_move(i);
        case OrderType::Support:
            return adjudicate_support(i);
        case OrderType::Convoy:
            return adjudicate_convoy(i);
        case OrderType::RailMove:
            return adjudicate_rail(i);
        default:
            return true;
    }
}

std::span<const std::size_t> MovementResolver::staying_in_final_order() {
    // No two units end in one province, so the provinces give the order: run() marked a bit per
    // province where a staying unit ends and the unit ending there, read back here in province
    // order (a word of 64 provinces at a time). No sort, and no pass over the provinces' table.
    const std::size_t count = staying_count_;
    const std::uint64_t* const bits = final_bits_.data();
    const std::size_t* const at = final_at_.data();
    // Two units in one province set one bit: fewer bits than units tell it, once read back
    // (a test of each unit's bit as it was set cost a few instructions a unit).
    staying_.resize(count);
    std::size_t k = 0;
    std::size_t* const out = staying_.data();
    for (std::size_t w = 0; w < final_bits_.size(); ++w)
        for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
            out[k++] = at[w * 64 + static_cast<std::size_t>(std::countr_zero(word))];
    if (k != count) {
        // Two in one province would be a resolver's fault; they keep their order in the
        // position, as the sort in normalise() would.
        staying_.clear();
        for (std::size_t i = 0; i < units_.size(); ++i)
            if (dislodger_[i] < 0) staying_.push_back(i);
        std::stable_sort(staying_.begin(), staying_.end(),
                         [&](std::size_t a, std::size_t b) { return final_[a] < final_[b]; });
    }
    return staying_;
}

void MovementResolver::standoffs(std::vector<ProvinceId>& out) const {
    // A province is left empty by a standoff when it is vacated (or was empty), nobody got in,
    // and a failed move with a route contested it. Only a failed move can contest, so the
    // failed moves name the candidates: no pass over the provinces.
    out.clear();
    // Through pointers held here: `out` grows in the loop, and a store through a vector may
    // change the others' data as far as the compiler knows.
    const UnitOrder* const slots = units_.data();
    const std::uint8_t* const results = result_.data();
    const std::size_t n = units_.size();
    for (std::size_t i = 0; i < n; ++i) {
        // A rail move takes part only by ending somewhere; the moves it contested fail and
        // count for the standoff themselves.
        if (slots[i].order.type != OrderType::Move || results[i] || !slots[i].path_ok) continue;
        const ProvinceId p = destination(static_cast<int>(i));
        const int occupant = unit_at_[p];
        const bool vacated = occupant < 0 || (is_move(occupant) && result_[occupant]);
        if (!vacated) continue;
        // A unit beaten in a head-to-head battle has no effect on its attacker's origin
        // (DATC 6.H.9).
        if (head_to_head(static_cast<int>(i)) && result_[occupant]) continue;
        bool entered = false;
        for (int k : attackers(p)) {
            entered = is_rail(static_cast<std::size_t>(k)) ? rail_stops_[k] == p : result_[k] != 0;
            if (entered) break;
        }
        if (entered || std::find(out.begin(), out.end(), p) != out.end()) continue;
        out.push_back(p);
    }
    std::sort(out.begin(), out.end());
}

}  // namespace adjutant
