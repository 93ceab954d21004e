// SPDX-License-Identifier: Apache-2.0
// The rivers module's part of the position document (docs/positions.md): the barge flotillas,
// by power, each the city it operates from.
//
//   "flotillas": {"France": ["PAR", "REI"], "Belgium": ["NAM"]}
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/rivers.h"
#include "variant/variant.h"

namespace adjutant::rivers {

using nlohmann::json;

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(doc, "flotillas", [&](PowerId power, const json& item, const std::string& at) {
        const ProvinceId city = r.province(item, at);
        if (city == kNoProvince) return;
        RiversState& s = state(r.position());
        if (s.has(power, city))
            r.check().error(at, "two flotillas of " + r.variant().powers[power].name + " in " +
                                    r.variant().provinces[city].abbr);
        else
            s.flotillas.push_back(Flotilla{power, city});
    });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (state(position).flotillas.empty()) return;
    json flotillas = json::object();
    for (const Flotilla& f : state(position).flotillas)
        flotillas[variant.powers[f.power].name].push_back(variant.provinces[f.city].abbr);
    doc["flotillas"] = std::move(flotillas);
}

namespace {

// Why the river leg of `unit`'s supply line is not one the barges could carry, or empty: it
// names a river of the map, starts on the line, and follows the river's course to the line's
// end.
std::string river_leg_error(const Variant& v, const Unit& unit) {
    const UnitStats& s = unit.stats;
    const rivers::UnitAttributes& leg = rivers::attributes(s);
    if (leg.supply_river < 0) return {};
    const std::string who = describe_unit(v, unit.type, unit.location);
    const RiversRules& rules = rivers::parameters(v);
    if (!v.campaign->modules.enabled("rivers") ||
        static_cast<std::size_t>(leg.supply_river) >= rules.rivers.size())
        return who + "'s supply line goes along a river the map does not have";
    const auto r = static_cast<std::size_t>(leg.supply_river);
    const auto from = static_cast<std::size_t>(leg.supply_river_from);
    if (leg.supply_river_from < 0 || from + 1 >= s.supply_line.size())
        return who + "'s supply line takes to the " + rules.rivers[r].name +
               " where it has no river leg";
    for (std::size_t i = from; i < s.supply_line.size(); ++i) {
        const int at = rules.course_index(r, s.supply_line[i]);
        const int before = i == from ? at : rules.course_index(r, s.supply_line[i - 1]);
        if (at < 0 || (at != before && at != before + 1 && at != before - 1) ||
            (i > from && at == before))
            return who + "'s supply line leaves the course of the " + rules.rivers[r].name +
                   " at " + v.provinces[s.supply_line[i]].abbr;
    }
    return {};
}

}  // namespace

std::string check_position(const Variant& variant, const Position& position) {
    for (const Flotilla& f : state(position).flotillas) {
        const std::string city = variant.provinces[f.city].abbr;
        if (!variant.campaign || !variant.campaign->modules.enabled("rivers"))
            return "a flotilla at " + city + " on a map without navigable rivers";
        if (variant.campaign->city_class[f.city] == 0)
            return "a flotilla at " + city + ", which is no city";
        if (rivers::parameters(variant).rivers_at[f.city].empty())
            return "a flotilla at " + city + ", which is on no navigable river";
    }
    for (const Unit& u : position.units)
        if (std::string e = river_leg_error(variant, u); !e.empty()) return e;
    Position normal = position;
    normal.normalise();
    return normal_form_error("flotillas", state(normal).flotillas == state(position).flotillas);
}

}  // namespace adjutant::rivers
