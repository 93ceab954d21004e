// SPDX-License-Identifier: Apache-2.0
// Tabletop battles (Lone Warrior 4e; docs/tabletop-battles.md): a campaign whose battles are
// fought on a tabletop. When armies meet, the turn waits for the GM, who enters each battle's
// outcome; the week then completes from those results. The results are part of the phase's
// position (`battle_results`), so the phase's hash covers them and replay recomputes the week
// from them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/ids.h"
#include "position/position.h"
#include "rules/experience/state.h"

namespace adjutant {
struct Variant;
struct Order;
}  // namespace adjutant

namespace adjutant::tabletop_battles {

// The GM's result of the battle fought in `province`.
struct BattleResult {
    ProvinceId province = kNoProvince;
    PowerId winner = kNoPower;
    // Points lost by each army in the battle, by the province it stood in as the week began.
    std::vector<std::pair<ProvinceId, std::int64_t>> losses;  // sorted by province
    std::vector<std::string> generals_killed;                 // by name, sorted
    // The changes of experience class the GM noted (4e), by the province each army stood in as
    // the week began: the experience module applies them (docs/experience.md).
    std::vector<experience::ClassChange> experience;  // sorted

    friend bool operator==(const BattleResult&, const BattleResult&) = default;
};

// The module's part of a position: the results the GM entered for the phase. They last the
// phase they were entered for.
struct TabletopState {
    std::vector<BattleResult> results;  // sorted by province, one a province

    const BattleResult* in(ProvinceId province) const;
    bool empty() const { return results.empty(); }
    void normalise();
    void carry_over() { results.clear(); }
    friend bool operator==(const TabletopState&, const TabletopState&) = default;
};

const TabletopState& state(const Position& position);
TabletopState& state(Position& position);

// A place where armies of powers at war meet this week.
struct Battle {
    ProvinceId province = kNoProvince;
    std::vector<Unit> armies;  // as they stand at the start of the week, in location order
};

// Whether `variant` fights its battles on the tabletop.
bool fights_on_tabletop(const Variant& variant);

// The battles the phase's orders bring about, decided or not: an army ordered into a province
// where an army of an enemy stays (it is not ordered to move, or it moves against the
// attacker's own province), or armies of enemies ordered into the same province.
std::vector<Battle> battles(const Variant& variant, const Position& position,
                            std::span<const Order> orders);
// Those of them the position holds no result for: while there are any, the week waits.
std::vector<Battle> undecided_battles(const Variant& variant, const Position& position,
                                      std::span<const Order> orders);

}  // namespace adjutant::tabletop_battles
