// SPDX-License-Identifier: Apache-2.0
// The generals module's part of a variant file (docs/variants.md, "Campaign maps"):
//   "rules": {"generals": {"pool": 20, "names": {"Germany": ["von Kluck", ...], ...}}}
// `pool` left out is Lone Warrior 4g's twenty. `names` are each power's generals in rank order:
// the first make the starting pool, the rest replace the fallen in turn. A power given too few
// (or none) has its others named "<Power> general N", so a variant need name nobody.
#include "rules/generals/parameters.h"
#include "rules/generals/generals.h"
#include "variant/variant_fields.h"

namespace adjutant::generals {

using nlohmann::json;

void read_parameters(VariantFields& fields, const json& part, const std::string& at) {
    JsonChecker& check = fields.check();
    check.only_fields(part, at, {"pool", "names"});
    GeneralsRules& rules = fields.campaign().modules.get<GeneralsRules>();
    rules.pool = static_cast<int>(fields.bounded(part, at, "pool", 1, 99, 20));
    rules.names.assign(fields.variant().powers.size(), {});
    const json* names = check.get(part, at, "names", JsonKind::Object, false);
    if (names == nullptr) return;
    fields.for_each_power(*names, json_child(at, "names"),
                          [&](PowerId power, const json& list, const std::string& here) {
                              if (!check.expect(list, here, JsonKind::Array)) return;
                              auto& out = rules.names[power];
                              for (std::size_t i = 0; i < list.size(); ++i) {
                                  const std::string item = json_child(here, i);
                                  if (!check.expect(list[i], item, JsonKind::String)) continue;
                                  const std::string name = list[i].get<std::string>();
                                  if (name.empty())
                                      check.error(item, "a general has a name");
                                  else if (std::find(out.begin(), out.end(), name) != out.end())
                                      check.error(item, "two generals named " + quote_text(name));
                                  else
                                      out.push_back(name);
                              }
                          });
}

}  // namespace adjutant::generals
