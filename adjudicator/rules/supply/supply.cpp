// SPDX-License-Identifier: Apache-2.0
#include "rules/supply/supply.h"

#include <algorithm>

#include "variant/variant.h"

namespace adjutant::supply {

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->supply_rules;
}

std::string abbr(const Variant& variant, ProvinceId province) {
    return province < variant.provinces.size() ? variant.provinces[province].abbr : "?";
}

std::string unit_name(const Variant& variant, const Unit& unit) {
    return std::string(1, unit_letter(unit.type)) + " " + variant.location_text(unit.location);
}

bool enemy_army_in(const Variant& variant, const Position& position, ProvinceId province,
                   PowerId power) {
    const Unit* u = position.unit_at(province);
    return u != nullptr && u->type == UnitType::Army && variant.campaign->enemies(u->power, power);
}

bool supply_base(const Variant& variant, const Position& position, ProvinceId province,
                 PowerId power) {
    const CampaignMap& map = *variant.campaign;
    const auto& edge = map.map_edge[province];
    if (std::find(edge.begin(), edge.end(), power) != edge.end()) return true;
    // A city under siege cannot be traced to (seed 004, 5c): an enemy army stands in it.
    const PowerId owner = position.owner[province];
    const bool friendly = owner == power || (owner != kNoPower && !map.enemies(owner, power));
    return map.city_class[province] != 0 && friendly &&
           !enemy_army_in(variant, position, province, power);
}

void after_movement(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    if (next.treasury.size() < v.powers.size()) next.treasury.resize(v.powers.size(), 0);
    if (next.destroy_trains.size() < v.powers.size())
        next.destroy_trains.resize(v.powers.size(), 0);
    for (const Order& o : ctx.orders) {
        if (o.type == OrderType::TrainPolicy) {
            next.destroy_trains[o.power] = o.count != 0 ? 1 : 0;
            ctx.event("supply.policy", o.power, kNoProvince,
                      v.powers[o.power].name + " will " + (o.count != 0 ? "destroy" : "capture") +
                          " enemy supply trains caught alone");
        } else if (o.type == OrderType::Purchase) {
            const ProvinceId city = o.unit.province;
            // Bought while the treasury allows, in the order written.
            int bought = 0;
            while (bought < o.count && next.treasury[o.power] >= map.supply.train_cost) {
                next.treasury[o.power] -= map.supply.train_cost;
                next.trains.push_back(SupplyTrain{o.power, city, city, 0, false});
                ++bought;
            }
            ctx.event("supply.bought", o.power, city,
                      v.powers[o.power].name + " bought " + std::to_string(bought) +
                          " supply train" + (bought == 1 ? "" : "s") + " in " + abbr(v, city) +
                          " for " + std::to_string(bought * map.supply.train_cost) + " points" +
                          (bought < o.count ? " (the treasury allowed no more)" : ""),
                      bought);
        } else if (o.type == OrderType::Dispatch) {
            // The army may have moved this turn: the train follows it by its number.
            const Unit* army = ctx.before.unit_at(o.target);
            if (army == nullptr) continue;
            auto train =
                std::find_if(next.trains.begin(), next.trains.end(), [&](const SupplyTrain& t) {
                    return t.power == o.power && t.at == o.unit.province && t.target == 0 &&
                           !t.returning;
                });
            if (train == next.trains.end()) continue;
            train->target = army->stats.id;
            ctx.event(
                "supply.dispatched", o.power, o.unit.province,
                "a supply train left " + abbr(v, o.unit.province) + " for " + unit_name(v, *army));
        }
    }
}

void end_of_week(TurnContext& ctx) {
    Position& next = ctx.result.next;
    if (next.treasury.size() < ctx.variant.powers.size())
        next.treasury.resize(ctx.variant.powers.size(), 0);
    update_control(ctx);
    trace_supply_lines(ctx);
    move_trains(ctx);
    consume_supply(ctx);
    if (ctx.year_ended) muster_replacements(ctx);
}

}  // namespace adjutant::supply
