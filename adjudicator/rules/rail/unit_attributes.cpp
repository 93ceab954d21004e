// SPDX-License-Identifier: Apache-2.0
// The rail network module's attribute of a unit in the position document (docs/positions.md,
// docs/rail.md): after the rail step, whether the army's line of communication is Extended
// (18.1.2), which halves what its trains bring.
//
//   {"unit": "A NAM", "points": 600, "supply_extended": true}
#include "core/unit.h"
#include "position/position_reader.h"
#include "rules/rail/rail.h"

namespace adjutant::rail {

const std::string_view kUnitKeys[1] = {"supply_extended"};

void read_unit(PositionReader& r, const nlohmann::json& item, const std::string& at,
               UnitStats& stats) {
    attributes(stats).supply_extended = r.flag(item, at, "supply_extended");
}

void write_unit(const Variant&, const UnitStats& stats, nlohmann::json& item) {
    if (attributes(stats).supply_extended) item["supply_extended"] = true;
}

}  // namespace adjutant::rail
