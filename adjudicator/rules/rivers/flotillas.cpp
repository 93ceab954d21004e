// SPDX-License-Identifier: Apache-2.0
// Flotillas bought and lost (Lone Warrior 4a and 4e; docs/rivers.md). A flotilla is bought as the
// movement ends, after the supply module's trains, and carries from the next week's supply step:
// the barges gather in the week they are bought. One in a city an enemy holds at the week's end,
// or whose power is out of the war, is lost with the city.
#include <algorithm>

#include "position/position.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/rivers.h"
#include "variant/variant.h"

namespace adjutant::rivers {

void buy_flotillas(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (const Order& o : ctx.orders) {
        if (!is(o, kPurchase)) continue;
        const ProvinceId city = o.unit.province;
        auto& treasury = rivers::treasury(next);
        const std::int64_t cost = rivers::parameters(map).flotilla_cost;
        const bool held = map.friendly(next.owner[city], o.power);
        const bool paid = o.power < treasury.size() && treasury[o.power] >= cost;
        const Unit* there = next.unit_at(city);
        const bool enemy =
            there != nullptr && there->type == UnitType::Army && map.enemies(there->power, o.power);
        if (!held || enemy || !paid || state(next).has(o.power, city)) {
            ctx.verdict(o, false, Reason::NotCarriedOut,
                        !held   ? "the city is no longer friendly"
                        : enemy ? "an enemy army stands in the city"
                        : !paid ? "the treasury no longer holds its points"
                                : "a flotilla operates from the city already");
            continue;
        }
        treasury[o.power] -= cost;
        state(next).flotillas.push_back(Flotilla{o.power, city});
        state(next).normalise();
        ctx.event("rivers.flotilla_bought", o.power, city,
                  v.powers[o.power].name + " bought a barge flotilla in " + abbr(v, city) +
                      " for " + std::to_string(cost) + " points; it carries supply along the " +
                      river_names(v, city) + " from next week");
        ctx.verdict(o, true);
    }
}

void lose_flotillas(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    auto& flotillas = state(next).flotillas;
    for (auto it = flotillas.begin(); it != flotillas.end();) {
        const PowerId owner = next.owner[it->city];
        if (map.friendly(owner, it->power)) {
            ++it;
            continue;
        }
        ctx.event("rivers.flotilla_lost", it->power, it->city,
                  "the " + v.powers[it->power].adjective + " barge flotilla at " +
                      abbr(v, it->city) + " is lost with the city" +
                      (owner == kNoPower ? std::string() : " to " + v.powers[owner].name));
        it = flotillas.erase(it);
    }
}

std::string river_names(const Variant& v, ProvinceId city) {
    const RiversRules& rules = rivers::parameters(v);
    std::string out;
    const auto& at = rules.rivers_at[city];
    for (std::size_t i = 0; i < at.size(); ++i) {
        if (i > 0) out += i + 1 == at.size() ? " and the " : ", the ";
        out += rules.rivers[at[i]].name;
    }
    return out;
}

}  // namespace adjutant::rivers
