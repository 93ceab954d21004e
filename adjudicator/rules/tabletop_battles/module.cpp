// SPDX-License-Identifier: Apache-2.0
// The tabletop battles module's hooks into the core (module/rule_module.h).
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

bool enabled(const Variant& variant) {
    return fights_on_tabletop(variant);
}

}  // namespace

const std::string_view kNeeds[2] = {"experience", "sieges"};

const RuleModule kModule{
    .name = "tabletop_battles",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .defence_points = winner_points,
    .after_movement = apply_results,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .check_position = check_position,
    .gm_actions = kGmActions,
};

}  // namespace adjutant::tabletop_battles
