// SPDX-License-Identifier: Apache-2.0
// The legality of the detachments' orders (Lone Warrior 4f; docs/detachments.md): a detachment is
// raised in a city the power controls, within two per city and one per province, for its price
// from the treasury; a detachment moves one province, to one an army could move to.
#include "orders/legality.h"
#include "orders/parser.h"
#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/parameters.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

std::string unavailable(const Variant& v) {
    if (!enabled(v)) return "detachments are a campaign rule; this map has none";
    if (!v.campaign->modules.enabled("supply"))
        return "detachments are bought from a treasury; this map keeps none (no supply rules)";
    return "";
}

}  // namespace

Checked check_raise(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (std::string e = unavailable(v); !e.empty()) return Checked::refused(e);
    const DetachmentRules& rules = detachments::parameters(v);
    const ProvinceId city = s.unit.place.province;
    const std::string name = province_abbr(v, city);
    const auto& classes = v.campaign->city_class;
    if (city >= classes.size() || classes[city] == 0 || pos.owner[city] != power)
        return Checked::refused(name + " is no city " + v.power_name(power) +
                                " controls: detachments are deployed per city controlled (4f)");
    // An enemy in the city is no refusal: the seat may not see him, and a refusal would tell it
    // he is there. The raising fails when the week comes to it (raising.cpp).
    // A detachment standing in the city is no reason to refuse: it may ride out this week, and the
    // new one is raised once the moves are done (raising.cpp); if it stays, the raising fails.
    const std::size_t most = allowed(v, pos, power);
    if (state(pos).count_of(power) >= most)
        return Checked::refused(
            v.power_name(power) + " has " + std::to_string(state(pos).count_of(power)) +
            " detachments, the most its " + std::to_string(cities_controlled(v, pos, power)) +
            " cities allow: only two detachments may be deployed per city controlled "
            "(4f)");
    const auto& treasury = supply::state(pos).treasury;
    const std::int64_t have = power < treasury.size() ? treasury[power] : 0;
    if (have < rules.cost)
        return Checked::refused("a detachment costs " + std::to_string(rules.cost) + " points; " +
                                v.power_name(power) + " has " + std::to_string(have));
    Order order = module_order(kRaise, power);
    order.unit = Location{city, Coast::None};
    order.count = 1;
    return Checked{order, "", ""};
}

Checked check_move(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!enabled(v)) return Checked::refused("detachments are a campaign rule; this map has none");
    const ProvinceId from = s.unit.place.province;
    const ProvinceId to = s.destination.province;
    if (!state(pos).has(power, from))
        return Checked::refused(v.power_name(power) + " has no detachment in " +
                                province_abbr(v, from));
    if (to == from || !v.can_reach(UnitType::Army, Location{from, Coast::None}, to))
        return Checked::refused(
            named(v, power, from) + " cannot move to " + province_abbr(v, to) +
            ": a detachment moves one province a week, where an army could move");
    Order order = module_order(kMove, power);
    order.unit = Location{from, Coast::None};
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

std::string conflict(const Variant& v, const Order& order, std::span<const OrderVerdict> earlier) {
    if (!is(order, kRaise) && !is(order, kMove)) return "";
    for (const OrderVerdict& e : earlier) {
        if (!e.accepted() || e.order->kind != order.kind) continue;
        if (e.order->unit.province != order.unit.province) continue;
        const std::string line = std::to_string(e.line);
        if (is(order, kRaise))
            return "only one detachment may occupy a hex (4f): line " + line + " raises one in " +
                   province_abbr(v, order.unit.province) + " already";
        return "the detachment in " + province_abbr(v, order.unit.province) +
               " has its order on line " + line + " already";
    }
    return "";
}

}  // namespace adjutant::detachments
