// SPDX-License-Identifier: Apache-2.0
// Supply orders of campaign maps (seed 004, 4a; docs/campaign.md): dispatching a supply train
// to an army, buying trains, and the standing choice for enemy trains caught alone.
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

Checked fail(std::string message) {
    return Checked{std::nullopt, std::move(message), ""};
}

bool idle_train(const Position& pos, PowerId power, ProvinceId city) {
    return std::any_of(pos.trains.begin(), pos.trains.end(), [&](const SupplyTrain& t) {
        return t.power == power && t.at == city && t.target == 0 && !t.returning;
    });
}

Checked dispatch(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId city = s.unit.place.province;
    const ProvinceId where = s.target.place.province;
    if (!idle_train(pos, power, city))
        return fail(power_name(v, power) + " has no supply train waiting in " +
                    province_abbr(v, city));
    const Unit* army = pos.unit_at(where);
    if (army == nullptr || army->type != UnitType::Army)
        return fail("no army at " + province_abbr(v, where) + " to supply");
    if (army->power != power)
        return fail(describe_unit(v, army->type, army->location) + " belongs to " +
                    power_name(v, army->power) + ", not " + power_name(v, power));
    // The line as it runs now (the one kept on the army dates from the last supply step).
    const std::vector<ProvinceId> line = supply::trace_line(v, pos, *army);
    if (line.empty())
        return fail(describe_unit(v, army->type, army->location) +
                    " has no supply line: no train can reach it");
    if (line.back() != city)
        return fail(describe_unit(v, army->type, army->location) + " draws its supply from " +
                    province_abbr(v, line.back()) + ", not " + province_abbr(v, city));
    Order order;
    order.type = OrderType::Dispatch;
    order.power = power;
    order.unit = Location{city, Coast::None};
    order.target = where;
    order.target_type = UnitType::Army;
    return Checked{order, "", ""};
}

Checked purchase(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const CampaignMap& c = *v.campaign;
    const ProvinceId city = s.unit.place.province;
    if (c.city_class[city] == 0) return fail(province_abbr(v, city) + " is not a city");
    if (pos.owner[city] != power)
        return fail(province_abbr(v, city) + " is not " + power_name(v, power) + "'s city");
    if (s.count < 1) return fail("BUY at least one train");
    const std::int64_t cost = static_cast<std::int64_t>(s.count) * c.supply.train_cost;
    const std::int64_t have = power < pos.treasury.size() ? pos.treasury[power] : 0;
    if (cost > have)
        return fail(std::to_string(s.count) + " trains cost " + std::to_string(cost) + " points; " +
                    power_name(v, power) + " has " + std::to_string(have));
    Order order;
    order.type = OrderType::Purchase;
    order.power = power;
    order.unit = Location{city, Coast::None};
    order.count = s.count;
    return Checked{order, "", ""};
}

}  // namespace

Checked check_supply_order(const Variant& v, const Position& pos, PowerId power,
                           const OrderSyntax& s) {
    if (!v.campaign || !v.campaign->supply_rules)
        return fail("supply trains are a campaign rule; this map has none");
    switch (s.kind) {
        case SyntaxKind::Dispatch:
            return dispatch(v, pos, power, s);
        case SyntaxKind::Purchase:
            return purchase(v, pos, power, s);
        default: {
            Order order;
            order.type = OrderType::TrainPolicy;
            order.power = power;
            order.count = s.count;
            return Checked{order, "", ""};
        }
    }
}

}  // namespace adjutant
