// SPDX-License-Identifier: Apache-2.0
// Breadth-first search over roads and river reaches (see river_route.h, route). A state is a
// province and how it was reached: by road (mode 0) or along river r (mode r + 1). Taking to a
// river, and for trains leaving it, costs no step: the state's companions are found with it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "rules/rivers/state.h"
#include "variant/variant.h"

namespace adjutant::rivers {

template <typename Base>
std::vector<std::uint8_t> rivers_in_use(const Variant& variant, const Position& position,
                                        PowerId power, Base base) {
    const CampaignMap& map = *variant.campaign;
    std::vector<std::uint8_t> in_use(map.rivers.rivers.size(), 0);
    for (const Flotilla& f : state(position).flotillas) {
        if (!map.friendly(f.power, power) || !base(f.city)) continue;
        for (std::uint8_t r : map.rivers.rivers_at[f.city]) in_use[r] = 1;
    }
    return in_use;
}

template <typename Goal, typename Blocked, typename Base>
Route route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
            RiverUse use, Goal goal, Blocked blocked, Base base) {
    const CampaignMap& map = *variant.campaign;
    const RiversRules& rules = map.rivers;
    const std::vector<std::uint8_t> in_use = map.rivers_rules
                                                 ? rivers_in_use(variant, position, power, base)
                                                 : std::vector<std::uint8_t>{};
    const bool rivers = std::find(in_use.begin(), in_use.end(), 1) != in_use.end();
    const std::size_t modes = rivers ? 1 + rules.rivers.size() : 1;
    const std::size_t n = variant.provinces.size();
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    const auto province_of = [&](std::uint32_t s) { return static_cast<ProvinceId>(s / modes); };
    const auto mode_of = [&](std::uint32_t s) { return s % modes; };
    const auto state_of = [&](ProvinceId p, std::size_t m) {
        return static_cast<std::uint32_t>(p * modes + m);
    };
    std::vector<std::uint32_t> parent(n * modes, kNone);
    std::vector<std::uint8_t> seen(n * modes, 0);
    std::vector<std::uint32_t> frontier;
    std::vector<std::uint32_t> companions;

    // Marks `s` found from `by` and puts it on `level`, with the states of its province it
    // leads to at no cost: a river through it the side's barges use, and for trains the road.
    const auto discover = [&](std::uint32_t s, std::uint32_t by,
                              std::vector<std::uint32_t>& level) {
        seen[s] = 1;
        parent[s] = by;
        level.push_back(s);
        if (!rivers) return;
        companions.assign(1, s);
        while (!companions.empty()) {
            const std::uint32_t c = companions.back();
            companions.pop_back();
            const ProvinceId p = province_of(c);
            const auto reach = [&](std::uint32_t t) {
                if (seen[t]) return;
                seen[t] = 1;
                parent[t] = c;
                level.push_back(t);
                companions.push_back(t);
            };
            if (mode_of(c) == 0) {
                for (std::uint8_t r : rules.rivers_at[p])
                    if (in_use[r]) reach(state_of(p, r + 1u));
            } else if (use == RiverUse::Anywhere) {
                reach(state_of(p, 0));
            }
        }
    };
    const auto abbr_then_mode = [&](std::uint32_t a, std::uint32_t b) {
        const std::string& x = variant.provinces[province_of(a)].abbr;
        const std::string& y = variant.provinces[province_of(b)].abbr;
        return x != y ? x < y : mode_of(a) < mode_of(b);
    };
    const auto is_goal = [&](std::uint32_t s) {
        const ProvinceId p = province_of(s);
        if (!goal(p)) return false;
        return mode_of(s) == 0 || use == RiverUse::Anywhere ||
               friendly_flotilla(variant, position, p, power);
    };

    discover(state_of(from, 0), kNone, frontier);
    // Level by level, each level sorted, so the first goal found is the shortest route and
    // ties go the documented way.
    while (!frontier.empty()) {
        std::sort(frontier.begin(), frontier.end(), abbr_then_mode);
        for (std::uint32_t s : frontier) {
            if (!is_goal(s)) continue;
            std::vector<std::uint32_t> states;
            for (std::uint32_t at = s; at != kNone; at = parent[at]) states.push_back(at);
            std::reverse(states.begin(), states.end());
            Route found;
            for (std::uint32_t t : states) {
                const ProvinceId p = province_of(t);
                if (found.provinces.empty() || found.provinces.back() != p)
                    found.provinces.push_back(p);
                if (found.river < 0 && mode_of(t) != 0 && use == RiverUse::LastLegToFlotilla) {
                    found.river = static_cast<int>(mode_of(t) - 1);
                    found.river_from = static_cast<int>(found.provinces.size() - 1);
                }
            }
            return found;
        }
        std::vector<std::uint32_t> next;
        for (std::uint32_t s : frontier) {
            const ProvinceId p = province_of(s);
            if (mode_of(s) == 0) {
                std::vector<ProvinceId> roads = map.roads[p];
                std::sort(roads.begin(), roads.end(), [&](ProvinceId a, ProvinceId b) {
                    return variant.provinces[a].abbr < variant.provinces[b].abbr;
                });
                for (ProvinceId q : roads) {
                    const std::uint32_t t = state_of(q, 0);
                    if (seen[t] || blocked(q)) continue;
                    discover(t, s, next);
                }
                continue;
            }
            const std::size_t r = mode_of(s) - 1;
            const std::vector<ProvinceId>& course = rules.rivers[r].course;
            const int i = rules.course_index(r, p);
            ProvinceId reaches[2] = {kNoProvince, kNoProvince};
            if (i > 0) reaches[0] = course[static_cast<std::size_t>(i - 1)];
            if (i + 1 < static_cast<int>(course.size()))
                reaches[1] = course[static_cast<std::size_t>(i + 1)];
            if (reaches[0] != kNoProvince && reaches[1] != kNoProvince &&
                variant.provinces[reaches[1]].abbr < variant.provinces[reaches[0]].abbr)
                std::swap(reaches[0], reaches[1]);
            for (ProvinceId q : reaches) {
                if (q == kNoProvince) continue;
                const std::uint32_t t = state_of(q, r + 1);
                if (seen[t] || !river_open(variant, position, r, q, power)) continue;
                discover(t, s, next);
            }
        }
        frontier = std::move(next);
    }
    return {};
}

}  // namespace adjutant::rivers
