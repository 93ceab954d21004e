// SPDX-License-Identifier: Apache-2.0
// Half rations (Lone Warrior 5h): a besieged commander may halve his garrison's rations so its
// stores last twice as long (the supply module eats them at half a week a week). The civilians
// make it costly: a morale check on the table of 5g and a treachery check on the table of 5f, each
// with the fortress's class modifier. In a 1st-class citadel there are no civilians: half rations
// count as full and neither check is made.
#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

int class_modifier(int fortress) {
    return fortress == 1 ? 3 : fortress == 2 ? 2 : 0;
}

std::string class_text(int fortress) {
    return fortress == 1 ? "for a 1st-class fortress" : "for a 2nd-class fortress";
}

std::string class_mods(int fortress) {
    return fortress == 1 ? "+3 1st-class fortress" : fortress == 2 ? "+2 2nd-class fortress" : "";
}

// The table of 5g. Returns true when the fortress fell.
bool morale_check(TurnContext& ctx, ProvinceId where, int fortress) {
    const std::string name = province_abbr(ctx.variant, where);
    const PowerId defender = garrison_in(ctx.result.next, where)->power;
    const int modifier = class_modifier(fortress);
    const Rolled r = roll(ctx, "rations-morale", name);
    const int total = r.value + modifier;
    const std::string read = read_die(r.value, modifier, class_text(fortress));
    if (total >= 6) {
        rolled_event(ctx, r, "siege.rations", defender, where,
                     "the garrison of " + name + " accepts half rations (" + read + ")",
                     "6-0 fights", class_mods(fortress));
        return false;
    }
    const bool terms = total >= 3;
    surrender(ctx, r, defender, where, terms, "put on half rations, ", read,
              terms ? "3-5 surrender on terms" : "1-2 surrender, taken prisoner",
              class_mods(fortress));
    return true;
}

// The table of 5f, for the civilians' unrest.
void treachery_check(TurnContext& ctx, ProvinceId where, int fortress) {
    const std::string name = province_abbr(ctx.variant, where);
    const PowerId defender = garrison_in(ctx.result.next, where)->power;
    const int modifier = class_modifier(fortress);
    const Rolled r = roll(ctx, "rations-treachery", name);
    const int total = r.value + modifier;
    const std::string read = read_die(r.value, modifier, class_text(fortress));
    if (total > 2) {
        rolled_event(
            ctx, r, "siege.rations", defender, where,
            "no traitor was found among the hungry townsfolk of " + name + " (" + read + ")",
            "3-0 no traitor", class_mods(fortress));
        return;
    }
    rolled_event(ctx, r, "siege.rations", defender, where,
                 "a traitor was found among the hungry townsfolk of " + name + " (" + read + ")",
                 "1-2 a traitor", class_mods(fortress));
    const Rolled plot = roll(ctx, "rations-treachery-falls", name);
    if (plot.value > 5) {
        rolled_event(ctx, plot, "siege.rations", defender, where,
                     "the traitor in " + name + " failed (rolled " + face(plot.value) + ")",
                     "6-0 the fortress holds");
        return;
    }
    rolled_event(ctx, plot, "siege.fell", defender, where,
                 name + " fell by treachery (rolled " + face(plot.value) +
                     "): the garrison is taken prisoner",
                 "1-5 falls, taken prisoner");
    fortress_falls(ctx, where, false);
}

}  // namespace

void half_rations(TurnContext& ctx) {
    for (const Order& o : ctx.orders) {
        if (!is(o, kHalfRations)) continue;
        const ProvinceId where = o.unit.province;
        Garrison* g = garrison_in(ctx.result.next, where);
        const Siege* siege = state(ctx.result.next).siege_of(where);
        if (g == nullptr || siege == nullptr || g->half_rations) {
            ctx.verdict(o, false, Reason::NotCarriedOut);
            continue;
        }
        ctx.verdict(o, true);
        g->half_rations = true;
        const std::string name = province_abbr(ctx.variant, where);
        const int fortress = fortress_of(ctx, where);
        if (fortress == 1 && siege->line == 2) {
            ctx.event("siege.rations", g->power, where,
                      "the garrison of " + name +
                          " goes on half rations in the citadel, where they count as full: no "
                          "checks (5j)");
            continue;
        }
        ctx.event("siege.rations", g->power, where,
                  "the garrison of " + name + " goes on half rations (5h)");
        if (morale_check(ctx, where, fortress)) continue;
        treachery_check(ctx, where, fortress);
    }
}

}  // namespace adjutant::sieges::detail
