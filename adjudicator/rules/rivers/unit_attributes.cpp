// SPDX-License-Identifier: Apache-2.0
// The rivers module's attribute of a unit in the position document (docs/positions.md): where
// its supply line takes to a river, after the supply step.
//
//   {"unit": "A DIN", "supply_line": ["DIN", "NAM"], "supply_river": {"river": "Meuse",
//    "from": "DIN"}}
//
// `from` is a province of the line (the supply module reads the line first); the line runs
// along the river from there to its end.
#include <algorithm>

#include "core/unit.h"
#include "position/position_reader.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/rivers.h"
#include "variant/variant.h"

namespace adjutant::rivers {

void read_unit(PositionReader& r, const nlohmann::json& item, const std::string& at,
               UnitStats& stats) {
    const nlohmann::json* leg = r.check().get(item, at, "supply_river", JsonKind::Object, false);
    if (leg == nullptr) return;
    const std::string here = json_child(at, "supply_river");
    JsonChecker& check = r.check();
    check.only_fields(*leg, here, {"river", "from"});
    const auto name = check.get_string(*leg, here, "river", true);
    const nlohmann::json* from = check.get(*leg, here, "from", JsonKind::String, true);
    if (!name || from == nullptr) return;
    const Variant& v = r.variant();
    const std::vector<River> none;
    const std::vector<River>& rivers =
        v.campaign && v.campaign->modules.enabled("rivers") ? rivers::parameters(v).rivers : none;
    const auto river =
        std::find_if(rivers.begin(), rivers.end(), [&](const River& x) { return x.name == *name; });
    if (river == rivers.end()) {
        check.error(json_child(here, "river"), "no navigable river " + quote_text(*name));
        return;
    }
    const ProvinceId p = r.province(*from, json_child(here, "from"));
    if (p == kNoProvince) return;
    const auto on = std::find(stats.supply_line.begin(), stats.supply_line.end(), p);
    if (on == stats.supply_line.end()) {
        check.error(json_child(here, "from"), v.provinces[p].abbr + " is not on the supply line");
        return;
    }
    UnitAttributes& own = attributes(stats);
    own.supply_river = static_cast<std::int32_t>(river - rivers.begin());
    own.supply_river_from = static_cast<std::int32_t>(on - stats.supply_line.begin());
}

void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item) {
    const UnitAttributes& leg = attributes(stats);
    if (leg.supply_river < 0 || !variant.campaign || !variant.campaign->modules.enabled("rivers"))
        return;
    const auto r = static_cast<std::size_t>(leg.supply_river);
    const auto from = static_cast<std::size_t>(leg.supply_river_from);
    if (r >= rivers::parameters(variant).rivers.size() || from >= stats.supply_line.size()) return;
    item["supply_river"] = {{"river", rivers::parameters(variant).rivers[r].name},
                            {"from", variant.provinces[stats.supply_line[from]].abbr}};
}

}  // namespace adjutant::rivers
