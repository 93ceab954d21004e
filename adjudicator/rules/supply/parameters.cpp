// SPDX-License-Identifier: Apache-2.0
// The supply module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"supply": {"train_speed": 2, "attrition_percent": 10, "carry_weeks": 2,
//                        "train_cost": 2}}
// Every field may be left out for its default (variant/campaign.h): trains move 2 provinces a week,
// unsupplied armies lose 10% of their points, armies carry 2 weeks, a train costs 2 points.
#include "rules/supply/parameters.h"
#include "rules/supply/supply.h"
#include "variant/variant_fields.h"

namespace adjutant::supply {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at,
                               {"train_speed", "attrition_percent", "carry_weeks", "train_cost"});
    SupplyRules& rules = fields.campaign().modules.get<SupplyRules>();
    rules.train_speed = static_cast<int>(fields.bounded(part, at, "train_speed", 1, 20, 2));
    rules.attrition_percent =
        static_cast<int>(fields.bounded(part, at, "attrition_percent", 0, 100, 10));
    rules.carry_weeks = static_cast<int>(fields.bounded(part, at, "carry_weeks", 0, 52, 2));
    rules.train_cost = static_cast<int>(fields.bounded(part, at, "train_cost", 0, 10'000, 2));
}

}  // namespace adjutant::supply
