// SPDX-License-Identifier: Apache-2.0
// The army strength module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"army_strength": {"min_points": 250, "max_points": 750}}
// Left out, Lone Warrior 4c's 250 and 750.
#include "rules/army_strength/parameters.h"
#include "rules/army_strength/army_strength.h"
#include "variant/variant_fields.h"

namespace adjutant::army_strength {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {"min_points", "max_points"});
    ArmyStrengthRules& rules = fields.campaign().modules.get<ArmyStrengthRules>();
    rules.min_points = static_cast<int>(fields.bounded(part, at, "min_points", 1, 100'000, 250));
    rules.max_points = static_cast<int>(fields.bounded(part, at, "max_points", 1, 100'000, 750));
    if (rules.max_points < rules.min_points)
        fields.check().error(json_child(at, "max_points"), "must be at least min_points");
}

}  // namespace adjutant::army_strength
