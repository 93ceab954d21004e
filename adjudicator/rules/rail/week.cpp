// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/week.h"

#include <algorithm>

#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

void armies_by_province(std::size_t provinces, const Position& position,
                        std::vector<PowerId>& out) {
    out.assign(provinces, kNoPower);
    for (const Unit& u : position.units)
        if (u.type == UnitType::Army && u.location.province < provinces)
            out[u.location.province] = u.power;
}

// Whether `a` and `b` are enemies (CampaignMap::enemies), from the week's table of every pair
// of powers (`a * powers + b`).
bool enemies(const CampaignMap& map, const std::vector<std::uint8_t>& hostile, std::size_t powers,
             PowerId a, PowerId b) {
    return a < powers && b < powers ? hostile[a * powers + b] != 0 : map.enemies(a, b);
}

// Per power, per province: whether an army of an enemy of the power stands there.
void enemy_armies(const Variant& v, const Position& position,
                  const std::vector<std::uint8_t>& hostile,
                  std::vector<std::vector<std::uint8_t>>& out) {
    const CampaignMap& map = *v.campaign;
    const std::size_t n = v.provinces.size();
    const std::size_t powers = v.powers.size();
    out.resize(powers);
    for (std::size_t w = 0; w < out.size(); ++w) {
        out[w].assign(n, 0);
        for (const Unit& u : position.units)
            if (u.type == UnitType::Army && u.location.province < n &&
                enemies(map, hostile, powers, u.power, static_cast<PowerId>(w)))
                out[w][u.location.province] = 1;
    }
}

}  // namespace

void RailWeek::start(const Variant& v, const Position& before, const Position& next) {
    variant = &v;
    position = &next;
    const CampaignMap& map = *v.campaign;
    const std::size_t n = v.provinces.size();
    // Whether two powers are enemies, asked once per pair a week rather than once per army or
    // province and power by the steps below.
    const std::size_t powers = v.powers.size();
    std::vector<std::uint8_t> hostile(powers * powers, 0);
    for (std::size_t a = 0; a < powers; ++a)
        for (std::size_t b = 0; b < powers; ++b)
            hostile[a * powers + b] =
                map.enemies(static_cast<PowerId>(a), static_cast<PowerId>(b)) ? 1 : 0;
    armies_by_province(v.provinces.size(), before, army_before);
    armies_by_province(v.provinces.size(), next, army_next);
    enemy_armies(v, before, hostile, enemy_before);
    enemy_armies(v, next, hostile, enemy_next);
    // Friendly ground for every province and power at once: the ground's holder, unless an
    // enemy garrison holds out there.
    const std::vector<PowerId>& control = state(next).control;
    const std::vector<Garrison>& garrisons = sieges::state(next).garrisons;
    friendly.resize(v.powers.size());
    for (auto& of_power : friendly) of_power.assign(n, 0);
    map_edges.resize(v.powers.size());
    for (auto& edges : map_edges) edges.clear();
    closed.resize(v.powers.size());
    for (auto& links : closed) links = state(next).demolished;
    if (!rail::parameters(map).gauges.empty())
        for (std::size_t w = 0; w < v.powers.size(); ++w) {
            for (std::size_t i = 0; i < map.rail_links.size(); ++i)
                if (!gauge_fits(v, next, static_cast<PowerId>(w), static_cast<std::uint16_t>(i)))
                    closed[w].push_back(static_cast<std::uint16_t>(i));
            std::sort(closed[w].begin(), closed[w].end());
            closed[w].erase(std::unique(closed[w].begin(), closed[w].end()), closed[w].end());
        }
    closed_link.resize(v.powers.size());
    for (std::size_t w = 0; w < v.powers.size(); ++w) {
        closed_link[w].assign(map.rail_links.size(), 0);
        for (const std::uint16_t i : closed[w])
            if (i < closed_link[w].size()) closed_link[w][i] = 1;
    }
    for (std::size_t w = 0; w < v.powers.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        for (std::size_t p = 0; p < n && p < control.size(); ++p)
            friendly[w][p] =
                control[p] != kNoPower && !enemies(map, hostile, powers, control[p], power) ? 1 : 0;
        for (const Garrison& g : garrisons)
            if (g.province < n && enemies(map, hostile, powers, g.power, power))
                friendly[w][g.province] = 0;
        // Only a province some power has a map edge at can be one of a side (side_map_edge).
        for (std::size_t p = 0; p < n; ++p) {
            const auto here = static_cast<ProvinceId>(p);
            if (!map.map_edge[p].empty() && side_map_edge(v, power, here))
                map_edges[w].push_back(here);
        }
    }
}

}  // namespace adjutant::rail
