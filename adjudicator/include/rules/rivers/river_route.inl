// SPDX-License-Identifier: Apache-2.0
// Breadth-first search over roads and river reaches (see river_route.h, route). A state is a
// province and how it was reached: by road (mode 0) or along river r (mode r + 1). Taking to a
// river, and for trains leaving it, costs no step: the state's companions are found with it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rules/rivers/parameters.h"
#include "rules/rivers/state.h"
#include "variant/variant.h"

namespace adjutant::rivers {

template <typename Base>
void rivers_in_use(const Variant& variant, const Position& position, PowerId power, Base base,
                   std::vector<std::uint8_t>& in_use) {
    const CampaignMap& map = *variant.campaign;
    const RiversRules& rules = parameters(map);
    in_use.assign(rules.rivers.size(), 0);
    for (const Flotilla& f : state(position).flotillas) {
        if (!map.friendly(f.power, power) || !base(f.city)) continue;
        for (std::uint8_t r : rules.rivers_at[f.city]) in_use[r] = 1;
    }
}

template <typename Base>
std::vector<std::uint8_t> rivers_in_use(const Variant& variant, const Position& position,
                                        PowerId power, Base base) {
    std::vector<std::uint8_t> in_use;
    rivers_in_use(variant, position, power, base, in_use);
    return in_use;
}

namespace detail {

// The search's state: a state is `province * modes + mode`, mode 0 by road and r + 1 along
// river r; each level of the breadth-first search is sorted before it is read.
template <typename Goal, typename Blocked>
class RiverSearch {
  public:
    // The rivers in use are worked out into the search's space (rivers_in_use), so a search
    // allocates nothing once one of the same map has run in `space`.
    template <typename Base>
    RiverSearch(const Variant& variant, const Position& position, PowerId power, RiverUse use,
                Base& base, Goal& goal, Blocked& blocked, SearchSpace& space)
        : v_(variant),
          pos_(position),
          power_(power),
          use_(use),
          goal_(goal),
          blocked_(blocked),
          space_(space),
          in_use_(space.in_use),
          parent_(space.parent),
          seen_(space.seen) {
        if (v_.campaign->modules.enabled("rivers"))
            rivers_in_use(v_, pos_, power_, base, in_use_);
        else
            in_use_.clear();
        rivers_ = std::find(in_use_.begin(), in_use_.end(), 1) != in_use_.end();
        modes_ = rivers_ ? 1 + rivers::parameters(v_).rivers.size() : 1;
        const std::size_t states = v_.provinces.size() * modes_;
        if (seen_.size() < states) {
            seen_.resize(states, 0);
            parent_.resize(states, kNone);
        }
        if (++space_.search == 0) {
            std::fill(seen_.begin(), seen_.end(), 0u);
            space_.search = 1;
        }
        search_ = space_.search;
    }

    // Into `found`, whose room is kept (a supply line is traced into the army's own).
    void run(ProvinceId from, Route& found) {
        found.provinces.clear();
        found.river = -1;
        found.river_from = 0;
        std::vector<std::uint32_t>& frontier = space_.frontier;
        std::vector<std::uint32_t>& next = space_.next;
        frontier.clear();
        discover(state_of(from, 0), kNone, frontier);
        // Level by level, each level sorted, so the first goal found is the shortest route and
        // ties go the documented way.
        while (!frontier.empty()) {
            std::sort(frontier.begin(), frontier.end(),
                      [&](std::uint32_t a, std::uint32_t b) { return before(a, b); });
            for (std::uint32_t s : frontier)
                if (is_goal(s)) return path_to(s, found);
            next.clear();
            for (std::uint32_t s : frontier) expand(s, next);
            frontier.swap(next);
        }
    }

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    ProvinceId province_of(std::uint32_t s) const { return static_cast<ProvinceId>(s / modes_); }
    std::size_t mode_of(std::uint32_t s) const { return s % modes_; }
    std::uint32_t state_of(ProvinceId p, std::size_t m) const {
        return static_cast<std::uint32_t>(p * modes_ + m);
    }
    // By abbreviation (the map's rank of it, CampaignMap::index_roads), then mode.
    bool before(std::uint32_t a, std::uint32_t b) const {
        const std::uint32_t x = v_.campaign->abbr_rank[province_of(a)];
        const std::uint32_t y = v_.campaign->abbr_rank[province_of(b)];
        return x != y ? x < y : mode_of(a) < mode_of(b);
    }
    bool is_goal(std::uint32_t s) const {
        const ProvinceId p = province_of(s);
        if (!goal_(p)) return false;
        return mode_of(s) == 0 || use_ == RiverUse::Anywhere ||
               friendly_flotilla(v_, pos_, p, power_);
    }

    // Marks `s` found from `by` and puts it on `level`, with the states of its province it
    // leads to at no cost: a river through it the side's barges use, and for trains the road.
    void discover(std::uint32_t s, std::uint32_t by, std::vector<std::uint32_t>& level) {
        seen_[s] = search_;
        parent_[s] = by;
        level.push_back(s);
        if (!rivers_) return;
        std::vector<std::uint32_t>& companions = space_.companions;
        companions.assign(1, s);
        while (!companions.empty()) {
            const std::uint32_t c = companions.back();
            companions.pop_back();
            const auto reach = [&](std::uint32_t t) {
                if (seen_[t] == search_) return;
                seen_[t] = search_;
                parent_[t] = c;
                level.push_back(t);
                companions.push_back(t);
            };
            const ProvinceId p = province_of(c);
            if (mode_of(c) == 0) {
                for (std::uint8_t r : rivers::parameters(v_).rivers_at[p])
                    if (in_use_[r]) reach(state_of(p, r + 1u));
            } else if (use_ == RiverUse::Anywhere) {
                reach(state_of(p, 0));
            }
        }
    }

    // The next level's states from `s`: its roads by abbreviation, or its river's two reaches.
    void expand(std::uint32_t s, std::vector<std::uint32_t>& next) {
        const ProvinceId p = province_of(s);
        const auto by_abbr = [&](ProvinceId a, ProvinceId b) {
            return v_.campaign->abbr_rank[a] < v_.campaign->abbr_rank[b];
        };
        if (mode_of(s) == 0) {
            for (ProvinceId q : v_.campaign->roads_by_abbr[p])
                if (seen_[state_of(q, 0)] != search_ && !blocked_(q))
                    discover(state_of(q, 0), s, next);
            return;
        }
        const std::size_t r = mode_of(s) - 1;
        const std::vector<ProvinceId>& course = rivers::parameters(v_).rivers[r].course;
        const auto i = static_cast<std::size_t>(rivers::parameters(v_).course_index(r, p));
        std::array<ProvinceId, 2> reaches{};
        std::size_t count = 0;
        if (i > 0) reaches[count++] = course[i - 1];
        if (i + 1 < course.size()) reaches[count++] = course[i + 1];
        if (count == 2 && by_abbr(reaches[1], reaches[0])) std::swap(reaches[0], reaches[1]);
        for (std::size_t k = 0; k < count; ++k)
            if (const ProvinceId q = reaches[k];
                seen_[state_of(q, r + 1)] != search_ && river_open(v_, pos_, r, q, power_))
                discover(state_of(q, r + 1), s, next);
    }

    // The provinces from the start to `s`, a province once where the route changes mode there,
    // and where a supply line takes to its river.
    void path_to(std::uint32_t s, Route& found) const {
        std::vector<std::uint32_t>& states = space_.states;
        states.clear();
        for (std::uint32_t at = s; at != kNone; at = parent_[at]) states.push_back(at);
        std::reverse(states.begin(), states.end());
        // Room for every state's province at once (a province changing mode counts twice):
        // every army's supply line is one of these each week, and growing by doubling took
        // two or three allocations for a line of a few roads.
        found.provinces.reserve(states.size());
        for (std::uint32_t t : states) {
            const ProvinceId p = province_of(t);
            if (found.provinces.empty() || found.provinces.back() != p)
                found.provinces.push_back(p);
            if (found.river < 0 && mode_of(t) != 0 && use_ == RiverUse::LastLegToFlotilla) {
                found.river = static_cast<int>(mode_of(t) - 1);
                found.river_from = static_cast<int>(found.provinces.size() - 1);
            }
        }
    }

    const Variant& v_;
    const Position& pos_;
    PowerId power_;
    RiverUse use_;
    Goal& goal_;
    Blocked& blocked_;
    bool rivers_ = false;
    std::size_t modes_ = 1;
    SearchSpace& space_;
    std::vector<std::uint8_t>& in_use_;
    std::vector<std::uint32_t>& parent_;
    std::vector<std::uint32_t>& seen_;
    std::uint32_t search_ = 0;
};

}  // namespace detail

template <typename Goal, typename Blocked, typename Base>
void route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
           RiverUse use, Goal goal, Blocked blocked, Base base, Route& found, SearchSpace& space) {
    detail::RiverSearch<Goal, Blocked>(variant, position, power, use, base, goal, blocked, space)
        .run(from, found);
}

template <typename Goal, typename Blocked, typename Base>
void route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
           RiverUse use, Goal goal, Blocked blocked, Base base, Route& found) {
    SearchSpace space;
    route(variant, position, power, from, use, goal, blocked, base, found, space);
}

template <typename Goal, typename Blocked, typename Base>
Route route(const Variant& variant, const Position& position, PowerId power, ProvinceId from,
            RiverUse use, Goal goal, Blocked blocked, Base base) {
    Route found;
    route(variant, position, power, from, use, goal, blocked, base, found);
    return found;
}

}  // namespace adjutant::rivers
