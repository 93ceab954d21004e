// SPDX-License-Identifier: Apache-2.0
// The reinforcements module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"reinforcements": {}}
// It takes no parameters: a point of the treasury is a point of troops (4b's replacement points
// are the armies' points), new armies have the army strength module's limits (4c), and what
// they carry is the supply module's.
#include "core/json_check.h"
#include "rules/reinforcements/reinforcements.h"
#include "variant/variant_fields.h"

namespace adjutant::reinforcements {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {});
    // No check that the supply module is on, though the troops are paid from its treasury: the
    // orders say so where it is off (the modules' parts are read in the registry's order, this
    // one before the supply's).
}

}  // namespace adjutant::reinforcements
