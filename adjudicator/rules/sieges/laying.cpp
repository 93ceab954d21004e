// SPDX-License-Identifier: Apache-2.0
// The beginning and the end of a siege (Lone Warrior 5a, 5d-5g, 5k): sieges end when their army is
// gone, lifted or abandoned; BESIEGE lays a siege in two uninterrupted weeks, and once it is laid
// a 3rd-class fortress may be betrayed (5f) and a 2nd- or 3rd-class commander may lose his nerve
// (5g).
#include <algorithm>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

// 5f: a 3rd-class fortress may be betrayed. Returns true when the fortress fell.
bool treachery(TurnContext& ctx, ProvinceId where) {
    const std::string name = province_abbr(ctx.variant, where);
    const PowerId defender = garrison_in(ctx.result.next, where)->power;
    const Rolled traitor = roll(ctx, "treachery", name);
    if (traitor.value > 2) {
        rolled_event(ctx, traitor, "siege.treachery", defender, where,
                     "no traitor was found in " + name + " (rolled " + face(traitor.value) + ")",
                     "3-0 no traitor");
        return false;
    }
    rolled_event(ctx, traitor, "siege.treachery", defender, where,
                 "a traitor was found in " + name + " (rolled " + face(traitor.value) + ")",
                 "1-2 a traitor");
    const Rolled plot = roll(ctx, "treachery-falls", name);
    if (plot.value > 5) {
        rolled_event(ctx, plot, "siege.treachery", defender, where,
                     "the traitor in " + name + " failed (rolled " + face(plot.value) + ")",
                     "6-0 the fortress holds");
        return false;
    }
    rolled_event(ctx, plot, "siege.fell", defender, where,
                 name + " fell by treachery (rolled " + face(plot.value) +
                     "): the garrison is taken prisoner",
                 "1-5 falls, taken prisoner");
    fortress_falls(ctx, where, false);
    return true;
}

// 5g: loss of nerves, for 2nd- and 3rd-class fortresses. Returns true when the fortress fell.
bool loss_of_nerves(TurnContext& ctx, ProvinceId where, int fortress) {
    const std::string name = province_abbr(ctx.variant, where);
    Garrison* g = garrison_in(ctx.result.next, where);
    const PowerId defender = g->power;
    const Rolled nerves = roll(ctx, "nerves", name);
    if (nerves.value > 2) {
        rolled_event(
            ctx, nerves, "siege.nerves", defender, where,
            "the commander of " + name + " keeps his nerve (rolled " + face(nerves.value) + ")",
            "3-0 no test");
        return false;
    }
    // The 1-2 is a roll of its own: logged with its die like every other (docs/design.md, "The
    // adjudicator contract").
    rolled_event(ctx, nerves, "siege.nerves", defender, where,
                 "the commander of " + name + " may lose his nerve (rolled " + face(nerves.value) +
                     "): his generalship is tested",
                 "1-2 the generalship is rolled");
    const Rating rating =
        generalship(ctx, "G " + name, g->general, g->general_roll, defender, where,
                    "the commander of " + name + " wavers; his generalship is ");
    if (rating.halves != 1) return false;
    const Rolled test = roll(ctx, "nerves-surrender", name);
    const int modifier = fortress == 2 ? 2 : 0;
    const int total = test.value + modifier;
    const std::string read = read_die(test.value, modifier, "for a 2nd-class fortress");
    const std::string mods = modifier != 0 ? "+2 2nd-class fortress" : "";
    if (total >= 6) {
        rolled_event(ctx, test, "siege.nerves", defender, where,
                     "the garrison of " + name + " ignores its general and fights (" + read + ")",
                     "6-0 fights", mods);
        return false;
    }
    const bool terms = total >= 3;
    surrender(ctx, test, defender, where, terms, "", read,
              terms ? "3-5 surrender on terms" : "1-2 surrender, taken prisoner", mods);
    return true;
}

bool breached_before(const Position& pos, ProvinceId where) {
    return std::any_of(state(pos).breaches.begin(), state(pos).breaches.end(),
                       [&](const auto& b) { return b.first == where; });
}

}  // namespace

void end_sieges(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (std::size_t i = 0; i < state(next).sieges.size();) {
        const Siege s = state(next).sieges[i];
        const Unit* army = next.unit_at(s.province);
        std::string why;
        if (army == nullptr || army->stats.id != s.army)
            why = "its army has gone";
        else if (enemy_garrison(v, next, s.province, s.power) == nullptr)
            why = "there is no garrison left to besiege";
        else if (ordered(ctx, kLiftSiege, s.province))
            why = unit_text(v, *army) + " lifted it";
        else if (!s.laid() && !ordered(ctx, kBesiege, s.province))
            why = "laying it was interrupted";
        if (why.empty()) {
            ++i;
            continue;
        }
        ctx.event("siege.lifted", s.power, s.province,
                  "the siege of " + province_abbr(v, s.province) + " ended: " + why);
        end_siege(ctx, s.province);
    }
}

void lay_sieges(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        if (!is(o, kBesiege)) continue;
        const ProvinceId where = o.unit.province;
        const Unit* before = ctx.before.unit_at(where);
        Unit* army = next.unit_at(where);
        if (before == nullptr || army == nullptr || army->stats.id != before->stats.id) continue;
        if (enemy_garrison(v, next, where, army->power) == nullptr) continue;
        Siege* siege = state(next).siege_of(where);
        if (siege == nullptr) {
            Siege fresh;
            fresh.province = where;
            fresh.power = army->power;
            fresh.army = army->stats.id;
            state(next).sieges.push_back(fresh);
            siege = &state(next).sieges.back();
            // Reinforced since the bloody repulse (the order was accepted): the record has done
            // its work.
            UnitAttributes& repulse = attributes(army->stats);
            repulse.repulsed_from = kNoProvince;
            repulse.repulsed_points = 0;
        }
        if (siege->laid()) continue;
        ++siege->weeks;
        const std::string name = province_abbr(v, where);
        if (!siege->laid()) {
            ctx.event("siege.laying", army->power, where,
                      unit_text(v, *army) + " is laying siege to " + name + ": week " +
                          std::to_string(siege->weeks) + " of 2");
            continue;
        }
        ctx.event("siege.laid", army->power, where,
                  unit_text(v, *army) + " has laid siege to " + name);
        if (breached_before(next, where)) {
            // 5o: not yet repaired, the old breach is still open.
            siege->breached = true;
            ctx.event("siege.breach", army->power, where,
                      "the breach in " + line_name(ctx, where, 0) +
                          " has not been repaired: it is still open (5o)");
        }
        // The checks made once, at the beginning of the siege (5d 2-3).
        const int fortress = fortress_of(ctx, where);
        if (fortress == 3 && treachery(ctx, where)) continue;
        if (fortress >= 2) loss_of_nerves(ctx, where, fortress);
    }
}

}  // namespace adjutant::sieges::detail
