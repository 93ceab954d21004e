// SPDX-License-Identifier: Apache-2.0
// The rail network module's hooks into the core (module/rule_module.h).
#include "orders/order_reader.h"
#include "rules/rail/rail.h"
#include "rules/rail/words.h"

namespace adjutant::rail {

// The army holds while its engineers work: the order is the army's.
const ModuleOrderKind kDemolish{"demolish", true, check_rail_works_order, works_text};
const ModuleOrderKind kRepair{"repair", true, check_rail_works_order, works_text};

const RideRules kRideRules{
    .plan = plan_rides,
    .stopped_by = ride_stopped_by,
    .may_end = ride_may_end,
    .events = ride_events,
};
const ModuleOrderKind kRide{"rail ride", true, check_ride, ride_text, &kRideRules};

// Rail works and conversions begin with their word, rides with a move operator.
constexpr ModuleWord kUnitActionWords[] = {
    kWords["demolish"], kWords["demolishes"], kWords["repair"],  kWords["repairs"],
    kWords["convert"],  kWords["converts"],   kWords["regauge"], kWords["regauges"]};
// A ride holds RAIL (ride_syntax.cpp's rail_ahead); a named line's ride is the core's.
const SyntaxStart kUnitActionStart{.words = kUnitActionWords, .move_operator = true};

SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order) {
    // Most lines offered here are moves, which only the ride may take.
    if (!reader.next_is(kWords["demolish"], kWords["demolishes"], kWords["repair"],
                        kWords["repairs"], kWords["convert"], kWords["converts"], kWords["regauge"],
                        kWords["regauges"]))
        return read_ride(reader, order);
    const SyntaxMatch works = read_works(reader, order);
    if (works != SyntaxMatch::NotMine) return works;
    const SyntaxMatch convert = read_convert(reader, order);
    return convert != SyntaxMatch::NotMine ? convert : read_ride(reader, order);
}

const std::string_view kPositionKeys[5] = {"rail", "control", "interdicted", "demolished",
                                           "converted"};

const std::string_view kNeeds[1] = {"sieges"};

const RuleModule kModule{
    .name = "rail_network",
    .needs = kNeeds,
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_unit_action = read_unit_action,
    .unit_action_start = &kUnitActionStart,
    .after_movement = after_movement,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
    .unit_keys = kUnitKeys,
    .read_unit = read_unit,
    .write_unit = write_unit,
    .check_position = check_position,
    .start_position = initialise,
    .hide = hide,
    .gm_actions = kGmActions,
    .summary = summary,
};

}  // namespace adjutant::rail
