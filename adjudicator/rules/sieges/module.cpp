// SPDX-License-Identifier: Apache-2.0
// The siege module's hooks into the core (module/rule_module.h).
#include "rules/sieges/sieges.h"
#include "rules/sieges/words.h"

namespace adjutant::sieges {

// The besieger's orders are the army's own; the garrison's name the fortress it shares with its
// besieger and are no unit's. Half rations tell the garrison's stores (ModuleOrderKind::supply).
const ModuleOrderKind kBesiege{"besiege", true, check_siege_order, besieger_text};
const ModuleOrderKind kLiftSiege{"lift siege", true, check_siege_order, besieger_text};
const ModuleOrderKind kAssault{"assault", true, check_siege_order, besieger_text};
const ModuleOrderKind kBreach{"breach", true, check_siege_order, besieger_text};
const ModuleOrderKind kSortie{"sortie", false, check_siege_order, garrison_text};
const ModuleOrderKind kHalfRations{"half rations", false,   check_siege_order,
                                   garrison_text,  nullptr, true};
const ModuleOrderKind kStand{"stand", false, check_siege_order, garrison_text};
const ModuleOrderKind kGarrisonSupport{"garrison support", false, check_siege_order, garrison_text};

const std::string_view kPositionKeys[3] = {"garrisons", "sieges", "breaches"};

const RuleModule kModule{
    .name = "sieges",
    .enabled = enabled,
    .words = kWords.spellings,
    .read_order = read_order,
    .read_unit_action = read_unit_action,
    .order_start = &kOrderStart,
    .unit_action_start = &kUnitActionStart,
    .defence_points = fortified_points,
    .attack_points = relief_points,
    .after_movement = after_movement,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .unit_keys = kUnitKeys,
    .read_unit = read_unit,
    .write_unit = write_unit,
    .check_position = check_position,
    .start_position = start_position,
    .occupies = occupies,
    .hide = hide,
    .summary = summary,
};

}  // namespace adjutant::sieges
