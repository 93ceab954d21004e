// SPDX-License-Identifier: Apache-2.0
// The experience module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"experience": {"start": {"Germany": {"army": "MAL", "class": "elite"},
//                                      "Britain": {"army": "BOU", "class": "veteran"}}}}
// Each power names the start army that holds its guards ("elite") or veterans ("veteran") and
// their points, 250 when left out (4d: "Each nation starts with 250 points worth of guards or
// veterans"). A power not named starts trained throughout, as every power does on a map that
// names none (a test map).
#include "rules/experience/parameters.h"
#include "rules/experience/experience.h"
#include "variant/variant_fields.h"

namespace adjutant::experience {

using nlohmann::json;

namespace {

void read_start(VariantFields& fields, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = fields.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"army", "class", "points"});
    ExperienceStart start;
    start.power = power;
    if (const json* army = check.get(item, at, "army", JsonKind::String, true))
        start.army = fields.province(*army, json_child(at, "army"));
    const std::optional<std::string> named = check.get_string(item, at, "class", true);
    if (named && *named != "elite" && *named != "veteran")
        check.error(json_child(at, "class"),
                    "a nation starts with guards (\"elite\") or veterans (\"veteran\")");
    start.guards = named && *named == "elite";
    start.points = fields.bounded(item, at, "points", 0, 1'000'000, 250);
    if (start.army == kNoProvince) return;
    const Variant& v = fields.variant();
    const auto it = std::find_if(v.start_units.begin(), v.start_units.end(), [&](const auto& s) {
        return s.power == power && s.type == UnitType::Army && s.location.province == start.army;
    });
    if (it == v.start_units.end())
        check.error(json_child(at, "army"), "no start army of " + v.powers[power].name + " in " +
                                                v.provinces[start.army].abbr);
    else if (it->stats.points < start.points)
        check.error(json_child(at, "points"), "the army in " + v.provinces[start.army].abbr +
                                                  " starts with only " +
                                                  std::to_string(it->stats.points) + " points");
    fields.campaign().modules.get<ExperienceRules>().start.push_back(start);
}

}  // namespace

std::int64_t ExperienceRules::starting_elite(PowerId power) const {
    for (const ExperienceStart& s : start)
        if (s.power == power && s.guards) return s.points;
    return 0;
}

void read_parameters(VariantFields& fields, const json& part, const std::string& at) {
    JsonChecker& check = fields.check();
    check.only_fields(part, at, {"start"});
    fields.campaign().modules.get<ExperienceRules>().start.clear();
    const json* start = check.get(part, at, "start", JsonKind::Object, false);
    if (start == nullptr) return;
    fields.for_each_power(*start, json_child(at, "start"),
                          [&](PowerId power, const json& item, const std::string& here) {
                              read_start(fields, power, item, here);
                          });
}

}  // namespace adjutant::experience
