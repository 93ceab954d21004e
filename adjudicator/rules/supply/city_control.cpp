// SPDX-License-Identifier: Apache-2.0
// Who holds the cities (Lone Warrior 4b): a city passes to the power whose army stands in it
// when no garrison of another power holds out there; losing the capital loses the country.
// Also the yearly replacements.
#include <algorithm>

#include "rules/sieges/state.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

bool enemy_garrison(const CampaignMap& map, const Position& pos, ProvinceId p, PowerId power) {
    return std::any_of(
        sieges::state(pos).garrisons.begin(), sieges::state(pos).garrisons.end(),
        [&](const Garrison& g) { return g.province == p && map.enemies(g.power, power); });
}

// The whole country goes to the captor of its capital (Lone Warrior 4b): armies disbanded,
// garrisons surrender and are disbanded, every city it holds passes to the captor.
void lose_country(TurnContext& ctx, PowerId lost, PowerId captor) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    std::int64_t supply_lost = 0;
    for (const Unit& u : next.units)
        if (u.power == lost) supply_lost += u.stats.supply;
    // Armies waiting to retreat are disbanded too (the week's steps run before the retreats).
    for (const DislodgedUnit& d : next.dislodged)
        if (d.unit.power == lost) supply_lost += d.unit.stats.supply;
    for (const Garrison& g : sieges::state(next).garrisons)
        if (g.power == lost) supply_lost += g.stores;
    supply_lost += std::count_if(state(next).trains.begin(), state(next).trains.end(),
                                 [&](const SupplyTrain& t) { return t.power == lost; });
    std::erase_if(next.units, [&](const Unit& u) { return u.power == lost; });
    std::erase_if(next.dislodged, [&](const DislodgedUnit& d) { return d.unit.power == lost; });
    std::erase_if(state(next).standing_supply,
                  [&](const StandingSupply& s) { return s.power == lost; });
    std::erase_if(sieges::state(next).garrisons,
                  [&](const Garrison& g) { return g.power == lost; });
    std::erase_if(state(next).trains, [&](const SupplyTrain& t) { return t.power == lost; });
    int cities = 0;
    for (PowerId& owner : next.owner)
        if (owner == lost) {
            owner = captor;
            ++cities;
        }
    ctx.event("country.lost", lost, v.campaign->capital[lost],
              v.powers[lost].name + " has lost its capital " + abbr(v, v.campaign->capital[lost]) +
                  ": the country is lost; its armies are disbanded, its garrisons surrender, and " +
                  std::to_string(cities) + " cities pass to " +
                  (captor == kNoPower ? std::string("nobody") : v.powers[captor].name),
              -supply_lost);
}

}  // namespace

void update_control(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (const Unit& u : next.units) {
        const ProvinceId p = u.location.province;
        if (u.type != UnitType::Army || map.city_class[p] == 0 || next.owner[p] == u.power)
            continue;
        // An ally's city stays its own; a fortress whose garrison holds out is a siege.
        if (next.owner[p] != kNoPower && !map.enemies(next.owner[p], u.power)) continue;
        if (enemy_garrison(map, next, p, u.power)) continue;
        next.owner[p] = u.power;
        ctx.event("control.city", u.power, p, abbr(v, p) + " passes to " + v.powers[u.power].name);
    }
    for (std::size_t i = 0; i < v.powers.size(); ++i) {
        const auto power = static_cast<PowerId>(i);
        const ProvinceId capital = map.capital[i];
        if (capital == kNoProvince || next.owner[capital] == power) continue;
        const bool anything_left =
            std::any_of(next.units.begin(), next.units.end(),
                        [&](const Unit& u) { return u.power == power; }) ||
            std::any_of(sieges::state(next).garrisons.begin(), sieges::state(next).garrisons.end(),
                        [&](const Garrison& g) { return g.power == power; }) ||
            std::find(next.owner.begin(), next.owner.end(), power) != next.owner.end();
        if (anything_left) lose_country(ctx, power, next.owner[capital]);
    }
}

void muster_replacements(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    for (std::size_t i = 0; i < v.powers.size(); ++i) {
        const auto power = static_cast<PowerId>(i);
        const ProvinceId capital = map.capital[i];
        if (capital != kNoProvince && enemy_army_in(v, next, capital, power)) {
            ctx.event("replacements.none", power, capital,
                      v.powers[i].name + " musters no replacements: its capital " +
                          abbr(v, capital) + " is under siege");
            continue;
        }
        std::int64_t points = 0;
        int cities = 0;
        for (std::size_t p = 0; p < next.owner.size(); ++p)
            if (next.owner[p] == power && map.city_class[p] != 0) {
                points += map.replacement_points(static_cast<ProvinceId>(p));
                ++cities;
            }
        if (cities == 0) continue;
        state(next).treasury[i] += points;
        ctx.event("replacements", power, capital,
                  v.powers[i].name + " musters " + std::to_string(points) +
                      " replacement points from " + std::to_string(cities) + " cities" +
                      (capital != kNoProvince ? " in " + abbr(v, capital) : std::string()));
    }
}

}  // namespace adjutant::supply
