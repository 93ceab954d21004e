// SPDX-License-Identifier: Apache-2.0
// The legality of RAISE and REINFORCE (Lone Warrior 4b and 4c; docs/reinforcements.md): troops are
// mustered where the power's replacements are, paid from its treasury, a new army within the
// limits of an army sent out on campaign, a reinforcement for an army or garrison standing there.
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "rules/reinforcements/reinforcements.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::reinforcements {

namespace {

bool own_garrison(const Position& pos, PowerId power, ProvinceId province) {
    const auto& garrisons = sieges::state(pos).garrisons;
    return std::any_of(garrisons.begin(), garrisons.end(), [&](const Garrison& g) {
        return g.province == province && g.power == power;
    });
}

}  // namespace

Checked check_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!v.campaign || !v.campaign->modules.enabled("reinforcements"))
        return Checked::refused("reinforcements are a campaign rule; this map has none");
    if (!v.campaign->modules.enabled("supply"))
        return Checked::refused(
            "reinforcements are paid from the treasury, and this map keeps none");
    const ProvinceId where = s.unit.place.province;
    const ModuleOrderKind& kind = *s.module_kind;
    const std::string name = province_abbr(v, where);
    const std::int64_t points = s.count;
    if (points < 1) return Checked::refused("the troops mustered have at least 1 point");
    if ((&kind == &kRaise || &kind == &kRaiseByRail) &&
        (points < least_points(v) || points > most_points(v)))
        return Checked::refused(
            "a new army sent out on campaign has " + std::to_string(least_points(v)) + " to " +
            std::to_string(most_points(v)) + " points (4c), not " + std::to_string(points));
    ProvinceId source = kNoProvince;
    if (&kind == &kRaiseByRail) {
        source = s.path.empty() ? kNoProvince : s.path.front();
        if (std::string why = no_arrival(v, pos, power, source, where, points); !why.empty())
            return Checked::refused(why);
    } else if (std::string why = no_muster(v, pos, power, where); !why.empty()) {
        return Checked::refused(why);
    }
    const Unit* there = pos.unit_at(where);
    if (&kind == &kReinforceArmy &&
        (there == nullptr || there->type != UnitType::Army || there->power != power))
        return Checked::refused("no army of " + v.power_name(power) + " at " + name +
                                " to reinforce");
    if (&kind == &kReinforceGarrison && !own_garrison(pos, power, where))
        return Checked::refused("no garrison of " + v.power_name(power) + " in " + name +
                                " to reinforce");
    const bool raise = &kind == &kRaise || &kind == &kRaiseByRail;
    const std::int64_t cost = raise ? raise_cost(v, points) : points;
    const auto& treasury = supply::state(pos).treasury;
    const std::int64_t have = power < treasury.size() ? treasury[power] : 0;
    if (cost > have)
        return Checked::refused(
            std::string(raise ? "the army and its supply cost " : "the troops cost ") +
            std::to_string(cost) + " points; " + v.power_name(power) + " has " +
            std::to_string(have));
    Order order = module_order(kind, power);
    order.unit = Location{where, Coast::None};
    order.count = s.count;
    order.target = source;
    return Checked{order, "", ""};
}

}  // namespace adjutant::reinforcements
