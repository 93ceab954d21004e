// SPDX-License-Identifier: Apache-2.0
// The legality of the supply orders (Lone Warrior 4a; docs/campaign.md): dispatching a supply
// train to an army, buying trains, and the standing choice for enemy trains caught alone.
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "rules/rail/state.h"
#include "rules/supply/parameters.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

Checked dispatch(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const CampaignMap& c = *v.campaign;
    const ProvinceId city = s.unit.place.province;
    const ProvinceId where = s.target.place.province;
    const Unit* army = pos.unit_at(where);
    if (army == nullptr || army->type != UnitType::Army)
        return Checked::refused("no army at " + province_abbr(v, where) + " to supply");
    const std::string name = describe_unit(v, army->type, army->location);
    // A train may supply an ally's army (Lone Warrior's "friendly"; docs/campaign.md).
    if (c.enemies(army->power, power))
        return Checked::refused(name + " belongs to " + v.power_name(army->power) +
                                ", an enemy of " + v.power_name(power));
    Order order = module_order(kDispatch, power);
    order.unit = Location{city, Coast::None};
    order.target = where;
    order.target_type = UnitType::Army;
    order.count = s.count;
    if (s.count < 0) {
        const bool standing =
            std::any_of(state(pos).standing_supply.begin(), state(pos).standing_supply.end(),
                        [&](const StandingSupply& o) {
                            return o.power == power && o.from == city && o.army == army->stats.id;
                        });
        if (!standing)
            return Checked::refused("no standing order sends " + name + " supply trains from " +
                                    province_abbr(v, city));
        return Checked{order, "", ""};
    }
    if (s.count > 0) {
        // The standing order buys its trains there when none waits.
        if (!train_source(v, pos, city, power))
            return Checked::refused(
                not_a_train_source(v, city, power) +
                ": a standing supply order sends (and buys) its trains from one");
        if (army->stats.id == 0)
            return Checked::refused(name + " has no number for a standing order");
        return Checked{order, "", ""};
    }
    if (idle_train(pos, power, city) == state(pos).trains.size())
        return Checked::refused(v.power_name(power) + " has no supply train waiting in " +
                                province_abbr(v, city));
    // The line as it runs now (the one kept on the army dates from the last supply step).
    const std::vector<ProvinceId> line = supply::trace_line(v, pos, *army);
    if (line.empty()) return Checked::refused(name + " has no supply line: no train can reach it");
    // From another city the train rides the rail to the army's base (4b "Supply trains may be
    // placed in any friendly city"); LOC capacity is counted when the week is adjudicated.
    if (line.back() != city &&
        supply::rail_route(v, pos, power, city, line.back(), nullptr).empty())
        return Checked::refused(
            name + " draws its supply from " + province_abbr(v, line.back()) + ", not " +
            province_abbr(v, city) +
            (rail::state(pos).rail.empty()
                 ? std::string()
                 : ", and no operational rail of " + v.power_name(power) + " joins them"));
    return Checked{order, "", ""};
}

Checked purchase(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const CampaignMap& c = *v.campaign;
    const ProvinceId city = s.unit.place.province;
    // 4b "Supply trains may be placed in any friendly city": its own or an ally's, or the
    // power's map edge (supply.h, train_source).
    if (!train_source(v, pos, city, power))
        return Checked::refused(not_a_train_source(v, city, power));
    if (s.count < 1) return Checked::refused("BUY at least one train");
    const std::int64_t cost = static_cast<std::int64_t>(s.count) * supply::parameters(c).train_cost;
    const std::int64_t have = power < state(pos).treasury.size() ? state(pos).treasury[power] : 0;
    if (cost > have)
        return Checked::refused(std::to_string(s.count) + " trains cost " + std::to_string(cost) +
                                " points; " + v.power_name(power) + " has " + std::to_string(have));
    Order order = module_order(kPurchase, power);
    order.unit = Location{city, Coast::None};
    order.count = s.count;
    return Checked{order, "", ""};
}

bool unavailable(const Variant& v) {
    return !v.campaign || !v.campaign->modules.enabled("supply");
}

Checked unavailable_error() {
    return Checked::refused("supply trains are a campaign rule; this map has none");
}

}  // namespace

Checked check_dispatch(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    return unavailable(v) ? unavailable_error() : dispatch(v, pos, power, s);
}

Checked check_purchase(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    return unavailable(v) ? unavailable_error() : purchase(v, pos, power, s);
}

Checked check_train_policy(const Variant& v, const Position&, PowerId power, const OrderSyntax& s) {
    if (unavailable(v)) return unavailable_error();
    Order order = module_order(kTrainPolicy, power);
    order.count = s.count;
    return Checked{order, "", ""};
}

}  // namespace adjutant::supply
