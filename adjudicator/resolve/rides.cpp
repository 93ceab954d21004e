// SPDX-License-Identifier: Apache-2.0
// The rides of rule modules before the resolution (module/rule_module.h's RideRules): each
// kind of ride plans all of its phase's rides at once, as they may share what they spend (the
// campaign's rides share their power's capacity). The resolver then walks each ride's
// path as it walks a named line's (rail_move.cpp).
#include <algorithm>
#include <utility>
#include <vector>

#include "resolve/movement.h"

namespace adjutant {

const RideRules* MovementResolver::ride_rules(int i) const {
    const Order& o = units_[i].order;
    return o.type == OrderType::RailMove && o.kind != nullptr ? o.kind->ride : nullptr;
}

void MovementResolver::plan_rides(const Position& position) {
    // Without a rail move there is no ride to plan, and no unit's plan is read.
    if (!any_rail_) return;
    const std::size_t n = units_.size();
    ride_plans_.resize(n);
    for (RidePlan& plan : ride_plans_) {
        plan.path.clear();
        plan.held = {};
    }
    // One call per kind of ride, its rides in the order of the units; kinds in the order their
    // first ride comes.
    std::vector<const ModuleOrderKind*> planned;
    std::vector<RideRequest> requests;
    std::vector<RidePlan> plans;
    std::vector<std::size_t> riders;
    for (std::size_t first = 0; first < n; ++first) {
        const ModuleOrderKind* kind = units_[first].order.kind;
        if (ride_rules(static_cast<int>(first)) == nullptr ||
            std::find(planned.begin(), planned.end(), kind) != planned.end())
            continue;
        planned.push_back(kind);
        requests.clear();
        riders.clear();
        for (std::size_t i = first; i < n; ++i) {
            if (ride_rules(static_cast<int>(i)) == nullptr || units_[i].order.kind != kind)
                continue;
            requests.push_back(RideRequest{&units_[i].order, &position.units[i]});
            riders.push_back(i);
        }
        plans.assign(requests.size(), RidePlan{});
        kind->ride->plan(*variant_, position, requests, plans);
        for (std::size_t k = 0; k < riders.size(); ++k) {
            const std::size_t i = riders[k];
            ride_plans_[i] = std::move(plans[k]);
            units_[i].held = ride_plans_[i].held;
            if (!units_[i].held.empty()) {
                // The ride cannot start: the unit holds, and its order has failed.
                ride_plans_[i].path.clear();
                set_decision(static_cast<int>(i), false);
            }
        }
    }
}

}  // namespace adjutant
