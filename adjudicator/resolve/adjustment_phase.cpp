// SPDX-License-Identifier: Apache-2.0
// A Winter adjustment phase: builds, disbands, waives, and civil disorder (2023 rules,
// DATC 4.D.8 and 6.J): a power that disbands too few loses the units farthest from its
// nearest owned supply centre, counting moves over land and sea alike; fleets before armies
// at equal distance, then by province name in English.
#include <algorithm>
#include <limits>
#include <utility>

#include "resolve/phase_flow.h"
#include "resolve/phases.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// Distance in moves, for any unit over both adjacency graphs, from every province to the
// nearest centre `power` owns.
std::vector<int> distance_to_owned_centre(const Variant& variant, const Position& position,
                                          PowerId power) {
    const std::size_t n = variant.province_count();
    std::vector<int> distance(n, std::numeric_limits<int>::max());
    std::vector<ProvinceId> queue;
    for (std::size_t p = 0; p < n; ++p)
        if (position.owner[p] == power) {
            distance[p] = 0;
            queue.push_back(static_cast<ProvinceId>(p));
        }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const ProvinceId p = queue[head];
        auto visit = [&](ProvinceId q) {
            if (distance[q] != std::numeric_limits<int>::max()) return;
            distance[q] = distance[p] + 1;
            queue.push_back(q);
        };
        for (ProvinceId q : variant.army_adjacency[p]) visit(q);
        for (const FleetEdge& e : variant.fleet_adjacency[p]) visit(e.to.province);
    }
    return distance;
}

}  // namespace

void adjudicate_adjustments(const Variant& variant, const Position& position,
                            std::span<const Order> orders, Adjudication& out) {
    start_from_units(position, out);
    Position& next = out.next;
    next.index_units();  // builds ask whether their centre is empty

    for (std::size_t pw = 0; pw < variant.powers.size(); ++pw) {
        const auto power = static_cast<PowerId>(pw);
        int allowance = adjustment_allowance(variant, position, power);
        for (const Order& o : orders) {
            if (o.power != power) continue;
            OrderResult result;
            result.order = o;
            if (o.type == OrderType::Build) {
                const ProvinceId p = o.unit.province;
                const bool ok = allowance > 0 && variant.build_site(power, p) &&
                                position.owner[p] == power &&
                                std::as_const(next).unit_at(p) == nullptr &&
                                variant.can_stand(o.unit_type, o.unit);
                if (ok) {
                    next.add_unit(Unit{o.unit_type, power, o.unit, {}});
                    --allowance;
                }
                result.succeeded = ok;
                result.reason = ok ? Reason::None : Reason::Illegal;
            } else if (o.type == OrderType::Waive) {
                result.succeeded = allowance > 0;
                if (allowance > 0) --allowance;
                result.reason = result.succeeded ? Reason::None : Reason::Illegal;
            } else if (o.type == OrderType::Disband) {
                auto it = std::find_if(next.units.begin(), next.units.end(), [&](const Unit& u) {
                    return u.location.province == o.unit.province && u.power == power;
                });
                const bool ok = allowance < 0 && it != next.units.end();
                if (ok) {
                    result.order.unit = it->location;
                    result.order.unit_type = it->type;
                    next.remove_unit(static_cast<std::size_t>(it - next.units.begin()));
                    ++allowance;
                }
                result.succeeded = ok;
                result.reason = ok ? Reason::None : Reason::Illegal;
            } else {
                continue;
            }
            out.results.push_back(result);
        }
        if (allowance >= 0) continue;
        // Civil disorder for the disbands not ordered.
        const std::vector<int> distance = distance_to_owned_centre(variant, position, power);
        std::vector<Unit> candidates;
        for (const Unit& u : next.units)
            if (u.power == power) candidates.push_back(u);
        std::sort(candidates.begin(), candidates.end(), [&](const Unit& a, const Unit& b) {
            const int da = distance[a.location.province];
            const int db = distance[b.location.province];
            if (da != db) return da > db;
            if (a.type != b.type) return a.type == UnitType::Fleet;
            return variant.provinces[a.location.province].name <
                   variant.provinces[b.location.province].name;
        });
        for (std::size_t k = 0; k < candidates.size() && allowance < 0; ++k, ++allowance) {
            const Unit& u = candidates[k];
            const auto it = std::find(next.units.begin(), next.units.end(), u);
            next.remove_unit(static_cast<std::size_t>(it - next.units.begin()));
            OrderResult result;
            result.order.type = OrderType::Disband;
            result.order.power = power;
            result.order.unit_type = u.type;
            result.order.unit = u.location;
            result.succeeded = true;
            result.defaulted = true;
            out.results.push_back(result);
        }
    }
    advance_phase(variant, position.phase, next);
}

}  // namespace adjutant
