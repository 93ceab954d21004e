// SPDX-License-Identifier: Apache-2.0
// The legality of BUY FLOTILLA (Lone Warrior 4a and 4e; docs/rivers.md): a barge flotilla is bought
// for its points from the power's treasury in a friendly city on a navigable river, where none
// of the power's own operates yet.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/rivers.h"
#include "variant/variant.h"

namespace adjutant::rivers {

namespace {

// Why `power` may not have a flotilla operate from `city` now, or empty.
std::string no_flotilla_city(const Variant& v, const Position& pos, ProvinceId city,
                             PowerId power) {
    const CampaignMap& c = *v.campaign;
    const std::string name = province_abbr(v, city);
    if (c.city_class[city] == 0)
        return name + " is no city: a barge flotilla operates from a city (4a)";
    if (rivers::parameters(c).rivers_at[city].empty())
        return name + " is on no navigable river of the map";
    if (!c.friendly(pos.owner[city], power))
        return name + " is not a friendly city of " + v.power_name(power);
    // An enemy army in the city is read as the movement ends (flotillas.cpp): a seat in the fog
    // may not see it, and its order must not turn illegal when the week is resolved.
    return {};
}

}  // namespace

Checked check_purchase(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!v.campaign || !v.campaign->modules.enabled("rivers"))
        return Checked::refused(
            "barge flotillas are a campaign rule; this map has no navigable rivers");
    const ProvinceId city = s.unit.place.province;
    if (std::string why = no_flotilla_city(v, pos, city, power); !why.empty())
        return Checked::refused(why);
    if (state(pos).has(power, city))
        return Checked::refused(v.power_name(power) + " has a flotilla operating from " +
                                province_abbr(v, city) + " already");
    const std::int64_t cost = rivers::parameters(v).flotilla_cost;
    const auto& treasury = rivers::treasury(pos);
    const std::int64_t have = power < treasury.size() ? treasury[power] : 0;
    if (cost > have)
        return Checked::refused("a barge flotilla costs " + std::to_string(cost) + " points; " +
                                v.power_name(power) + " has " + std::to_string(have));
    Order order = module_order(kPurchase, power);
    order.unit = Location{city, Coast::None};
    order.count = 1;
    return Checked{order, "", ""};
}

}  // namespace adjutant::rivers
