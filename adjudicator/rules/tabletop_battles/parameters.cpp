// SPDX-License-Identifier: Apache-2.0
// The tabletop battles module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"tabletop_battles": {}}
// It takes no parameters: its presence sends the campaign's battles to the tabletop.
#include <nlohmann/json.hpp>

#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/campaign.h"
#include "variant/variant_fields.h"

namespace adjutant::tabletop_battles {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {});
}

}  // namespace adjutant::tabletop_battles
