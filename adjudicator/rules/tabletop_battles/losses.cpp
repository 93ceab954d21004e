// SPDX-License-Identifier: Apache-2.0
// After the movement, each battle the GM decided: its event, the points each army lost (an army
// that lost them all is destroyed, with the supply it carried), and the generals killed, who
// leave their armies. Losses are the GM's to enter: an army that fought and is not listed lost
// nothing, and the points lost are taken as given, never more than the army has.
#include <algorithm>

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

std::string power_name(const Variant& variant, PowerId p) {
    return p < variant.powers.size() ? variant.powers[p].name : std::string("nobody");
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

void kill_general(TurnContext& ctx, const BattleResult& r, const std::string& general) {
    auto fall = [&](Unit& u) {
        if (u.stats.general != general) return false;
        ctx.event("tabletop.general_killed", u.power, r.province,
                  general + " was killed in the battle at " +
                      ctx.variant.provinces[r.province].abbr + "; " + unit_text(ctx.variant, u) +
                      " has no general");
        u.stats.general.clear();
        u.stats.general_roll = 0;
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
        if (std::none_of(fought.begin(), fought.end(),
                         [&](const Battle& b) { return b.province == r.province; })) {
            ctx.event("tabletop.unfought", kNoPower, r.province,
                      "no battle was fought at " + v.provinces[r.province].abbr +
                          ": the GM's result for it is set aside");
            continue;
        }
        ctx.event("tabletop.battle", r.winner, r.province,
                  "the battle at " + v.provinces[r.province].abbr +
                      " was fought on the tabletop: " + power_name(v, r.winner) +
                      " won (the GM's result)");
        for (const auto& [from, points] : r.losses) lose_points(ctx, r, from, points);
        for (const std::string& general : r.generals_killed) kill_general(ctx, r, general);
    }
}

}  // namespace adjutant::tabletop_battles
