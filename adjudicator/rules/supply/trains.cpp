// SPDX-License-Identifier: Apache-2.0
// Supply trains (Lone Warrior 4a): one supply point each, moving `train_speed` provinces a week
// by road (and by river where the side's barges carry, docs/rivers.md) towards the army they were
// sent to, as standing orders, until they deliver. When the
// road to the army is cut, a train that can no longer reach it turns back to its city (it was
// "between the base and the cut"); one still able to reach it goes on. A train caught alone by
// an enemy army is captured or destroyed, as the captor's standing choice says.
#include <algorithm>

#include "rules/rail/state.h"
#include "rules/supply/parameters.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

// Moves `train` up to `speed` provinces along `route` (which starts where the train is).
void advance(SupplyTrain& train, const std::vector<ProvinceId>& route, int speed) {
    const std::size_t steps =
        std::min<std::size_t>(static_cast<std::size_t>(speed), route.size() - 1);
    train.at = route[steps];
}

// A train's week on its way to its army.
enum class Trip : std::uint8_t {
    Delivered,   // it reached the army and handed over its supply: the train is used up
    OnItsWay,    // it moved on, or waits with an army that carries all it can
    TurnedBack,  // the road is cut or the army gone: it turns back this week
};

Trip towards_army(TurnContext& ctx, SupplyTrain& t) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    Unit* army = army_numbered(next, t.target);
    std::vector<ProvinceId> route;
    if (army != nullptr) route = train_route(v, next, t.power, t.at, army->location.province);
    if (route.empty()) {
        t.returning = true;
        ctx.event("supply.turned_back", t.power, t.at,
                  "the supply train at " + abbr(v, t.at) + " turns back to " + abbr(v, t.base) +
                      (army ? ": the road to " + unit_name(v, *army) + " is cut"
                            : std::string(": its army is gone")));
        return Trip::TurnedBack;
    }
    advance(t, route, supply::parameters(map).train_speed);
    if (t.at != army->location.province) {
        ctx.event("supply.moving", t.power, t.at,
                  "a supply train for " + unit_name(v, *army) + " reached " + abbr(v, t.at));
        return Trip::OnItsWay;
    }
    // An Extended line of communication (docs/rail.md) carries half as much: the army is filled
    // to half its carry weeks, rounded up.
    const int cap = rail::attributes(army->stats).supply_extended
                        ? (supply::parameters(map).carry_weeks + 1) / 2
                        : supply::parameters(map).carry_weeks;
    if (army->stats.supply >= cap) {
        ctx.event("supply.waiting", t.power, t.at,
                  "a supply train waits with " + unit_name(v, *army) +
                      (rail::attributes(army->stats).supply_extended
                           ? std::string(": its supply is Extended; it carries all its line allows")
                           : std::string(": the army carries all it can")));
        return Trip::OnItsWay;
    }
    ++army->stats.supply;
    ctx.event("supply.delivered", t.power, t.at,
              "a supply train delivered 1 week of supply to " + unit_name(v, *army) + " (now " +
                  std::to_string(army->stats.supply) + ")");
    return Trip::Delivered;
}

// A train turned back goes home to its city, where it waits for new orders.
void towards_base(TurnContext& ctx, SupplyTrain& t) {
    const Variant& v = ctx.variant;
    const Position& next = ctx.result.next;
    const ProvinceId base = t.base;
    auto route = train_route(v, next, t.power, t.at, base);
    if (!route.empty()) advance(t, route, supply::parameters(v).train_speed);
    if (t.at != base) return;
    t.returning = false;
    t.target = 0;
    ctx.event("supply.returned", t.power, base, "a supply train returned to " + abbr(v, base));
}

// Trains caught alone: an enemy army where the train is, and no army of its own. The captor
// takes the supply if it can carry it and its power does not destroy trains; else it is lost.
void trains_caught(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    // Who stands where, once (no army moves here): unit_at scans the units while the turn steps
    // run, once per train was the square of the front.
    std::vector<PowerId> armies;
    armies_by_province(v, next, armies);
    for (std::size_t i = 0; i < state(next).trains.size();) {
        const SupplyTrain t = state(next).trains[i];
        if (!enemy_army_in(v, armies, t.at, t.power)) {
            ++i;
            continue;
        }
        Unit* captor = next.unit_at(t.at);
        const PowerId by = captor->power;
        const bool destroy =
            by < state(next).destroy_trains.size() && state(next).destroy_trains[by] != 0;
        state(next).trains.erase(state(next).trains.begin() + static_cast<std::ptrdiff_t>(i));
        if (!destroy && captor->stats.supply < supply::parameters(map).carry_weeks) {
            ++captor->stats.supply;
            ctx.event("supply.captured", by, t.at,
                      unit_name(v, *captor) + " captured a " + v.powers[t.power].adjective +
                          " supply train (now " + std::to_string(captor->stats.supply) +
                          " weeks of supply)");
        } else {
            ctx.event("supply.destroyed", by, t.at,
                      unit_name(v, *captor) + " destroyed a " + v.powers[t.power].adjective +
                          " supply train" + (destroy ? "" : ": it could carry no more"),
                      -1);
        }
    }
}

}  // namespace

void move_trains(TurnContext& ctx) {
    Position& next = ctx.result.next;
    std::vector<std::size_t> delivered;
    for (std::size_t i = 0; i < state(next).trains.size(); ++i) {
        SupplyTrain& t = state(next).trains[i];
        if (t.target != 0 && !t.returning) {
            const Trip trip = towards_army(ctx, t);
            if (trip == Trip::Delivered) delivered.push_back(i);
            if (trip != Trip::TurnedBack) continue;  // a train turned back starts home at once
        }
        if (t.returning) towards_base(ctx, t);
    }
    for (auto it = delivered.rbegin(); it != delivered.rend(); ++it)
        state(next).trains.erase(state(next).trains.begin() + static_cast<std::ptrdiff_t>(*it));
    trains_caught(ctx);
}

}  // namespace adjutant::supply
