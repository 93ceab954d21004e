// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/route.h"

#include <algorithm>
#include <deque>

#include "position/position.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "rules/rail/state.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

constexpr int kUnreached = -1;

struct Search {
    bool double_only = false;
    bool avoid_interdicted = false;
};

class RouteFinder {
  public:
    RouteFinder(const Variant& v, const Position& pos, PowerId power, RailRouteRelax relax)
        : v_(v),
          map_(*v.campaign),
          pos_(pos),
          power_(power),
          relax_(relax),
          links_(map_.rail_links_at) {}

    std::optional<std::vector<ProvinceId>> find(ProvinceId from, ProvinceId to, Search search) {
        // Distances to `to`, so that walking forward from `from` can always take the lowest
        // province id that stays on a shortest route.
        std::vector<int> dist(v_.province_count(), kUnreached);
        if (!enterable(to, search)) return std::nullopt;
        dist[to] = 0;
        std::deque<ProvinceId> queue{to};
        while (!queue.empty() && dist[from] == kUnreached) {
            const ProvinceId at = queue.front();
            queue.pop_front();
            for (std::uint16_t k : links_[at]) {
                const ProvinceId next = other(k, at);
                if (dist[next] != kUnreached || !usable(k, search)) continue;
                if (next != from && !enterable(next, search)) continue;
                dist[next] = dist[at] + 1;
                queue.push_back(next);
            }
        }
        if (dist[from] == kUnreached) return std::nullopt;
        std::vector<ProvinceId> path;
        ProvinceId at = from;
        while (at != to) {
            ProvinceId best = kNoProvince;
            for (std::uint16_t k : links_[at]) {
                const ProvinceId next = other(k, at);
                if (next == from || dist[next] != dist[at] - 1 || !usable(k, search)) continue;
                if (best == kNoProvince || next < best) best = next;
            }
            path.push_back(best);
            at = best;
        }
        return path;
    }

    RailRoute describe(ProvinceId from, std::vector<ProvinceId> path) const {
        RailRoute route;
        route.all_double = true;
        ProvinceId at = from;
        for (ProvinceId p : path) {
            const auto k = map_.rail_link(at, p);
            if (!k || map_.rail_links[*k].track != Track::Double) route.all_double = false;
            if (interdicted(p)) route.interdicted = true;
            at = p;
        }
        route.path = std::move(path);
        return route;
    }

  private:
    ProvinceId other(std::uint16_t k, ProvinceId p) const {
        const RailLink& link = map_.rail_links[k];
        return link.a == p ? link.b : link.a;
    }

    bool interdicted(ProvinceId p) const {
        return std::binary_search(rail::state(pos_).interdicted.begin(),
                                  rail::state(pos_).interdicted.end(), p);
    }

    bool operational(ProvinceId p) const {
        return rail::state(pos_).of(power_, p) >=
               rail::RailState::Capacity1;  // 18.1.1: controlled is not
    }

    bool enterable(ProvinceId p, Search search) const {
        if (search.avoid_interdicted && interdicted(p)) return false;
        return relax_.pass_enemies || !enemy_presence(v_, pos_, power_, p);
    }

    bool usable(std::uint16_t k, Search search) const {
        const RailLink& link = map_.rail_links[k];
        if (!operational(link.a) || !operational(link.b)) return false;
        if (!relax_.pass_demolished && std::binary_search(rail::state(pos_).demolished.begin(),
                                                          rail::state(pos_).demolished.end(), k))
            return false;
        if (!relax_.any_gauge && !gauge_fits(v_, pos_, power_, k)) return false;
        if (link.track == Track::Double) return true;
        if (search.double_only) return false;
        if (relax_.any_track) return true;
        // 18.1: armies ride double track only, but for the exception's side on its links.
        const RailNetworkRules& rules = parameters(map_);
        const auto& exception = rules.single_track_exception;
        return link.track == Track::Single && power_ < map_.side.size() &&
               !map_.side[power_].empty() && map_.side[power_] == rules.single_track_side &&
               std::binary_search(exception.begin(), exception.end(), k);
    }

    const Variant& v_;
    const CampaignMap& map_;
    const Position& pos_;
    PowerId power_;
    RailRouteRelax relax_;
    const std::vector<std::vector<std::uint16_t>>& links_;  // per province: rail_links indices
};

// Fewer provinces first, then the lower ids in order along the way.
bool better(const std::vector<ProvinceId>& a, const std::vector<ProvinceId>& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
}

}  // namespace

std::optional<RailRoute> network_rail_route(const Variant& variant, const Position& position,
                                            PowerId power, ProvinceId from, ProvinceId to,
                                            RailRouteRelax relax) {
    if (!variant.campaign || from == to || from >= variant.province_count() ||
        to >= variant.province_count())
        return std::nullopt;
    RouteFinder finder(variant, position, power, relax);
    // Cost classes, cheapest first: all double and clean (x1/2); all double into interdiction
    // or mixed track and clean (x1); mixed track into interdiction (x2). A search that allows
    // more finds only routes of its own class once the cheaper searches have found nothing.
    if (auto path = finder.find(from, to, Search{true, true}))
        return finder.describe(from, std::move(*path));
    auto doubled = finder.find(from, to, Search{true, false});
    auto mixed = finder.find(from, to, Search{false, true});
    if (doubled && (!mixed || better(*doubled, *mixed)))
        return finder.describe(from, std::move(*doubled));
    if (mixed) return finder.describe(from, std::move(*mixed));
    if (auto path = finder.find(from, to, Search{false, false}))
        return finder.describe(from, std::move(*path));
    return std::nullopt;
}

std::int64_t network_rail_cost(const Unit& unit, const RailRoute& route) {
    // One supply point carries one strength point; halved because 1914 armies are marching
    // units (OCS rail movement's movement mode with 1-6 movement points), halved again on an all
    // double route, doubled when entering an interdicted province. Rounded up.
    const std::int64_t points = std::max<std::int64_t>(unit.stats.points, 0);
    const std::int64_t num = points * (route.interdicted ? 2 : 1);
    const std::int64_t den = route.all_double ? 4 : 2;
    return (num + den - 1) / den;
}

std::int64_t network_rail_capacity(const Variant& variant, PowerId power) {
    if (!variant.campaign) return 0;
    const auto& capacity = rail::parameters(variant).rail_capacity;
    return power < capacity.size() ? std::max<std::int64_t>(capacity[power], 0) : 0;
}

bool enemy_presence(const Variant& variant, const Position& position, PowerId power,
                    ProvinceId province) {
    if (!variant.campaign) return false;
    const CampaignMap& map = *variant.campaign;
    const Unit* unit = position.unit_at(province);
    if (unit != nullptr && map.enemies(power, unit->power)) return true;
    for (const Garrison& g : sieges::state(position).garrisons)
        if (g.province == province && map.enemies(power, g.power)) return true;
    return false;
}

bool enemy_controlled(const Variant& variant, const Position& position, PowerId power,
                      ProvinceId province) {
    if (!variant.campaign) return false;
    for (const Garrison& g : sieges::state(position).garrisons)
        if (g.province == province && variant.campaign->enemies(power, g.power)) return true;
    return province < position.owner.size() &&
           variant.campaign->enemies(power, position.owner[province]);
}

}  // namespace adjutant::rail
