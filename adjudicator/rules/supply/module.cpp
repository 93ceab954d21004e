// SPDX-License-Identifier: Apache-2.0
// The supply module's hooks into the core (module/rule_module.h).
#include "rules/supply/supply.h"

namespace adjutant::supply {

const RuleModule kModule{
    .name = "supply",
    .enabled = enabled,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
};

}  // namespace adjutant::supply
