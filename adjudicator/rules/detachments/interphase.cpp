// SPDX-License-Identifier: Apache-2.0
// 4f "If there are more than the correct number of detachments per city controlled in any season
// interphase, the nation must disband the extra ones." The seasons are the year's quarters, 13
// weekly turns each (as the sieges' 5o repairs count them): the interphase follows weeks 13, 26,
// 39 and 52. A power keeps two detachments per city it controls once the week is over; the
// extras go in the order of their provinces' abbreviations, the last first, so a player knows
// which before the week ends (docs/detachments.md, "Choices").
//
// A power left with no city keeps none, whatever the week: it is the country lost with its
// capital (4b "Any existing armies of the nation which has lost its capital are disbanded"), or
// one that has nowhere left to raise and keep them.
#include <algorithm>

#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {
constexpr int kSeasonWeeks = 13;
}

bool season_ended(const TurnContext& ctx) {
    return ctx.before.phase.weekly() && ctx.before.phase.week % kSeasonWeeks == 0;
}

void disband_cityless(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    auto& all = state(next).detachments;
    std::vector<std::uint8_t> checked(v.powers.size(), 0);
    std::vector<std::uint8_t> cityless(v.powers.size(), 0);
    for (const Detachment& d : all) {
        if (checked[d.power] != 0) continue;
        checked[d.power] = 1;
        cityless[d.power] = cities_controlled(v, next, d.power) == 0 ? 1 : 0;
    }
    for (const Detachment& d : all)
        if (cityless[d.power] != 0)
            ctx.event("detachment.disbanded", d.power, d.province,
                      named(v, d.power, d.province) + " is disbanded: " + v.powers[d.power].name +
                          " controls no city (4f)");
    std::erase_if(all, [&](const Detachment& d) { return cityless[d.power] != 0; });
}

void disband_extra(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    auto& all = state(next).detachments;
    for (std::size_t power = 0; power < v.powers.size(); ++power) {
        const auto p = static_cast<PowerId>(power);
        const std::size_t most = allowed(v, next, p);
        std::vector<ProvinceId> mine;
        for (const Detachment& d : all)
            if (d.power == p) mine.push_back(d.province);
        if (mine.size() <= most) continue;
        std::sort(mine.begin(), mine.end(), [&](ProvinceId a, ProvinceId b) {
            return v.provinces[a].abbr > v.provinces[b].abbr;
        });
        const int cities = cities_controlled(v, next, p);
        for (std::size_t i = 0; i < mine.size() - most; ++i) {
            std::erase(all, Detachment{p, mine[i]});
            ctx.event("detachment.disbanded", p, mine[i],
                      named(v, p, mine[i]) +
                          " is disbanded at the season's end: " + v.powers[p].name + " holds " +
                          std::to_string(cities) + " cit" + (cities == 1 ? "y" : "ies") +
                          " and may keep " + std::to_string(most) + " detachments (4f)");
        }
    }
}

}  // namespace adjutant::detachments
