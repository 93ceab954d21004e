// SPDX-License-Identifier: Apache-2.0
// The legality of a split and of a join (Lone Warrior 4c; docs/army-strength.md). A split: an army
// of its power divides into a detachment sent out on campaign, which has between the variant's
// least and most points (250 and 750), and what stays, which is an army too: in the field it is on
// campaign and keeps at least the least; in a city of its side it may have fewer, as a worn army
// there may. The detachment marches to a province the army could move to.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/army_strength/parameters.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

namespace {

// A AAC JOIN KOL: an army of the power joins the army of the power next to it. An army has one
// general, and 4g lets no general move without a field army in escort, so two armies with a
// general each cannot become one: the second would have no army to go with.
Checked check_join(const Variant& v, const Position& pos, PowerId power, const Unit& unit,
                   const std::string& name, const OrderSyntax& s) {
    if (unit.type != UnitType::Army)
        return Checked::refused(name + " is no army: only armies join");
    const ProvinceId to = s.destination.province;
    const Unit* other = pos.unit_at(to);
    if (other == nullptr || other->type != UnitType::Army || other->power != unit.power)
        return Checked::refused("no army of " + v.power_name(unit.power) + " stands in " +
                                province_abbr(v, to) + " for " + name + " to join");
    if (to == unit.location.province || !v.can_reach(UnitType::Army, unit.location, to))
        return Checked::refused(name + " cannot join the army in " + province_abbr(v, to) +
                                ": it marches one province, to one it could move to");
    if (!unit.stats.general.empty() && !other->stats.general.empty())
        return Checked::refused(name + " and the army in " + province_abbr(v, to) +
                                " each have a general (" + unit.stats.general + ", " +
                                other->stats.general + "): one army has one general (4g)");
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit.type;
    order.unit = unit.location;
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

// The engineers and siege guns a split takes or a SEND sends: no more than the army has.
std::string equipment_error(const Unit& unit, const std::string& name, const OrderSyntax& s) {
    if (s.engineers > unit.stats.engineers)
        return name + " has " + std::to_string(unit.stats.engineers) + " engineer" +
               (unit.stats.engineers == 1 ? "" : "s") + ", not " + std::to_string(s.engineers);
    if (s.siege_guns > unit.stats.siege_guns)
        return name + " has " + std::to_string(unit.stats.siege_guns) + " siege gun" +
               (unit.stats.siege_guns == 1 ? "" : "s") + ", not " + std::to_string(s.siege_guns);
    return "";
}

// A KOL SEND 2 SIEGE GUNS - AAC: "Equipment moving alone ... considered an army for order
// purposes", an army of no points, so the least points of an army sent out do not bind it. It
// goes one province, as a detachment does; the army keeps all its points.
Checked check_send(const Variant& v, PowerId power, const Unit& unit, const std::string& name,
                   const OrderSyntax& s) {
    if (s.engineers + s.siege_guns <= 0)
        return Checked::refused("SEND takes the equipment it sends: A KOL SEND 2 SIEGE GUNS - AAC");
    if (equipment_only(unit))
        return Checked::refused(name + " is equipment alone: it moves whole, as an army (A " +
                                province_abbr(v, unit.location.province) + " - ...)");
    const ProvinceId to = s.destination.province;
    if (to == unit.location.province || !v.can_reach(UnitType::Army, unit.location, to))
        return Checked::refused("the equipment of " + name + " cannot go to " +
                                province_abbr(v, to) +
                                ": it goes one province, to one the army could move to");
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit.type;
    order.unit = unit.location;
    order.engineers = s.engineers;
    order.siege_guns = s.siege_guns;
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

}  // namespace

Checked check_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    if (!enabled(v))
        return Checked::refused(
            "splitting, joining and sending armies is a campaign rule (Lone Warrior 4c); this map "
            "has none");
    const ArmyStrengthRules& rules = army_strength::parameters(v);
    const ProvinceId where = s.unit.place.province;
    const Unit* unit = pos.unit_at(where);
    if (std::string error = ownership_error(v, unit, where, power); !error.empty())
        return Checked::refused(error);
    const std::string name = describe_unit(v, unit->type, unit->location);
    if (is(s, kJoin)) return check_join(v, pos, power, *unit, name, s);
    if (unit->type != UnitType::Army)
        return Checked::refused(name + " is no army: only armies " +
                                (is(s, kSend) ? "send" : "split"));
    if (std::string error = equipment_error(*unit, name, s); !error.empty())
        return Checked::refused(error);
    if (is(s, kSend)) return check_send(v, power, *unit, name, s);
    const std::string range =
        std::to_string(rules.min_points) + " to " + std::to_string(rules.max_points);
    if (s.count < rules.min_points || s.count > rules.max_points)
        return Checked::refused("a detachment sent out on campaign has " + range +
                                " points (4c), not " + std::to_string(s.count));
    const ProvinceId to = s.destination.province;
    const std::int64_t kept = unit->stats.points - s.count;
    const std::string has = name + " has " + std::to_string(unit->stats.points) + " points";
    if (kept <= 0)
        return Checked::refused(has + ": a split leaves some of them in " +
                                province_abbr(v, where) + "; to send them all, move the army (" +
                                name + " - " + province_abbr(v, to) + ")");
    // The least binds an army on campaign. What stays in a city of its side is not sent out:
    // it may have fewer, as a worn army standing there may.
    if (kept < rules.min_points && !city_of_side(v, pos, where, unit->power))
        return Checked::refused(has + ": after " + std::to_string(s.count) + " leave, the " +
                                std::to_string(kept) + " that stay are no army (at least " +
                                std::to_string(rules.min_points) +
                                ", 4c); fewer may stay only in a city of its side");
    if (to == where || !v.can_reach(UnitType::Army, unit->location, to))
        return Checked::refused("the detachment of " + name + " cannot march to " +
                                province_abbr(v, to) +
                                ": it goes one province, to one the army could move to");
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit->type;
    order.unit = unit->location;
    order.count = s.count;
    order.engineers = s.engineers;
    order.siege_guns = s.siege_guns;
    order.destination = Location{to, Coast::None};
    return Checked{order, "", ""};
}

}  // namespace adjutant::army_strength
