// SPDX-License-Identifier: Apache-2.0
// Disease (Lone Warrior 5m): besiegers who go on breaching for more than a month (4 weeks of
// breaching) roll each week they breach (disease_rolls, called by the breach step); on a 1 sickness
// breaks out in their camp and they lose 5% of their points (rounded up) every week until the siege
// is over. After two months (8 weeks of breaching) the garrison rolls too, -1 on half rations (not
// in a citadel, where they count as full, 5j) and -2 out of supply (no stores left).
#include <algorithm>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

void besiegers_roll(TurnContext& ctx, Siege& s, const Unit& army) {
    const std::string army_name = unit_text(ctx.variant, army);
    const Rolled r = roll(ctx, "disease", army_name);
    s.sick = r.value <= 1;
    rolled_event(ctx, r, "siege.disease", army.power, s.province,
                 s.sick
                     ? "sickness breaks out in the camp of " + army_name + " (rolled 1)"
                     : "the camp of " + army_name + " stays healthy (rolled " + face(r.value) + ")",
                 s.sick ? "1 sickness" : "2-0 healthy");
}

void garrison_roll(TurnContext& ctx, Siege& s, const Garrison& g) {
    const std::string name = province_abbr(ctx.variant, s.province);
    int modifier = 0;
    std::string mods;
    // 5j: in the citadel half rations count as full.
    const bool citadel = fortress_of(ctx, s.province) == 1 && s.line == 2;
    if (g.half_rations && !citadel) {
        modifier -= 1;
        mods = "-1 on half rations";
    }
    if (g.stores == 0 && !g.half_week_eaten) {
        modifier -= 2;
        mods += std::string(mods.empty() ? "" : ", ") + "-2 out of supply";
    }
    const Rolled r = roll(ctx, "disease", "G " + name);
    s.garrison_sick = r.value + modifier <= 1;
    const std::string read =
        "rolled " + face(r.value) +
        (modifier != 0 ? " " + mods + " = " + std::to_string(r.value + modifier) : std::string());
    rolled_event(ctx, r, "siege.disease", g.power, s.province,
                 s.garrison_sick
                     ? "sickness breaks out in the garrison of " + name + " (" + read + ")"
                     : "the garrison of " + name + " stays healthy (" + read + ")",
                 s.garrison_sick ? "1 sickness" : "2-0 healthy", mods);
}

}  // namespace

void disease_rolls(TurnContext& ctx, Siege& s) {
    Position& next = ctx.result.next;
    const Unit* army = next.unit_at(s.province);
    const Garrison* g = garrison_in(next, s.province);
    if (army == nullptr || g == nullptr) return;
    if (!s.sick && s.breaching_total > 4) besiegers_roll(ctx, s, *army);
    if (!s.garrison_sick && s.breaching_total > 8) garrison_roll(ctx, s, *g);
}

void disease(TurnContext& ctx) {
    Position& next = ctx.result.next;
    for (std::size_t i = 0; i < state(next).sieges.size();) {
        Siege& s = state(next).sieges[i];
        Unit* army = next.unit_at(s.province);
        Garrison* g = garrison_in(next, s.province);
        const ProvinceId where = s.province;
        if (army == nullptr || g == nullptr) {
            ++i;
            continue;
        }
        if (s.sick) {
            const std::int64_t loss = percent_up(army->stats.points, 5);
            army->stats.points = std::max<std::int64_t>(0, army->stats.points - loss);
            ctx.event("siege.disease", army->power, where,
                      unit_text(ctx.variant, *army) + " loses " + std::to_string(loss) +
                          " points (5%) to sickness; " + std::to_string(army->stats.points) +
                          " left");
        }
        if (s.garrison_sick) {
            const std::int64_t loss = percent_up(g->points, 5);
            g->points = std::max<std::int64_t>(0, g->points - loss);
            ctx.event("siege.disease", g->power, where,
                      "the garrison of " + province_abbr(ctx.variant, where) + " loses " +
                          std::to_string(loss) + " points (5%) to sickness; " +
                          std::to_string(g->points) + " left");
        }
        if (army->stats.points == 0) {
            ctx.event("siege.destroyed", army->power, where,
                      unit_text(ctx.variant, *army) + " has wasted away");
            std::erase_if(next.units, [&](const Unit& u) { return u.location.province == where; });
            end_siege(ctx, where);
            continue;
        }
        if (g->points == 0) {
            fortress_falls(ctx, where, false);
            continue;
        }
        ++i;
    }
}

}  // namespace adjutant::sieges::detail
