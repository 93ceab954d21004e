// SPDX-License-Identifier: Apache-2.0
// Reading the campaign parts of a variant file (docs/variants.md, "Campaign maps") into
// Variant::campaign and Variant::strength. Every problem goes to `check` with its JSON path.
// Called after the base map has loaded without errors.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/json_check.h"
#include "variant/variant.h"

namespace adjutant {

void read_campaign(JsonChecker& check, Variant& variant, const nlohmann::json& document);

// The attributes of a unit written as an object: {"unit": "A LIE", "points": 600, ...}.
UnitStats read_unit_stats(JsonChecker& check, const nlohmann::json& object, const std::string& at);

}  // namespace adjutant
