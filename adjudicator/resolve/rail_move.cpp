// SPDX-License-Identifier: Apache-2.0
// Rail moves along a named line (the Trans-Siberian Railroad, Colonial 9.2-9.27, mapped sentence by
// sentence in docs/colonial.md), decided inside the same resolution as every other order: the rail
// move contests the provinces it was ordered through, and its decision ("does the unit leave its
// province?") is one more memoised decision.
//
// Walking the line from the origin, the unit
//   - cannot pass a province held by another power's unit that stays, or whose unit moves
//     along the line towards it (9.241, clarification example 2);
//   - cannot pass a province another power's move would enter but for this unit, when that
//     move is at least as strong as the rail move there (9.25; support helps the rail move,
//     9.26); a standoff of others that fail anyway does not stop it (9.242);
//   - passes its own power's units but cannot end on them (9.27), and its own power's moves into
//     provinces it only passes do not meet it (9.27; 9.25 speaks of foreign attacks); at its
//     destination it meets them under the normal rules of conflict (9.24);
//   - stops before a province an own unit holds when a foreign attack on it is at least as
//     strong as the rail move there: for the rail move that is the standoff of 9.25;
//   - stops at a supply centre on the line owned by another power (clarification 1);
// and ends in the farthest province it may end in before the first it cannot pass.
//
// A rule module's ride (module/rule_module.h's RideRules: a campaign's rides over its network)
// walks the path its module planned the same way; the module says whose units block it and
// where it may end.
#include <algorithm>

#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

// The rail move's decision: the unit leaves its province.
bool MovementResolver::rail_move_succeeds(int i) {
    return rail_stop(i) != origin(i);
}

// Where the rail move ends: walking its path, the farthest province it may end in before the
// first it cannot pass, or before a foreign supply centre on a line that stops there.
ProvinceId MovementResolver::rail_stop(int i) {
    const Order& o = units_[i].order;
    const RideRules* ride = ride_rules(i);
    const RailLine* line = ride != nullptr ? nullptr : &variant_->rail_lines[o.line];
    ProvinceId last = origin(i);
    for (int step : rail_path(i)) {
        const auto p = static_cast<ProvinceId>(step);
        if (rail_blocked(i, p)) break;
        const bool may_end = ride == nullptr || ride->may_end(*variant_, p);
        if (may_end && rail_endable(i, p)) last = p;
        const PowerId owner = (*owner_)[p];
        if (line != nullptr && line->stop_at_foreign_centers &&
            variant_->provinces[p].supply_center && owner != kNoPower && owner != o.power)
            break;
    }
    return last;
}

// Whether the rail move cannot pass (or enter) province p: a blocking unit stays there or moves
// towards the rail move, or a move into p stands it off.
bool MovementResolver::rail_blocked(int i, ProvinceId p) {
    const int j = unit_in(p);
    if (j >= 0 && j != i && rail_blocker(i, j)) {
        bool leaves = false;
        if (units_[j].order.type == OrderType::Move) {
            const ProvinceId to = destination(j);
            const bool towards_us = to == origin(i) || on_rail_path(i, to);
            leaves = !towards_us && resolve(j);
        }
        if (!leaves) return true;
    }
    const bool named = ride_rules(i) == nullptr;
    // 9.25 speaks of a province "to which or through which" the rail move was ordered: an own unit
    // standing there does not take the standoff away from it.
    const bool held_by_own =
        named && j >= 0 && j != i && !rail_blocker(i, j) && !(is_move(j) && resolve(j));
    const Strength ours = rail_strength(i, p);
    for (int k : attackers(p)) {
        if (k == i || is_rail(k)) continue;
        if (rail_blocker(i, k)) {
            // 9.242: a foreign move that fails against other moves anyway does not stop the
            // rail move; one that fails only against the own unit holding there does (9.25).
            const bool stood_off_by_rider =
                held_by_own ? beats_other_moves(k, i, p) : move_wins(k, i);
            if (prevent_strength(k) >= ours && stood_off_by_rider) return true;
        } else if (named && p == destination(i)) {
            // 9.24: at its destination the rail move meets its own power's moves under the normal
            // rules of conflict; in the provinces it passes it does not (9.27).
            if (prevent_strength(k) >= ours && move_wins(k, i)) return true;
        }
    }
    return false;
}

bool MovementResolver::beats_other_moves(int k, int i, ProvinceId p) {
    const Strength attack = attack_strength(k);
    if (attack == 0) return false;
    for (int m : attackers(p)) {
        if (m == k || m == i) continue;
        if (is_rail(m) && !rail_opposes(m, k)) continue;
        if (attack <= contest_strength(m, p)) return false;
    }
    return true;
}

bool MovementResolver::rail_opposes(int k, int i) const {
    if (ride_rules(k) != nullptr || power(k) != power(i)) return true;
    return destination(k) == destination(i);
}

// Whether the rail move may end in province p: it is left empty, and no other move (or earlier
// ride) ends there.
bool MovementResolver::rail_endable(int i, ProvinceId p) {
    const int j = unit_in(p);
    if (j >= 0 && j != i && !(is_move(j) && resolve(j))) return false;
    for (int k : attackers(p)) {
        if (k == i) continue;
        bool enters = false;
        if (is_rail(k)) {
            // Of two rides that could end here, the first (by origin) does; the other avoids
            // where it ends. Asking only the first keeps the question from going round.
            if (!rail_first(k, i)) continue;
            enters = rail_stop(k) == p;
        } else {
            enters = resolve(k);
        }
        if (enters) return false;
    }
    return true;
}

bool MovementResolver::rail_first(int k, int i) const {
    return variant_->provinces[origin(k)].abbr < variant_->provinces[origin(i)].abbr;
}

// The rail move's strength in province p: the unit and its supports into p (Colonial 9.26).
Strength MovementResolver::rail_strength(int i, ProvinceId p) {
    Strength total = units_[i].base;
    for (int s : supporters(i))
        if (units_[s].order.target_destination == p && resolve(s)) total += units_[s].base;
    return total;
}

bool MovementResolver::rail_blocker(int i, int j) const {
    const RideRules* ride = ride_rules(i);
    if (ride == nullptr) return power(j) != power(i);
    return ride->stopped_by(*variant_, power(i), power(j));
}

bool MovementResolver::on_rail_path(int i, ProvinceId p) const {
    const auto path = rail_path(i);
    return std::find(path.begin(), path.end(), static_cast<int>(p)) != path.end();
}

// Each rail move's path, as the orders are loaded (movement.cpp): the provinces it enters,
// destination last.
void MovementResolver::lay_rail_paths() {
    const std::size_t n = units_.size();
    rail_paths_.clear(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Order& o = units_[i].order;
        if (o.type != OrderType::RailMove) continue;
        if (o.kind != nullptr) {  // a module's ride: the path its module planned
            for (ProvinceId p : ride_plans_[i].path) rail_paths_.add(i, p);
            continue;
        }
        // A named line: the provinces from the origin to the destination, either way along it.
        if (o.line >= variant_->rail_lines.size()) continue;
        const std::vector<ProvinceId>& line = variant_->rail_lines[o.line].provinces;
        const auto from = std::find(line.begin(), line.end(), o.unit.province);
        const auto to = std::find(line.begin(), line.end(), o.destination.province);
        if (from == line.end() || to == line.end() || from == to) continue;
        const std::ptrdiff_t step = from < to ? 1 : -1;
        for (auto it = from + step;; it += step) {
            rail_paths_.add(i, *it);
            if (it == to) break;
        }
    }
    rail_paths_.finish();
}

}  // namespace adjutant
