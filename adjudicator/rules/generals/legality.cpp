// SPDX-License-Identifier: Apache-2.0
// The legality of a transfer (Lone Warrior 4g; docs/generals.md): "Generals allocated to the field
// or garrison duties may be transferred amongst the various commands at will". The general is
// one of the power's pool with a command; he goes to another army or garrison of his power,
// named by its place as the week begins. Whether a field army escorts him there is known only
// once the week's moves are made (transfers.cpp).
#include "orders/legality.h"
#include "orders/parser.h"
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

bool has_garrison(const Position& pos, PowerId power, ProvinceId where) {
    for (const Garrison& g : sieges::state(pos).garrisons)
        if (g.power == power && g.province == where) return true;
    return false;
}

}  // namespace

Checked check_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!enabled(v))
        return Checked::refused(
            "pools of generals are a campaign rule (Lone Warrior 4g); this map has none");
    const Pool* pool = state(pos).of(power);
    if (pool == nullptr || pool->ranks.empty())
        return Checked::refused(v.power_name(power) + " has no pool of generals");
    const int rank = s.count;
    const auto size = static_cast<int>(pool->ranks.size());
    if (rank < 1 || rank > size)
        return Checked::refused(v.power_name(power) + "'s pool has generals G1 to " +
                                rank_text(size) + ", not " + rank_text(rank));
    const std::string who = general_text(*pool, rank);
    const auto from = command_of(pos, power, pool->ranks[static_cast<std::size_t>(rank - 1)].name);
    if (!from) {
        if (!pool->ranks[static_cast<std::size_t>(rank - 1)].active)
            return Checked::refused(
                who +
                " waits in the pool: a general takes a command only when one needs "
                "him, from the top ranking general down (4g)");
        return Checked::refused(who + " has no command to leave");
    }
    const bool to_garrison = !s.target.type.has_value();
    const ProvinceId to = s.target.place.province;
    const std::string target = command_text(v, to_garrison, to);
    if (to_garrison) {
        if (!has_garrison(pos, power, to))
            return Checked::refused(v.power_name(power) + " has no garrison in " +
                                    province_abbr(v, to));
    } else {
        const Unit* unit = pos.unit_at(to);
        if (unit == nullptr || unit->power != power || unit->type != UnitType::Army)
            return Checked::refused("no army of " + v.power_name(power) + " stands in " +
                                    province_abbr(v, to) + " for " + who + " to command");
    }
    if (from->garrison == to_garrison && from->province == to && !from->dislodged)
        return Checked::refused(who + " already commands " + target);
    Order order = module_order(to_garrison ? kToGarrison : kToArmy, power);
    order.count = rank;
    order.unit = Location{to, Coast::None};
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

// One order a general a week: a second would send him two ways at once.
std::string one_order_a_general(const Variant&, const Order& order,
                                std::span<const OrderVerdict> earlier) {
    if (!is(order, kToArmy) && !is(order, kToGarrison)) return "";
    for (const OrderVerdict& e : earlier) {
        if (!e.accepted() || e.order->power != order.power) continue;
        if ((is(*e.order, kToArmy) || is(*e.order, kToGarrison)) && e.order->count == order.count)
            return rank_text(order.count) + " has an order already, on line " +
                   std::to_string(e.line);
    }
    return "";
}

}  // namespace adjutant::generals
