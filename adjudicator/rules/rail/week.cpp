// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/week.h"

#include <algorithm>

#include "rules/rail/rail.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

std::vector<PowerId> armies_by_province(std::size_t provinces, const Position& position) {
    std::vector<PowerId> out(provinces, kNoPower);
    for (const Unit& u : position.units)
        if (u.type == UnitType::Army && u.location.province < provinces)
            out[u.location.province] = u.power;
    return out;
}

}  // namespace

RailWeek::RailWeek(const Variant& v, const Position& before, const Position& next)
    : variant(v),
      position(next),
      army_before(armies_by_province(v.provinces.size(), before)),
      army_next(armies_by_province(v.provinces.size(), next)) {
    const CampaignMap& map = *v.campaign;
    const std::size_t n = v.provinces.size();
    // Friendly ground for every province and power at once: the ground's holder, unless an
    // enemy garrison holds out there.
    const std::vector<PowerId>& control = state(next).control;
    const std::vector<Garrison>& garrisons = sieges::state(next).garrisons;
    friendly.assign(v.powers.size(), std::vector<std::uint8_t>(n, 0));
    map_edges.resize(v.powers.size());
    closed.assign(v.powers.size(), state(next).demolished);
    if (!map.rail.gauges.empty())
        for (std::size_t w = 0; w < v.powers.size(); ++w) {
            for (std::size_t i = 0; i < map.rail_links.size(); ++i)
                if (!gauge_fits(v, next, static_cast<PowerId>(w), static_cast<std::uint16_t>(i)))
                    closed[w].push_back(static_cast<std::uint16_t>(i));
            std::sort(closed[w].begin(), closed[w].end());
            closed[w].erase(std::unique(closed[w].begin(), closed[w].end()), closed[w].end());
        }
    for (std::size_t w = 0; w < v.powers.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        for (std::size_t p = 0; p < n && p < control.size(); ++p)
            friendly[w][p] = control[p] != kNoPower && !map.enemies(control[p], power) ? 1 : 0;
        for (const Garrison& g : garrisons)
            if (g.province < n && map.enemies(g.power, power)) friendly[w][g.province] = 0;
        for (std::size_t p = 0; p < n; ++p) {
            const auto here = static_cast<ProvinceId>(p);
            if (side_map_edge(v, power, here)) map_edges[w].push_back(here);
        }
    }
}

}  // namespace adjutant::rail
