// SPDX-License-Identifier: Apache-2.0
// The detachments module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"detachments": {"cost": 15, "per_city": 2, "per_province": 1}}
// Left out, Lone Warrior's numbers: 4e prices "Detachment (1 Squadron of Light Cavalry) 15", and 4f
// says "Only one detachment may occupy a hex and only two detachments may be deployed per city
// controlled".
#include "rules/detachments/parameters.h"
#include "rules/detachments/detachments.h"
#include "variant/variant_fields.h"

namespace adjutant::detachments {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {"cost", "per_city", "per_province"});
    DetachmentRules& rules = fields.campaign().modules.get<DetachmentRules>();
    rules.cost = static_cast<int>(fields.bounded(part, at, "cost", 0, 10000, 15));
    rules.per_city = static_cast<int>(fields.bounded(part, at, "per_city", 0, 20, 2));
    rules.per_province = static_cast<int>(fields.bounded(part, at, "per_province", 1, 4, 1));
}

}  // namespace adjutant::detachments
