// SPDX-License-Identifier: Apache-2.0
// The legality of the siege orders (Lone Warrior section 5; docs/sieges.md): an army with an
// engineer besieges the enemy garrison of the fortress it stands in, lifts the siege, assaults or
// breaches; the garrison sorties, goes on half rations, stands at breached defences or aids a
// relieving army.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/sieges/sieges.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace {

Checked besieger_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId where = s.unit.place.province;
    const Unit* unit = pos.unit_at(where);
    if (std::string error = ownership_error(v, unit, where, power); !error.empty())
        return Checked::refused(error);
    const std::string name = describe_unit(v, unit->type, unit->location);
    if (unit->type != UnitType::Army)
        return Checked::refused(name + " is no army: only armies besiege (5a)");
    const int fortress = v.campaign->fortress_class[where];
    if (fortress == 0) return Checked::refused(province_abbr(v, where) + " is not a fortress (5c)");
    const Garrison* garrison = sieges::enemy_garrison(v, pos, where, power);
    if (garrison == nullptr)
        return Checked::refused("no enemy garrison in " + province_abbr(v, where) + " to besiege");
    const Siege* siege = state(pos).siege_of(where);
    const bool ours = siege != nullptr && siege->army == unit->stats.id;
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit->type;
    order.unit = unit->location;
    if (is(s, kBesiege)) {
        if (unit->stats.engineers < 1)
            return Checked::refused(
                name + " has no engineer: only an army with an engineer may besiege (5a)");
        const UnitAttributes& repulse = attributes(unit->stats);
        if (siege == nullptr && repulse.repulsed_from == where &&
            unit->stats.points <= repulse.repulsed_points)
            return Checked::refused(name + " was bloodily repulsed from " +
                                    province_abbr(v, where) +
                                    " and cannot resume the siege until reinforced beyond its " +
                                    std::to_string(repulse.repulsed_points) + " points (5i)");
        return Checked{order, "", ""};
    }
    if (is(s, kLiftSiege)) {
        if (!ours) return Checked::refused(name + " is not besieging " + province_abbr(v, where));
        return Checked{order, "", ""};
    }
    const char* what = is(s, kAssault) ? "an assault" : "a breach";
    const char* rule = is(s, kAssault) ? "(5i)" : "(5j)";
    if (!ours || !siege->laid())
        return Checked::refused("the siege of " + province_abbr(v, where) + " is not laid yet: " +
                                what + " needs 2 weeks of BESIEGE first (5e)");
    if (siege->abandoning)
        return Checked::refused(name + " is abandoning the siege of " + province_abbr(v, where) +
                                " (5k)");
    const std::int64_t defenders = sieges::fighting_points(v, *garrison);
    // 5k: a breach under way goes on below 3:2 during the grace weeks (the abandonment step
    // counts them).
    const bool breach_under_way = is(s, kBreach) && siege->breach_needed > 0;
    if (!breach_under_way && !sieges::at_least_three_to_two(unit->stats.points, defenders))
        return Checked::refused(name + " has " + std::to_string(unit->stats.points) +
                                " points against the garrison's " + std::to_string(defenders) +
                                ": " + what + " needs 3:2 or better " + rule);
    if (is(s, kBreach)) {
        // At breached outer or inner defences the garrison may yet retire this week, leaving
        // the next line to breach.
        if (siege->breached && (fortress != 1 || siege->line >= 2))
            return Checked::refused("the breach in " + province_abbr(v, where) +
                                    " is open: it must be assaulted (5j)");
        if (unit->stats.siege_guns < 1)
            return Checked::refused(name + " has no siege guns: a breach needs them (5j)");
        if (!sieges::at_least_three_to_two(unit->stats.siege_guns, garrison->siege_guns))
            return Checked::refused(name + " has " + std::to_string(unit->stats.siege_guns) +
                                    " siege guns against the garrison's " +
                                    std::to_string(garrison->siege_guns) +
                                    ": a breach needs 3:2 or better in siege guns (5j)");
    }
    return Checked{order, "", ""};
}

// G REI S A CHA - REI (5n): whether the garrison comes out or pins besiegers in their works is
// decided in the adjudication (rules/sieges/relief.cpp); here only what could never be valid.
Checked garrison_support(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s,
                         Order order) {
    const ProvinceId where = s.unit.place.province;
    const std::string name = province_abbr(v, where);
    const ProvinceId into = s.target_destination ? s.target_destination->province : kNoProvince;
    if (into != where)
        return Checked::refused("the garrison of " + name +
                                " can only support a relieving move into " + name + " (5n)");
    const ProvinceId from = s.target.place.province;
    const Unit* army = pos.unit_at(from);
    if (army == nullptr)
        return Checked::refused("no unit at " + province_abbr(v, from) + " to support");
    const std::string army_name = describe_unit(v, army->type, army->location);
    if (army->type != UnitType::Army)
        return Checked::refused(
            army_name + " is no army: a garrison sorties only to aid a relieving army (5n)");
    // An army of the garrison's power or of an ally (relief.cpp: sortied points that fail
    // "retreat with the relieving army" and serve in it); never an enemy's.
    if (v.campaign->enemies(army->power, power))
        return Checked::refused(army_name + " belongs to " + v.power_name(army->power) +
                                ", at war with " + v.power_name(power) + ": the garrison of " +
                                name + " aids only a relieving army of its own side (5n)");
    order.target_type = UnitType::Army;
    order.target = from;
    order.target_destination = where;
    return Checked{order, "", ""};
}

Checked garrison_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId where = s.unit.place.province;
    const Garrison* garrison = nullptr;
    for (const Garrison& g : state(pos).garrisons)
        if (g.province == where && g.power == power) garrison = &g;
    const std::string name = province_abbr(v, where);
    if (garrison == nullptr)
        return Checked::refused(v.power_name(power) + " has no garrison in " + name);
    const Siege* siege = state(pos).siege_of(where);
    const Unit* army = pos.unit_at(where);
    if (siege == nullptr || army == nullptr)
        return Checked::refused("the garrison of " + name + " is not besieged");
    Order order = module_order(*s.module_kind, power);
    order.unit = Location{where, Coast::None};
    if (is(s, kSortie)) {
        const std::int64_t defenders = sieges::fighting_points(v, *garrison);
        if (!siege->abandoning && sieges::at_least_three_to_two(army->stats.points, defenders))
            return Checked::refused("the besiegers of " + name + " have " +
                                    std::to_string(army->stats.points) +
                                    " points against the garrison's " + std::to_string(defenders) +
                                    ": a sortie needs them below 3:2 or abandoning the siege (5l)");
        return Checked{order, "", ""};
    }
    if (is(s, kHalfRations)) {
        if (garrison->half_rations)
            return Checked::refused("the garrison of " + name + " is already on half rations");
        return Checked{order, "", ""};
    }
    if (is(s, kGarrisonSupport)) return garrison_support(v, pos, power, s, order);
    // STAND
    if (v.campaign->fortress_class[where] != 1 || siege->line >= 2)
        return Checked::refused(
            "only the garrison of a 1st-class fortress, outside its citadel, "
            "can stand at breached defences (5j)");
    return Checked{order, "", ""};
}

}  // namespace

Checked check_siege_order(const Variant& v, const Position& pos, PowerId power,
                          const OrderSyntax& s) {
    if (!v.campaign || !sieges::enabled(v))
        return Checked::refused("sieges are a campaign rule; this map has none");
    if (!s.module_kind->orders_a_unit) return garrison_order(v, pos, power, s);
    return besieger_order(v, pos, power, s);
}

}  // namespace adjutant::sieges
