// SPDX-License-Identifier: Apache-2.0
// The field works module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"field_works": {"defence_percent": 100}}
// `defence_percent` is the share of an army's points its works add (variant/campaign.h); left
// out, 100: one redoubt per battery and one entrenchment per battalion (5b) put the whole army
// behind works.
#include "rules/field_works/parameters.h"
#include "rules/field_works/field_works.h"
#include "variant/variant_fields.h"

namespace adjutant::field_works {

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at) {
    fields.check().only_fields(part, at, {"defence_percent"});
    fields.campaign().modules.get<FieldWorksRules>().defence_percent =
        static_cast<int>(fields.bounded(part, at, "defence_percent", 0, 400, 100));
}

}  // namespace adjutant::field_works
