// SPDX-License-Identifier: Apache-2.0
// "An army must be at least 250 points and not more than 750 points to be sent out on campaign"
// (Lone Warrior 4c; docs/army-strength.md, "Leaving a city"). An army is sent out on campaign when
// it marches or rides out of a city of its side (a province with a city class, held by its power or
// an ally) to anywhere but another such city: moving between cities is no campaign. Such a move is
// refused unless the army has the least to the most points. Retreats are never refused: they are
// ordered in a retreat phase, which this hook does not judge.
//
// Equipment alone (an army of no points, SEND) is exempt: it has no troops to count. Nor may it
// do what needs troops: support, or any of the modules' orders but JOIN.
#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/army_strength/parameters.h"
#include "variant/variant.h"

namespace adjutant::army_strength {

bool equipment_only(const Unit& unit) {
    return unit.type == UnitType::Army && unit.stats.points == 0 &&
           (unit.stats.engineers > 0 || unit.stats.siege_guns > 0);
}

bool city_of_side(const Variant& v, const Position& pos, ProvinceId province, PowerId power) {
    const CampaignMap& map = *v.campaign;
    return province < map.city_class.size() && map.city_class[province] != 0 &&
           province < pos.owner.size() && map.friendly(pos.owner[province], power);
}

namespace {

// Equipment alone is an army for order purposes, with no troops: it moves, rides, holds and
// joins an army, and does nothing that needs men to fight or dig.
std::string refuse_equipment(const Variant& v, const Unit& unit, const Order& o) {
    if (o.type != OrderType::Support && (o.type != OrderType::Module || is(o, kJoin))) return "";
    return unit_text(v, unit.type, unit.location) +
           " is equipment alone, with no troops (4c): it moves, holds or JOINs an army of its "
           "power";
}

}  // namespace

std::string refuse_campaign(const Variant& v, const Position& pos, const Order& o) {
    if (!orders_a_unit(o)) return "";
    const Unit* unit = pos.unit_at(o.unit.province);
    if (unit == nullptr || unit->type != UnitType::Army || unit->power != o.power) return "";
    if (equipment_only(*unit)) return refuse_equipment(v, *unit, o);
    if (o.type != OrderType::Move && o.type != OrderType::RailMove) return "";
    const ProvinceId from = o.unit.province;
    const ProvinceId to = o.destination.province;
    if (!city_of_side(v, pos, from, unit->power) || city_of_side(v, pos, to, unit->power))
        return "";
    const ArmyStrengthRules& rules = army_strength::parameters(v);
    const std::int64_t points = unit->stats.points;
    // Words only for a refusal: every march out of a city asks.
    if (points >= rules.min_points && points <= rules.max_points) return "";
    const std::string name = unit_text(v, unit->type, unit->location);
    const std::string has = name + " has " + std::to_string(points) + " points";
    const std::string leaving = ": an army leaving " + v.provinces[from].abbr + " for " +
                                v.provinces[to].abbr + " is sent out on campaign, with ";
    if (points < rules.min_points)
        return has + leaving + "at least " + std::to_string(rules.min_points) +
               " (4c); it may march to a city of its side, JOIN an army of its power, or wait "
               "for reinforcements";
    if (points > rules.max_points)
        return has + leaving + "at most " + std::to_string(rules.max_points) +
               " (4c); SPLIT it first: only a combined army in the field may have more";
    return "";
}

}  // namespace adjutant::army_strength
