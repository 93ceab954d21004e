// SPDX-License-Identifier: Apache-2.0
// The sieges module's attributes of a unit in the position document (docs/positions.md): its
// siege guns, its general and his type roll, and a bloody repulse that keeps it from resuming
// a siege (5i).
//
//   {"unit": "A VER", "points": 900, "siege_guns": 4, "general": "Kluck", "general_roll": 6,
//    "repulsed": {"province": "VER", "points": 700}}
#include "core/unit.h"
#include "position/position_reader.h"
#include "rules/sieges/sieges.h"
#include "variant/variant.h"

namespace adjutant::sieges {

const std::string_view kUnitKeys[4] = {"siege_guns", "general", "general_roll", "repulsed"};

void read_unit(PositionReader& r, const nlohmann::json& item, const std::string& at,
               UnitStats& stats) {
    JsonChecker& check = r.check();
    stats.siege_guns = r.integer<std::int32_t>(item, at, "siege_guns");
    if (auto general = check.get_string(item, at, "general", false)) stats.general = *general;
    UnitAttributes& own = attributes(stats);
    own.general_roll = r.integer<std::int32_t>(item, at, "general_roll");
    const nlohmann::json* repulsed = check.get(item, at, "repulsed", JsonKind::Object, false);
    if (repulsed == nullptr) return;
    const std::string here = json_child(at, "repulsed");
    check.only_fields(*repulsed, here, {"province", "points"});
    if (const nlohmann::json* where =
            check.get(*repulsed, here, "province", JsonKind::String, true))
        own.repulsed_from = r.province(*where, json_child(here, "province"));
    own.repulsed_points = r.integer<std::int64_t>(*repulsed, here, "points");
}

void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item) {
    if (stats.siege_guns != 0) item["siege_guns"] = stats.siege_guns;
    if (!stats.general.empty()) item["general"] = stats.general;
    const UnitAttributes& own = attributes(stats);
    if (own.general_roll != 0) item["general_roll"] = own.general_roll;
    if (own.repulsed_from != kNoProvince)
        item["repulsed"] = {{"province", variant.provinces[own.repulsed_from].abbr},
                            {"points", own.repulsed_points}};
}

}  // namespace adjutant::sieges
