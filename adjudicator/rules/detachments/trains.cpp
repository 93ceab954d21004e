// SPDX-License-Identifier: Apache-2.0
// 4f "If an enemy supply train or equipment has been contacted they will be automatically be
// captured or destroyed": a detachment that enters a province where enemy supply trains stand
// with no army or garrison of theirs (4a "Supply trains caught alone are captured or destroyed
// at the captor's option") takes them all, at its power's standing choice (CAPTURE TRAINS or
// DESTROY TRAINS, the supply module's train policy; capture unless told otherwise).
//
// A detachment carries no supply, so a train it captures becomes its power's and heads for the
// nearest city it may place trains in by road, as a train turned back does (supply's trains.cpp
// takes it on from next week). One with no road to such a city is destroyed. There is no
// equipment moving alone on this map: siege guns and engineers travel with their armies.
#include <algorithm>

#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

bool destroys(const Position& pos, PowerId power) {
    const auto& policy = supply::state(pos).destroy_trains;
    return power < policy.size() && policy[power] != 0;
}

// The nearest city (or map edge) `power` may send trains from, by road from `from` and round
// enemy armies; kNoProvince when none is reachable.
ProvinceId home_for(const Variant& v, const Position& pos, PowerId power, ProvinceId from) {
    const auto route = supply::road_route(
        v, from, [&](ProvinceId p) { return supply::train_source(v, pos, p, power); },
        [&](ProvinceId p) { return supply::enemy_army_in(v, pos, p, power); });
    return route.empty() ? kNoProvince : route.back();
}

}  // namespace

void trains_contacted(Week& week, const Piece& detachment, ProvinceId where) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    if (!v.campaign->modules.enabled("supply")) return;
    const PowerId by = detachment.at.power;
    auto& trains = supply::state(next).trains;
    for (std::size_t i = 0; i < trains.size();) {
        SupplyTrain& t = trains[i];
        if (t.at != where || !v.campaign->enemies(t.power, by)) {
            ++i;
            continue;
        }
        const std::string whose = "a " + v.powers[t.power].adjective + " supply train";
        const ProvinceId home = destroys(next, by) ? kNoProvince : home_for(v, next, by, where);
        if (home == kNoProvince) {
            ctx.event("detachment.train_destroyed", by, where,
                      named(v, by, where) + " destroyed " + whose +
                          (destroys(next, by)
                               ? std::string(" (4f)")
                               : " (4f): no road leads it to a city of " + v.powers[by].name),
                      -1);
            trains.erase(trains.begin() + static_cast<std::ptrdiff_t>(i));
            continue;
        }
        ctx.event("detachment.train_captured", by, where,
                  named(v, by, where) + " captured " + whose + "; it heads for " + abbr(v, home) +
                      " (4f)");
        t = SupplyTrain{by, where, home, 0, where != home};
        ++i;
    }
    supply::state(next).normalise();
}

}  // namespace adjutant::detachments
