// SPDX-License-Identifier: Apache-2.0
// The supply module's attributes of a unit in the position document (docs/positions.md): the
// weeks of supply it carries and, after the supply step, the road it draws supply along.
//
//   {"unit": "A LIE", "points": 600, "supply": 2, "supply_line": ["LIE", "AAC", "KOL"]}
#include "core/unit.h"
#include "position/position_reader.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

const std::string_view kUnitKeys[2] = {"supply", "supply_line"};

void read_unit(PositionReader& r, const nlohmann::json& item, const std::string& at,
               UnitStats& stats) {
    stats.supply = r.integer<std::int32_t>(item, at, "supply");
    const nlohmann::json* line = r.check().get(item, at, "supply_line", JsonKind::Array, false);
    if (line == nullptr) return;
    const std::string here = json_child(at, "supply_line");
    for (std::size_t i = 0; i < line->size(); ++i)
        if (ProvinceId p = r.province((*line)[i], json_child(here, i)); p != kNoProvince)
            stats.supply_line.push_back(p);
}

void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item) {
    if (stats.supply != 0) item["supply"] = stats.supply;
    if (stats.supply_line.empty()) return;
    nlohmann::json line = nlohmann::json::array();
    for (ProvinceId p : stats.supply_line) line.push_back(variant.provinces[p].abbr);
    item["supply_line"] = std::move(line);
}

}  // namespace adjutant::supply
