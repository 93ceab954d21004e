// SPDX-License-Identifier: Apache-2.0
// The `rules` section of a variant file: rule modules and their parameters.
//
//   "rules": {
//     "rail_lines": [{"name": "TSR", "power": "Russia", "units": "army",
//                     "provinces": ["MOS", "PRM", ...], "stop_at_foreign_centers": true}],
//     "canals": [{"name": "SUEZ", "between": ["MED", "RED"], "via": "EGY"}],
//     "center_exceptions": [{"province": "HON", "not_for": ["China"]}]
//   }
//
// Reads into `variant` (whose provinces, powers and names are already loaded); every problem
// goes to `check` with its JSON path. Campaign modules are reserved names, accepted unread.
#pragma once

#include <nlohmann/json.hpp>

#include "core/json_check.h"
#include "variant/variant.h"

namespace adjutant {

void read_rules(JsonChecker& check, Variant& variant, const nlohmann::json& document);

}  // namespace adjutant
