// SPDX-License-Identifier: Apache-2.0
// A movement phase: run the resolver, then move units, list the dislodged with their retreats.
#include <algorithm>

#include "module/rule_module.h"
#include "resolve/movement.h"
#include "resolve/phase_flow.h"
#include "resolve/phases.h"
#include "resolve/retreat_options.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// What a network rail move spent, in words a player can check by hand (docs/rail-movement.md).
Event rail_event(const Variant& v, const MovementResolver& resolver, std::size_t i) {
    const Order& o = resolver.order(i);
    const MovementResolver::NetworkRide& ride = resolver.network_ride(i);
    Event e;
    e.power = o.power;
    e.province = o.unit.province;
    const std::string who =
        std::string(1, unit_letter(o.unit_type)) + " " + v.provinces[o.unit.province].abbr;
    const std::string& power = v.powers[o.power].name;
    if (resolver.over_rail_capacity(i)) {
        e.kind = "rail.over_capacity";
        e.text = who + " cannot ride to " + v.provinces[o.destination.province].abbr +
                 ": it costs " + std::to_string(ride.cost) + " of " + power +
                 "'s rail capacity and only " + std::to_string(ride.left) + " is left; it holds";
        return e;
    }
    e.kind = "rail.ride";
    // The provinces actually ridden: a blocked ride stops short, or never leaves.
    const ProvinceId end = resolver.final_location(i).province;
    std::string route = v.provinces[o.unit.province].abbr;
    for (ProvinceId p : ride.route) {
        if (end == o.unit.province) break;
        route += '-';
        route += v.provinces[p].abbr;
        if (p == end) break;
    }
    const std::string paid = " " + std::to_string(ride.cost) + " of " + power +
                             "'s rail capacity (" + std::to_string(ride.left) + " available, " +
                             std::to_string(ride.left - ride.cost) + " left)";
    if (end == o.unit.province)
        e.text = who + " could not ride to " + v.provinces[o.destination.province].abbr +
                 ": blocked, it stays in " + v.provinces[end].abbr + "; it still used" + paid;
    else if (end != o.destination.province)
        e.text = who + " rides " + route + ", stopped short of " +
                 v.provinces[o.destination.province].abbr + ", for" + paid;
    else
        e.text = who + " rides " + route + " for" + paid;
    if (ride.all_double) e.text += "; all double track: half cost";
    if (ride.interdicted) e.text += "; enters an interdicted province: double cost";
    return e;
}

// `points` strength: each unit brings its strength points (DESIGN.md §3) and what the rule
// modules add to them: to every strength of the unit (RuleModule::defence_points) or to its
// move's attack only (RuleModule::attack_points).
void unit_points(const Variant& variant, const Position& position, std::span<const Order> orders,
                 std::vector<Strength>& points, std::vector<Strength>& attack_bonus) {
    std::vector<const RuleModule*> modules;
    for (const RuleModule* module : rule_modules())
        if (module->enabled(variant)) modules.push_back(module);
    for (const Unit& u : position.units) {
        Strength own = u.stats.points;
        Strength attack = 0;
        for (const RuleModule* module : modules) {
            if (module->defence_points != nullptr)
                own += module->defence_points(variant, position, orders, u);
            if (module->attack_points != nullptr)
                attack += module->attack_points(variant, position, orders, u);
        }
        points.push_back(std::max<Strength>(own, 0));
        attack_bonus.push_back(std::max<Strength>(attack, 0));
    }
}

}  // namespace

Adjudication adjudicate_movement(const Variant& variant, const Position& position,
                                 std::span<const Order> orders, MovementResolver& resolver) {
    std::vector<Strength> points;
    std::vector<Strength> attack_bonus;
    if (variant.strength == StrengthKind::Points)
        unit_points(variant, position, orders, points, attack_bonus);
    resolver.load(variant, position, orders, points, attack_bonus);
    resolver.run();

    Adjudication out;
    out.phase = position.phase;
    Position& next = out.next;
    carry_over(position, next);
    out.results.reserve(position.units.size());
    next.units.reserve(position.units.size());
    next.standoffs = resolver.standoffs();

    std::vector<int> dislodgers(position.units.size(), -1);
    for (std::size_t i = 0; i < position.units.size(); ++i) {
        const Unit& unit = position.units[i];
        const Order& order = resolver.order(i);
        const Reason reason = resolver.failure_reason(i);
        OrderResult result;
        result.order = order;
        result.succeeded = reason == Reason::None &&
                           (order.type != OrderType::Move || resolver.succeeded(i)) &&
                           (order.type != OrderType::Support || resolver.succeeded(i));
        result.reason = reason;
        result.defaulted = !resolver.ordered(i);
        out.results.push_back(result);
        if (order.type == OrderType::RailMove && order.line == kNetworkRail &&
            resolver.network_ride(i).routed)
            out.events.push_back(rail_event(variant, resolver, i));

        dislodgers[i] = resolver.dislodged_by(i);
        if (dislodgers[i] >= 0) continue;
        Unit moved = unit;
        moved.location = resolver.final_location(i);
        next.units.push_back(moved);
    }
    for (std::size_t i = 0; i < position.units.size(); ++i) {
        if (dislodgers[i] < 0) continue;
        const auto by = static_cast<std::size_t>(dislodgers[i]);
        DislodgedUnit d;
        d.unit = position.units[i];
        d.attacker_from = resolver.order(by).unit.province;
        d.retreats =
            retreat_options(variant, next, d.unit, d.attacker_from, resolver.moved_by_convoy(by));
        out.dislodged.push_back(d);
        if (!d.retreats.empty()) next.dislodged.push_back(d);
    }
    advance_phase(variant, position.phase, next);
    return out;
}

}  // namespace adjutant
