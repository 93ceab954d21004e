// SPDX-License-Identifier: Apache-2.0
// The rail network module's hooks into the core (module/rule_module.h).
#include "rules/rail/rail.h"

namespace adjutant::rail {

const RuleModule kModule{
    .name = "rail_network",
    .enabled = enabled,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
};

}  // namespace adjutant::rail
