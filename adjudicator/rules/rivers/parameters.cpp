// SPDX-License-Identifier: Apache-2.0
// The rivers module's part of a variant file (docs/variants.md, "Campaign maps"; docs/rivers.md):
//   "rules": {"rivers": {"flotilla_cost": 200, "rivers": [
//       {"name": "Meuse", "course": ["TOU", "VER", ...], "bridges": {"VER": "Verdun", ...}}]}}
// A river's `course` is its navigable stretch on the map, upstream first, each province joined to
// the next by a road (so a river runs where armies can follow it). `bridges` are the course
// provinces where a bridge crosses it, each with its town; an enemy army there cuts the river.
// `flotilla_cost` left out is 4e's "Barge Flotilla ... 200".
#include <algorithm>

#include "core/json_check.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/rivers.h"
#include "variant/variant_fields.h"

namespace adjutant::rivers {

namespace {

using nlohmann::json;

void read_course(VariantFields& fields, const json& list, const std::string& at, River& river) {
    JsonChecker& check = fields.check();
    const Variant& v = fields.variant();
    if (!check.expect(list, at, JsonKind::Array)) return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string here = json_child(at, i);
        const ProvinceId p = fields.province(list[i], here);
        if (p == kNoProvince) continue;
        if (v.provinces[p].terrain == Terrain::Sea) {
            check.error(here, v.provinces[p].abbr + " is a sea: a river's course is on land");
            continue;
        }
        if (std::find(river.course.begin(), river.course.end(), p) != river.course.end()) {
            check.error(here, "the course passes " + v.provinces[p].abbr + " twice");
            continue;
        }
        if (!river.course.empty() && !fields.campaign().road(river.course.back(), p))
            check.error(here, "no road joins " + v.provinces[river.course.back()].abbr + " and " +
                                  v.provinces[p].abbr +
                                  ": a course goes from province to "
                                  "neighbouring province");
        river.course.push_back(p);
    }
    if (river.course.size() < 2) check.error(at, "a navigable course has at least two provinces");
}

void read_bridges(VariantFields& fields, const json& object, const std::string& at, River& river) {
    JsonChecker& check = fields.check();
    river.bridge.assign(river.course.size(), 0);
    river.bridge_name.assign(river.course.size(), std::string());
    if (!check.expect(object, at, JsonKind::Object)) return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string here = json_child(at, it.key());
        const ProvinceId p = fields.province(json(it.key()), here);
        if (p == kNoProvince) continue;
        const auto on = std::find(river.course.begin(), river.course.end(), p);
        if (on == river.course.end()) {
            check.error(here, "a bridge of the " + river.name + " is on its course; " +
                                  fields.variant().provinces[p].abbr + " is not");
            continue;
        }
        if (!check.expect(it.value(), here, JsonKind::String)) continue;
        const auto i = static_cast<std::size_t>(on - river.course.begin());
        river.bridge[i] = 1;
        river.bridge_name[i] = it.value().get<std::string>();
    }
}

void read_river(VariantFields& fields, const json& item, const std::string& at,
                RiversRules& rules) {
    JsonChecker& check = fields.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"name", "course", "bridges"});
    River river;
    if (auto name = check.get_string(item, at, "name", true)) river.name = *name;
    if (river.name.empty()) check.error(json_child(at, "name"), "a river has a name");
    for (const River& other : rules.rivers)
        if (!river.name.empty() && other.name == river.name)
            check.error(json_child(at, "name"), "two rivers named " + quote_text(river.name));
    if (const json* course = check.get(item, at, "course", JsonKind::Array, true))
        read_course(fields, *course, json_child(at, "course"), river);
    const json* bridges = check.get(item, at, "bridges", JsonKind::Object, false);
    read_bridges(fields, bridges != nullptr ? *bridges : json::object(), json_child(at, "bridges"),
                 river);
    rules.rivers.push_back(std::move(river));
}

}  // namespace

int RiversRules::course_index(std::size_t river, ProvinceId province) const {
    const std::vector<ProvinceId>& course = rivers[river].course;
    const auto it = std::find(course.begin(), course.end(), province);
    return it == course.end() ? -1 : static_cast<int>(it - course.begin());
}

void read_parameters(VariantFields& fields, const json& part, const std::string& at) {
    JsonChecker& check = fields.check();
    check.only_fields(part, at, {"flotilla_cost", "rivers"});
    CampaignMap& c = fields.campaign();
    RiversRules& rules = c.modules.get<RiversRules>();
    if (!c.modules.enabled("supply"))
        check.error(at, "rivers carry supply lines: the variant needs the supply module too");
    rules.flotilla_cost = fields.bounded(part, at, "flotilla_cost", 0, 100'000, 200);
    if (const json* list = check.get(part, at, "rivers", JsonKind::Array, true)) {
        if (list->size() > 250) check.error(json_child(at, "rivers"), "at most 250 rivers");
        for (std::size_t i = 0; i < list->size() && i < 250; ++i)
            read_river(fields, (*list)[i], json_child(json_child(at, "rivers"), i), rules);
    }
    rules.rivers_at.assign(fields.variant().provinces.size(), {});
    for (std::size_t r = 0; r < rules.rivers.size(); ++r)
        for (ProvinceId p : rules.rivers[r].course)
            rules.rivers_at[p].push_back(static_cast<std::uint8_t>(r));
}

}  // namespace adjutant::rivers
