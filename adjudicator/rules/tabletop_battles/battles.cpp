// SPDX-License-Identifier: Apache-2.0
// "When armies meet" (4e) on the province map: an army ordered into a province where an enemy
// army stays, or armies of enemies ordered into one province. An enemy that moves away is not
// met unless it moves into the attacker's own province (the two armies pass through each
// other's front); if its move then fails, the resolver decides by the points as in every
// campaign, since no battle was fought for it. Only armies fight on the tabletop: fleets keep
// the resolver's rules.
#include <algorithm>
#include <map>

#include "orders/order.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

bool at_war(const Variant& variant, PowerId a, PowerId b) {
    return a != b && variant.campaign && variant.campaign->enemies(a, b);
}

const Order* order_of(std::span<const Order> orders, ProvinceId province) {
    for (const Order& o : orders)
        if (orders_a_unit(o) && o.unit.province == province) return &o;
    return nullptr;
}

bool is_march(const Order& o) {
    return o.type == OrderType::Move && o.unit_type == UnitType::Army;
}

}  // namespace

bool fights_on_tabletop(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("tabletop_battles");
}

std::vector<Battle> battles(const Variant& variant, const Position& position,
                            std::span<const Order> orders) {
    // Per province: the armies that fight there.
    std::map<ProvinceId, std::vector<const Unit*>> met;
    auto join = [&](ProvinceId where, const Unit* u) {
        auto& list = met[where];
        if (std::find(list.begin(), list.end(), u) == list.end()) list.push_back(u);
    };
    for (const Order& o : orders) {
        if (!is_march(o)) continue;
        const Unit* attacker = position.unit_at(o.unit.province);
        if (attacker == nullptr || attacker->type != UnitType::Army) continue;
        const ProvinceId to = o.destination.province;
        // The army that stands there and does not leave, or leaves against the attacker.
        if (const Unit* defender = position.unit_at(to);
            defender != nullptr && defender->type == UnitType::Army &&
            at_war(variant, attacker->power, defender->power)) {
            const Order* its = order_of(orders, to);
            const bool stays = its == nullptr || !is_march(*its);
            // Two armies marching against each other fight one battle, filed under the
            // province of the one with the higher province number.
            const bool head_on = !stays && its->destination.province == o.unit.province;
            if (stays || (head_on && o.unit.province < to)) {
                join(to, attacker);
                join(to, defender);
            }
        }
        // Armies of enemies marching into the same province.
        for (const Order& other : orders) {
            if (&other == &o || !is_march(other) || other.destination.province != to) continue;
            const Unit* rival = position.unit_at(other.unit.province);
            if (rival == nullptr || rival->type != UnitType::Army ||
                !at_war(variant, attacker->power, rival->power))
                continue;
            join(to, attacker);
            join(to, rival);
        }
    }
    std::vector<Battle> out;
    for (auto& [province, armies] : met) {
        std::sort(armies.begin(), armies.end(),
                  [](const Unit* a, const Unit* b) { return a->location < b->location; });
        Battle battle{province, {}};
        for (const Unit* u : armies) battle.armies.push_back(*u);
        out.push_back(std::move(battle));
    }
    return out;
}

std::vector<experience::NotedChanges> noted_changes(const Variant& variant, const Position& before,
                                                    std::span<const Order> orders) {
    std::vector<experience::NotedChanges> noted;
    if (!fights_on_tabletop(variant)) return noted;
    const auto& results = state(before).results;
    if (results.empty()) return noted;
    const auto fought = battles(variant, before, orders);
    for (const BattleResult& r : results)
        if (std::any_of(fought.begin(), fought.end(),
                        [&](const Battle& b) { return b.province == r.province; }))
            noted.push_back(experience::NotedChanges{r.province, r.experience});
    return noted;
}

std::vector<Battle> undecided_battles(const Variant& variant, const Position& position,
                                      std::span<const Order> orders) {
    std::vector<Battle> out;
    if (!fights_on_tabletop(variant)) return out;
    for (Battle& b : battles(variant, position, orders))
        if (state(position).in(b.province) == nullptr) out.push_back(std::move(b));
    return out;
}

}  // namespace adjutant::tabletop_battles
