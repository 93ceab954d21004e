// SPDX-License-Identifier: Apache-2.0
// Sorties (Lone Warrior 5l): a garrison may come out against besiegers below 3:2 in army points, or
// against besiegers abandoning the siege. Lone Warrior fights such battles on the tabletop; on a
// province map they are resolved by one d10 (docs/sieges.md "Sorties"): the besiegers' strength
// counts the fortified share of their points (75%, rounded down, once the siege is laid) twice,
// the odds give a modifier, and the sortie table gives the losses, as percentages of the
// garrison's fighting points like the assault table's.
#include <algorithm>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

struct Odds {
    int modifier;
    const char* text;
};

Odds sortie_odds(std::int64_t garrison, std::int64_t besiegers) {
    if (garrison >= 2 * besiegers) return {2, "2:1 or better for the garrison"};
    if (garrison >= besiegers) return {1, "1:1 or better for the garrison"};
    if (besiegers >= 2 * garrison) return {-1, "2:1 or better for the besiegers"};
    return {0, "below 1:1 for the garrison"};
}

// Returns whether the garrison came out.
bool sortie(TurnContext& ctx, ProvinceId where) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    Siege* siege = state(next).siege_of(where);
    Unit* army = next.unit_at(where);
    Garrison* g = garrison_in(next, where);
    if (siege == nullptr || army == nullptr || g == nullptr) return false;
    const std::string name = province_abbr(v, where);
    const std::string army_name = unit_text(v, *army);
    const std::int64_t fighting = fighting_points(v, *g);
    if (!siege->abandoning && at_least_three_to_two(army->stats.points, fighting)) {
        ctx.event("siege.sortie", g->power, where,
                  "the garrison of " + name + " called off its sortie: the besiegers' " +
                      std::to_string(army->stats.points) + " points are 3:2 or better against " +
                      std::to_string(fighting) + " (5l)");
        return false;
    }
    const std::int64_t fortified = siege->laid() ? army->stats.points * 3 / 4 : 0;
    const std::int64_t besiegers = army->stats.points + fortified;
    const Odds odds = sortie_odds(fighting, besiegers);
    const Rolled r = roll(ctx, "sortie", name);
    const int total = r.value + odds.modifier;
    const std::string read = read_die(r.value, odds.modifier, "for " + std::string(odds.text));
    int garrison_loss = 10;
    int besieger_loss = 10;
    const char* row = "4-7 indecisive";
    std::string outcome = "an indecisive fight";
    if (total <= 3) {
        garrison_loss = 25;
        row = "1-3 the sortie is repulsed";
        outcome = "the sortie is repulsed";
    } else if (total >= 8) {
        besieger_loss = 25;
        row = "8-0 the besiegers are driven off";
        outcome = "the besiegers are driven off and the siege is raised";
    }
    const std::int64_t lost_g = percent_up(fighting, garrison_loss);
    const std::int64_t lost_b = percent_up(fighting, besieger_loss);
    g->points = std::max<std::int64_t>(0, g->points - lost_g);
    army->stats.points = std::max<std::int64_t>(0, army->stats.points - lost_b);
    rolled_event(ctx, r, "siege.sortie", g->power, where,
                 "the garrison of " + name + " sortied (" + std::to_string(fighting) +
                     " points against " + army_name + "'s " +
                     std::to_string(besiegers - fortified) + " + " + std::to_string(fortified) +
                     " fortified = " + std::to_string(besiegers) + ") and " + read + ": " +
                     outcome + "; the garrison loses " + std::to_string(lost_g) +
                     " points, the besiegers " + std::to_string(lost_b),
                 row, odds.modifier != 0 ? signed_number(odds.modifier) + " " + odds.text : "");
    const bool driven_off = total >= 8;
    if (driven_off)
        career(ctx, g->general, g->general_roll, 1, "Force besiegers to lift siege", g->power,
               where);
    if (army->stats.points == 0) {
        // The supply it carried is lost with it (supply is conserved event by event).
        ctx.event("siege.destroyed", army->power, where, army_name + " was destroyed in the sortie",
                  -army->stats.supply);
        std::erase_if(next.units, [&](const Unit& u) { return u.location.province == where; });
        end_siege(ctx, where);
        return true;
    }
    if (g->points == 0) {
        fortress_falls(ctx, where, false);
        return true;
    }
    if (driven_off) end_siege(ctx, where);
    return true;
}

}  // namespace

void sorties(TurnContext& ctx) {
    for (const Order& o : ctx.orders)
        if (is(o, kSortie)) ctx.verdict(o, sortie(ctx, o.unit.province), Reason::NotCarriedOut);
}

}  // namespace adjutant::sieges::detail
