// SPDX-License-Identifier: Apache-2.0
// Breaching (Lone Warrior 5j): a regular siege with siege guns at 3:2 or better against the
// garrison's. The weeks a breach takes come from the ratio and the fortress's class; once it is
// made the garrison rolls for surrender, or, at the outer and inner defences of a 1st-class
// fortress, retires inward with its siege guns unless it was ordered to STAND.
#include <algorithm>
#include <array>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

// The breach table of 5j: rows 3:2, 2:1, 5:2, 3:1, more; columns 3rd, 2nd, 1st class. The
// printed last row is damaged ("More | 1 | 4"): read as 1 week for 3rd and 2nd class, 4 for 1st.
constexpr std::array<std::array<int, 3>, 5> kBreachWeeks{{
    {4, 6, 8},
    {3, 4, 7},
    {2, 3, 6},
    {1, 2, 5},
    {1, 1, 4},
}};
constexpr std::array<const char*, 5> kRatios{"3:2", "2:1", "5:2", "3:1", "more (4:1 or better)"};

// The row for the ratio of siege guns, rounded in the defender's favour; -1 below 3:2.
int breach_row(std::int64_t attacker, std::int64_t defender) {
    if (attacker >= 4 * defender) return 4;
    if (attacker >= 3 * defender) return 3;
    if (2 * attacker >= 5 * defender) return 2;
    if (attacker >= 2 * defender) return 1;
    if (2 * attacker >= 3 * defender) return 0;
    return -1;
}

void surrender_roll(TurnContext& ctx, ProvinceId where) {
    const std::string name = province_abbr(ctx.variant, where);
    const int fortress = fortress_of(ctx, where);
    Garrison& g = *garrison_in(ctx.result.next, where);
    const int modifier = fortress == 1 ? 2 : fortress == 2 ? 1 : 0;
    const std::string why = fortress == 1 ? "for a 1st-class fortress" : "for a 2nd-class fortress";
    const std::string mods =
        modifier == 0 ? "" : (fortress == 1 ? "+2 1st-class fortress" : "+1 2nd-class fortress");
    const Rolled r = roll(ctx, "breach-surrender", name);
    const int total = r.value + modifier;
    const std::string read = read_die(r.value, modifier, why);
    if (total >= 8) {
        rolled_event(ctx, r, "siege.breach", g.power, where,
                     "the garrison of " + name + " refuses terms (" + read +
                         "): the breach must be assaulted, and the defenders fight without the "
                         "fortress's strength",
                     "8-0 refuse terms", mods);
        state(ctx.result.next).siege_of(where)->breached = true;
        return;
    }
    const bool terms = total >= 4;
    surrender(ctx, r, g.power, where, terms, "", read,
              terms ? "4-7 surrender on terms" : "1-3 surrender, taken prisoner", mods);
}

void breach_made(TurnContext& ctx, ProvinceId where) {
    Position& next = ctx.result.next;
    Siege& siege = *state(next).siege_of(where);
    Unit& army = *next.unit_at(where);
    ctx.event("siege.breach", army.power, where,
              unit_text(ctx.variant, army) + " has breached " + line_name(ctx, where, siege.line) +
                  " (5j)");
    siege.breach_weeks = 0;
    siege.breach_needed = 0;
    record_breach(ctx, where);
    career(ctx, army.stats.general, attributes(army.stats).general_roll, 1, "Breach a fortress",
           army.power, where);
    if (fortress_of(ctx, where) == 1 && siege.line < 2) {
        siege.breached = true;
        if (!ordered(ctx, kStand, where))
            retire(ctx, where, 0, 0);
        else
            ctx.event("siege.breach", garrison_in(next, where)->power, where,
                      "the garrison of " + province_abbr(ctx.variant, where) + " stands at " +
                          line_name(ctx, where, siege.line) + " (5j)");
        return;
    }
    surrender_roll(ctx, where);
}

void breach(TurnContext& ctx, ProvinceId where) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    Siege* siege = state(next).siege_of(where);
    Unit* army = next.unit_at(where);
    const Garrison* g = garrison_in(next, where);
    if (siege == nullptr || army == nullptr || g == nullptr || !siege->laid() ||
        siege->abandoning || army->stats.id != siege->army)
        return;
    const std::string army_name = unit_text(v, *army);
    if (siege->breached) {
        ctx.event("siege.breach", army->power, where,
                  "the breach in " + line_name(ctx, where, siege->line) +
                      " is already open: it must be assaulted (5j)");
        return;
    }
    const int row = breach_row(army->stats.siege_guns, g->siege_guns);
    if (row < 0 || army->stats.siege_guns == 0) {
        ctx.event("siege.breach", army->power, where,
                  army_name + " stopped breaching: " + std::to_string(army->stats.siege_guns) +
                      " siege guns against " + std::to_string(g->siege_guns) +
                      " is below 3:2 (5j)");
        return;
    }
    if (siege->breach_needed == 0) {
        const int fortress = fortress_of(ctx, where);
        siege->breach_needed =
            kBreachWeeks[static_cast<std::size_t>(row)][static_cast<std::size_t>(3 - fortress)];
        ctx.event("siege.breach", army->power, where,
                  army_name + " begins to breach " + line_name(ctx, where, siege->line) + ": " +
                      std::to_string(army->stats.siege_guns) + " siege guns against " +
                      std::to_string(g->siege_guns) + " is read at " +
                      kRatios[static_cast<std::size_t>(row)] + ": " +
                      std::to_string(siege->breach_needed) + " weeks (5j)");
    }
    ++siege->breach_weeks;
    ++siege->breaching_total;
    if (siege->breach_weeks < siege->breach_needed) {
        ctx.event("siege.breach", army->power, where,
                  army_name + " is breaching " + line_name(ctx, where, siege->line) + ": week " +
                      std::to_string(siege->breach_weeks) + " of " +
                      std::to_string(siege->breach_needed));
        disease_rolls(ctx, *siege);
        return;
    }
    disease_rolls(ctx, *siege);
    breach_made(ctx, where);
}

}  // namespace

bool at_breached_outer_line(const TurnContext& ctx, const Siege& siege) {
    return siege.breached && siege.line < 2 && fortress_of(ctx, siege.province) == 1;
}

void retire(TurnContext& ctx, ProvinceId where, std::int64_t lost_points, std::int32_t lost_guns) {
    Siege& siege = *state(ctx.result.next).siege_of(where);
    Garrison& g = *garrison_in(ctx.result.next, where);
    g.points = std::max<std::int64_t>(0, g.points - lost_points);
    g.siege_guns = std::max(0, g.siege_guns - lost_guns);
    const std::string from = line_name(ctx, where, siege.line);
    ++siege.line;
    siege.breached = false;
    siege.breach_weeks = 0;
    siege.breach_needed = 0;
    ctx.event("siege.retire", g.power, where,
              "the garrison of " + province_abbr(ctx.variant, where) + " (" +
                  std::to_string(g.points) + " points, " + std::to_string(g.siege_guns) +
                  " siege guns) retires from " + from + " to " + line_name(ctx, where, siege.line) +
                  " (5j)");
}

void retire_inward(TurnContext& ctx) {
    // Copies: retire() edits the siege.
    const std::vector<Siege> sieges = state(ctx.result.next).sieges;
    for (const Siege& s : sieges)
        if (at_breached_outer_line(ctx, s) && !ordered(ctx, kStand, s.province))
            retire(ctx, s.province, 0, 0);
    // STAND holds only a garrison at breached outer or inner defences.
    for (const Order& o : ctx.orders) {
        if (!is(o, kStand)) continue;
        const Siege* s = state(ctx.result.next).siege_of(o.unit.province);
        ctx.verdict(o, s != nullptr && at_breached_outer_line(ctx, *s), Reason::NotCarriedOut);
    }
}

void breaching(TurnContext& ctx) {
    for (const Order& o : ctx.orders)
        if (is(o, kBreach)) breach(ctx, o.unit.province);
}

}  // namespace adjutant::sieges::detail
