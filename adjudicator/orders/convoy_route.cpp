// SPDX-License-Identifier: Apache-2.0
#include "orders/convoy_route.h"

#include <algorithm>
#include <deque>
#include <vector>

#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

bool is_carrier(const Variant& v, const Position& pos, ProvinceId p) {
    if (p >= v.provinces.size() || v.provinces[p].terrain != Terrain::Sea) return false;
    const Unit* u = pos.unit_at(p);
    return u && u->type == UnitType::Fleet;
}

bool touches(const Variant& v, ProvinceId sea, ProvinceId land) {
    if (sea >= v.fleet_adjacency.size()) return false;
    for (const FleetEdge& e : v.fleet_adjacency[sea])
        if (e.to.province == land) return true;
    return false;
}

bool seas_touch(const Variant& v, ProvinceId a, ProvinceId b) {
    return touches(v, a, b);
}

// Depth-first search over minimal routes: a route is minimal when no fleet on it could be
// skipped, i.e. only consecutive seas touch, only the first touches the start and only the
// last touches the end. A fleet is needed for a convoy exactly when it lies on a minimal
// route. The search is capped; if the cap is hit the fleet is given the benefit of the doubt.
class MinimalRoutes {
  public:
    MinimalRoutes(const Variant& v, const Position& pos, ProvinceId from, ProvinceId to,
                  ProvinceId fleet)
        : v_(v), pos_(pos), from_(from), to_(to), fleet_(fleet) {}

    bool through_fleet() {
        for (const FleetEdge& e : v_.fleet_adjacency[from_])
            if (is_carrier(v_, pos_, e.to.province) && extend(e.to.province)) return true;
        return budget_ == 0;
    }

  private:
    bool extend(ProvinceId sea) {
        if (budget_ == 0) return false;
        --budget_;
        for (std::size_t i = 0; i + 1 < path_.size(); ++i)
            if (path_[i] == sea || seas_touch(v_, path_[i], sea)) return false;
        if (!path_.empty() && (path_.back() == sea || touches(v_, sea, from_))) return false;
        path_.push_back(sea);
        bool found = false;
        if (touches(v_, sea, to_)) {
            found = std::find(path_.begin(), path_.end(), fleet_) != path_.end();
        } else {
            for (const FleetEdge& e : v_.fleet_adjacency[sea])
                if (is_carrier(v_, pos_, e.to.province) && extend(e.to.province)) {
                    found = true;
                    break;
                }
        }
        path_.pop_back();
        return found;
    }

    const Variant& v_;
    const Position& pos_;
    ProvinceId from_, to_, fleet_;
    std::vector<ProvinceId> path_;
    int budget_ = 100000;
};

}  // namespace

bool is_coastal(const Variant& v, ProvinceId p) {
    return p < v.provinces.size() && v.provinces[p].terrain == Terrain::Coast;
}

bool convoy_route_exists(const Variant& v, const Position& pos, ProvinceId from, ProvinceId to,
                         ProvinceId excluded) {
    if (!is_coastal(v, from) || !is_coastal(v, to) || from == to) return false;
    std::vector<bool> seen(v.provinces.size(), false);
    std::deque<ProvinceId> queue;
    for (const FleetEdge& e : v.fleet_adjacency[from]) {
        const ProvinceId s = e.to.province;
        if (s != excluded && is_carrier(v, pos, s) && !seen[s]) {
            seen[s] = true;
            queue.push_back(s);
        }
    }
    while (!queue.empty()) {
        const ProvinceId s = queue.front();
        queue.pop_front();
        if (touches(v, s, to)) return true;
        for (const FleetEdge& e : v.fleet_adjacency[s]) {
            const ProvinceId n = e.to.province;
            if (n != excluded && !seen[n] && is_carrier(v, pos, n)) {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    return false;
}

bool fleet_on_convoy_route(const Variant& v, const Position& pos, ProvinceId from, ProvinceId to,
                           ProvinceId fleet) {
    if (!is_coastal(v, from) || !is_coastal(v, to) || from == to || !is_carrier(v, pos, fleet))
        return false;
    if (!convoy_route_exists(v, pos, from, to)) return false;
    return MinimalRoutes(v, pos, from, to, fleet).through_fleet();
}

}  // namespace adjutant
