// SPDX-License-Identifier: Apache-2.0
#include "rules/supply/supply.h"
#include "rules/rail/state.h"

#include <algorithm>

#include "variant/variant.h"

namespace adjutant::supply {

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("supply");
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

void armies_by_province(const Variant& variant, const Position& position,
                        std::vector<PowerId>& out) {
    out.assign(variant.provinces.size(), kNoPower);
    // Backwards, so the first unit in a province is the one left, as unit_at's scan finds it.
    for (auto u = position.units.rbegin(); u != position.units.rend(); ++u)
        if (u->location.province < out.size())
            out[u->location.province] = u->type == UnitType::Army ? u->power : kNoPower;
}

bool enemy_army_in(const Variant& variant, const std::vector<PowerId>& armies, ProvinceId province,
                   PowerId power) {
    const PowerId there = province < armies.size() ? armies[province] : kNoPower;
    return there != kNoPower && variant.campaign->enemies(there, power);
}

namespace {

template <class EnemyArmy>
bool base_unless(const Variant& variant, const Position& position, ProvinceId province,
                 PowerId power, EnemyArmy enemy_army) {
    const CampaignMap& map = *variant.campaign;
    const auto& edge = map.map_edge[province];
    if (std::find(edge.begin(), edge.end(), power) != edge.end()) return true;
    // A city under siege cannot be traced to (Lone Warrior 5c): an enemy army stands in it.
    if (enemy_army()) return false;
    if (map.city_class[province] != 0 && map.friendly(position.owner[province], power)) return true;
    // docs/design.md, "Supply": in rail variants an operational railhead is a supply base.
    return map.railhead[province] != 0 &&
           rail::state(position).of(power, province) >= rail::RailState::Capacity1;
}

}  // namespace

bool supply_base(const Variant& variant, const Position& position, ProvinceId province,
                 PowerId power) {
    return base_unless(variant, position, province, power,
                       [&] { return enemy_army_in(variant, position, province, power); });
}

bool supply_base(const Variant& variant, const Position& position,
                 const std::vector<PowerId>& armies, ProvinceId province, PowerId power) {
    return base_unless(variant, position, province, power,
                       [&] { return enemy_army_in(variant, armies, province, power); });
}

namespace {

bool own_map_edge(const Variant& variant, ProvinceId province, PowerId power) {
    const auto& edge = variant.campaign->map_edge[province];
    return std::find(edge.begin(), edge.end(), power) != edge.end();
}

}  // namespace

bool train_source(const Variant& variant, const Position& position, ProvinceId province,
                  PowerId power) {
    const CampaignMap& map = *variant.campaign;
    if (map.city_class[province] != 0 && map.friendly(position.owner[province], power)) return true;
    return own_map_edge(variant, province, power) &&
           !enemy_army_in(variant, position, province, power);
}

std::string not_a_train_source(const Variant& variant, ProvinceId province, PowerId power) {
    const std::string& name = variant.powers[power].name;
    return abbr(variant, province) + " is neither a city of " + name + " or its allies nor a " +
           "map edge of " + name +
           (own_map_edge(variant, province, power) ? " free of enemy armies" : "");
}

void after_movement(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    if (state(next).treasury.size() < v.powers.size())
        state(next).treasury.resize(v.powers.size(), 0);
    if (state(next).destroy_trains.size() < v.powers.size())
        state(next).destroy_trains.resize(v.powers.size(), 0);
    for (const Order& o : ctx.orders) {
        if (is(o, kTrainPolicy)) {
            state(next).destroy_trains[o.power] = o.count != 0 ? 1 : 0;
            ctx.event("supply.policy", o.power, kNoProvince,
                      v.powers[o.power].name + " will " + (o.count != 0 ? "destroy" : "capture") +
                          " enemy supply trains caught alone");
            ctx.verdict(o, true);
        }
    }
    dispatch_trains(ctx);
}

void end_of_week(TurnContext& ctx) {
    Position& next = ctx.result.next;
    if (state(next).treasury.size() < ctx.variant.powers.size())
        state(next).treasury.resize(ctx.variant.powers.size(), 0);
    update_control(ctx);
    trace_supply_lines(ctx);
    move_trains(ctx);
    consume_supply(ctx);
    if (ctx.year_ended) muster_replacements(ctx);
}

}  // namespace adjutant::supply
