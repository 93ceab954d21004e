// SPDX-License-Identifier: Apache-2.0
// Abandoning a siege (Lone Warrior 5k, 5a "1 week: To abandon a siege"): a besieger below 3:2 in
// army points against the fighting garrison must abandon a laid siege, unless it is breaching:
// then it has as many weeks of grace as the breach needs, to bring up reinforcements. Abandoning
// takes the week: the siege ends in the next week's siege steps, after the garrison has had its
// chance to sortie against the departing army (5l).
#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

void abandonment(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    for (std::size_t i = 0; i < state(next).sieges.size();) {
        if (!state(next).sieges[i].abandoning) {
            ++i;
            continue;
        }
        const ProvinceId where = state(next).sieges[i].province;
        ctx.event("siege.lifted", state(next).sieges[i].power, where,
                  "the siege of " + province_abbr(v, where) + " ended: it has been abandoned (5k)");
        end_siege(ctx, where);
    }
    for (Siege& s : state(next).sieges) {
        const Unit* army = next.unit_at(s.province);
        const Garrison* g = garrison_in(next, s.province);
        if (!s.laid() || s.abandoning || army == nullptr || g == nullptr) continue;
        const std::int64_t defenders = fighting_points(v, *g);
        if (at_least_three_to_two(army->stats.points, defenders)) {
            s.short_weeks = 0;
            continue;
        }
        ++s.short_weeks;
        const std::string ratio = std::to_string(army->stats.points) + " points against " +
                                  std::to_string(defenders) + " is below 3:2";
        const std::string army_name = unit_text(v, *army);
        if (s.breach_needed > 0 && s.short_weeks <= s.breach_needed) {
            ctx.event("siege.grace", s.power, s.province,
                      army_name + " is breaching but " + ratio + ": week " +
                          std::to_string(s.short_weeks) + " of " + std::to_string(s.breach_needed) +
                          " of grace to bring up reinforcements (5k)");
            continue;
        }
        s.abandoning = true;
        ctx.event("siege.abandon", s.power, s.province,
                  army_name + " must abandon the siege of " + province_abbr(v, s.province) + ": " +
                      ratio + "; abandoning takes the week (5k)");
    }
}

}  // namespace adjutant::sieges::detail
