// SPDX-License-Identifier: Apache-2.0
// After the movement, each battle the GM decided: its event, the points each army lost (an army
// that lost them all is destroyed, with the supply it carried), and the generals killed, who
// leave their armies. Losses are the GM's to enter: an army that fought and is not listed lost
// nothing, and the points lost are taken as given, never more than the army has.
#include <algorithm>

#include "rules/sieges/state.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

// The army that stood in `province` as the week began, wherever it is now (on the board or
// waiting to retreat).
Unit* army_now(Adjudication& result, const Position& before, ProvinceId province) {
    const Unit* then = before.unit_at(province);
    if (then == nullptr) return nullptr;
    for (Unit& u : result.next.units)
        if (u.stats.id == then->stats.id && u.power == then->power) return &u;
    for (DislodgedUnit& d : result.next.dislodged)
        if (d.unit.stats.id == then->stats.id && d.unit.power == then->power) return &d.unit;
    return nullptr;
}

void lose_points(TurnContext& ctx, const BattleResult& r, ProvinceId from, std::int64_t points) {
    const Variant& v = ctx.variant;
    Unit* army = army_now(ctx.result, ctx.before, from);
    if (army == nullptr) return;
    const std::string name = unit_text(v, *army);
    const std::int64_t lost = std::min(points, army->stats.points);
    // Nothing lost is nothing to apply: an army of no points (equipment alone, docs/army-
    // strength.md) that the GM gives no loss stays as it was, for the army strength module to
    // settle as it settles equipment met by an enemy.
    if (lost <= 0) return;
    army->stats.points -= lost;
    if (army->stats.points > 0) {
        ctx.event("tabletop.losses", army->power, r.province,
                  name + " lost " + std::to_string(lost) + " points in the battle at " +
                      v.provinces[r.province].abbr + "; " + std::to_string(army->stats.points) +
                      " left");
        return;
    }
    const std::uint32_t id = army->stats.id;
    const PowerId power = army->power;
    // No change of supply in the event: the supply leaves the board with the army, as with
    // every army destroyed, and counting it here too would count it gone twice.
    ctx.event("tabletop.destroyed", power, r.province,
              name + " lost its last " + std::to_string(lost) + " points in the battle at " +
                  v.provinces[r.province].abbr + " and is destroyed");
    std::erase_if(ctx.result.next.units,
                  [&](const Unit& u) { return u.stats.id == id && u.power == power; });
    std::erase_if(ctx.result.next.dislodged, [&](const DislodgedUnit& d) {
        return d.unit.stats.id == id && d.unit.power == power;
    });
}

// Lone Warrior 4g: an active general commands a field army or garrison, and goes where it goes;
// so only the general of an army that fought the battle dies in it (docs/tabletop-battles.md).
// A name none of them bears (orders changed after the GM entered the result, or a result
// written by hand) is set aside, with an event.
void kill_general(TurnContext& ctx, const BattleResult& r, const Battle& battle,
                  const std::string& general) {
    const auto commander = std::find_if(
        battle.armies.begin(), battle.armies.end(),
        [&](const Unit& u) { return !u.stats.general.empty() && u.stats.general == general; });
    if (commander == battle.armies.end()) {
        ctx.event("tabletop.general_set_aside", kNoPower, r.province,
                  general + " commands no army that fought at " +
                      ctx.variant.provinces[r.province].abbr +
                      ": the GM's result does not kill him");
        return;
    }
    auto fall = [&](Unit& u) {
        if (u.stats.id != commander->stats.id || u.power != commander->power ||
            u.stats.general != general)
            return false;
        ctx.event("tabletop.general_killed", u.power, r.province,
                  general + " was killed in the battle at " +
                      ctx.variant.provinces[r.province].abbr + "; " + unit_text(ctx.variant, u) +
                      " has no general");
        u.stats.general.clear();
        sieges::attributes(u.stats).general_roll = 0;
        return true;
    };
    for (Unit& u : ctx.result.next.units)
        if (fall(u)) return;
    for (DislodgedUnit& d : ctx.result.next.dislodged)
        if (fall(d.unit)) return;
}

}  // namespace

void apply_results(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    if (state(ctx.before).empty()) return;
    const std::vector<Battle> fought = battles(v, ctx.before, ctx.orders);
    for (const BattleResult& r : state(ctx.before).results) {
        // Orders changed after the GM entered a result may leave it without its battle: a
        // result decides only a battle that is fought.
        const auto battle = std::find_if(fought.begin(), fought.end(),
                                         [&](const Battle& b) { return b.province == r.province; });
        if (battle == fought.end()) {
            ctx.event("tabletop.unfought", kNoPower, r.province,
                      "no battle was fought at " + v.provinces[r.province].abbr +
                          ": the GM's result for it is set aside");
            continue;
        }
        ctx.event("tabletop.battle", r.winner, r.province,
                  "the battle at " + v.provinces[r.province].abbr +
                      " was fought on the tabletop: " + v.power_name(r.winner) +
                      " won (the GM's result)");
        for (const auto& [from, points] : r.losses) lose_points(ctx, r, from, points);
        for (const std::string& general : r.generals_killed) kill_general(ctx, r, *battle, general);
    }
}

}  // namespace adjutant::tabletop_battles
