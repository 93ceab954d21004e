// SPDX-License-Identifier: Apache-2.0
// The fog of war module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"fog_of_war": {}}
// It takes no parameters yet: its presence turns the fog on.
#include <nlohmann/json.hpp>

#include "rules/fog_of_war/fog_of_war.h"
#include "variant/campaign.h"
#include "variant/variant_fields.h"

namespace adjutant::fog_of_war {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {});
}

}  // namespace adjutant::fog_of_war
