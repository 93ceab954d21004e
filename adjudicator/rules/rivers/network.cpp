// SPDX-License-Identifier: Apache-2.0
// What stops the barges, and whose barges a city has (rules/rivers/river_route.h).
#include <algorithm>

#include "position/position.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/river_route.h"
#include "rules/rivers/state.h"
#include "rules/sieges/state.h"

namespace adjutant::rivers {

// "This supply line can be cut by an enemy army holding a bridge hexside unless a friendly army
// also holds the bridge hexside" (4a). A province holds one army, so the friend who holds the
// bridge beside the enemy is the garrison of the province's fortress, whose guns command it.
bool river_open(const Variant& variant, const Position& position, std::size_t river,
                ProvinceId province, PowerId power) {
    const CampaignMap& map = *variant.campaign;
    const RiversRules& rules = parameters(map);
    const int i = rules.course_index(river, province);
    if (i < 0) return false;
    if (rules.rivers[river].bridge[static_cast<std::size_t>(i)] == 0) return true;
    const Unit* there = position.unit_at(province);
    if (there == nullptr || there->type != UnitType::Army || !map.enemies(there->power, power))
        return true;
    const auto& garrisons = sieges::state(position).garrisons;
    return std::any_of(garrisons.begin(), garrisons.end(), [&](const Garrison& g) {
        return g.province == province && map.friendly(g.power, power);
    });
}

bool friendly_flotilla(const Variant& variant, const Position& position, ProvinceId city,
                       PowerId power) {
    const auto& flotillas = state(position).flotillas;
    return std::any_of(flotillas.begin(), flotillas.end(), [&](const Flotilla& f) {
        return f.city == city && variant.campaign->friendly(f.power, power);
    });
}

bool told_of_line(const Variant& variant, const UnitStats& stats, std::size_t index) {
    const UnitAttributes& leg = attributes(stats);
    if (leg.supply_river < 0 || index <= static_cast<std::size_t>(leg.supply_river_from))
        return true;
    const RiversRules& rules = rivers::parameters(variant);
    const auto r = static_cast<std::size_t>(leg.supply_river);
    if (r >= rules.rivers.size() || index >= stats.supply_line.size()) return true;
    const int at = rules.course_index(r, stats.supply_line[index]);
    return at >= 0 && rules.rivers[r].bridge[static_cast<std::size_t>(at)] != 0;
}

}  // namespace adjutant::rivers
