// SPDX-License-Identifier: Apache-2.0
// The detachments module's hooks into the core (module/rule_module.h).
#include "rules/detachments/detachments.h"

#include "rules/detachments/week.h"
#include "rules/detachments/words.h"
#include "variant/variant.h"

namespace adjutant::detachments {

// Neither order is a unit's: a detachment shares its province with its own army, and each has
// its order.
const ModuleOrderKind kRaise{"raise detachment", false, check_raise, order_text};
const ModuleOrderKind kMove{"detachment move", false, check_move, order_text};

const std::string_view kPositionKeys[2] = {"detachments", "scouted"};

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("detachments");
}

// The moves first, so a detachment leaving a city makes room for one raised there; then the
// detachments raised; then those an enemy army came upon where they stand; and, as a season
// ends, the extra ones are disbanded against the cities held once the week is over (a power
// left with no city at all loses them at once).
void end_of_week(TurnContext& context) {
    Week week = start_week(context);
    move_detachments(week);
    raise_detachments(week);
    detachments_overrun(week);
    finish_week(week);
    disband_cityless(context);
    if (season_ended(context)) disband_extra(context);
}

const std::string_view kNeeds[3] = {"army_strength", "sieges", "supply"};

const RuleModule kModule{
    .name = "detachments",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .conflict = conflict,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .check_position = check_position,
    .occupies = occupies,
    .reveals = reveals,
    .hide = hide,
};

}  // namespace adjutant::detachments
