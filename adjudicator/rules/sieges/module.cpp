// SPDX-License-Identifier: Apache-2.0
// The siege module's hooks into the core (module/rule_module.h).
#include "rules/sieges/sieges.h"

namespace adjutant::sieges {

const RuleModule kModule{
    .name = "sieges",
    .enabled = enabled,
    .defence_points = fortified_points,
    .attack_points = relief_points,
    .after_movement = after_movement,
};

}  // namespace adjutant::sieges
