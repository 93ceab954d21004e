// SPDX-License-Identifier: Apache-2.0
// "An enemy force cannot remain in a city hex unless it has laid siege for assault or breach
// purposes" (Lone Warrior 5k). An army may march into a province whose fortress an enemy garrison
// holds (it must, to besiege it), and it has that week to begin: an army that stood there when
// the week began and still has no siege of it (never begun, abandoned, or refused after a
// bloody repulse until reinforced) withdraws at the end of the week. It falls back one province
// along its own supply line, the way it came; if that is closed, to the neighbouring province
// with the lowest id that is free (no unit, no enemy garrison, no standoff). With nowhere to go it
// stays, and the event says so.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

bool free_for(const Variant& v, const Position& next, ProvinceId p, PowerId power) {
    return next.unit_at(p) == nullptr && enemy_garrison(v, next, p, power) == nullptr &&
           !std::binary_search(next.standoffs.begin(), next.standoffs.end(), p);
}

ProvinceId fall_back(const Variant& v, const Position& next, const Unit& army) {
    const ProvinceId here = army.location.province;
    const auto& line = army.stats.supply_line;
    if (line.size() >= 2 && v.army_can_move(here, line[1]) &&
        free_for(v, next, line[1], army.power))
        return line[1];
    for (std::size_t p = 0; p < v.provinces.size(); ++p) {
        const auto there = static_cast<ProvinceId>(p);
        if (v.army_can_move(here, there) && free_for(v, next, there, army.power)) return there;
    }
    return kNoProvince;
}

}  // namespace

void withdrawals(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    bool moved = false;
    // The provinces with a garrison, once (none is taken here): asking enemy_garrison, a scan of
    // every garrison, for each army was the square of the front.
    std::vector<std::uint8_t> garrisoned(v.provinces.size(), 0);
    for (const Garrison& g : state(next).garrisons)
        if (g.province < garrisoned.size()) garrisoned[g.province] = 1;
    for (Unit& army : next.units) {
        const ProvinceId here = army.location.province;
        if (army.type != UnitType::Army || here >= garrisoned.size() || !garrisoned[here]) continue;
        if (state(next).siege_of(here) != nullptr) continue;
        if (enemy_garrison(v, next, here, army.power) == nullptr) continue;
        const Unit* before = ctx.before.unit_at(here);
        if (before == nullptr || before->stats.id != army.stats.id) continue;  // arrived: 1 week
        const std::string name = unit_text(v, army);
        const ProvinceId to = fall_back(v, next, army);
        if (to == kNoProvince) {
            ctx.event("siege.withdraw", army.power, here,
                      name + " lays no siege to " + province_abbr(v, here) +
                          " and cannot remain (5k), but has nowhere to withdraw: it stays");
            continue;
        }
        ctx.event("siege.withdraw", army.power, here,
                  name + " lays no siege to " + province_abbr(v, here) +
                      " and cannot remain in the city (5k): it withdraws to " +
                      province_abbr(v, to));
        army.location = Location{to, Coast::None};
        forget_supply_line(army.stats);  // traced again from its new place next week
        moved = true;
    }
    if (moved) next.normalise();
}

}  // namespace adjutant::sieges::detail
