// SPDX-License-Identifier: Apache-2.0
#include "report/event_readers.h"

#include <algorithm>
#include <array>
#include <utility>

#include "result/adjudication.h"

namespace adjutant {

namespace {

using enum EventReaders;

// One row per kind, sorted by kind (checked below). docs/fog-of-war.md, "Events", gives the
// same table in words.
constexpr auto kReaders = std::to_array<std::pair<std::string_view, EventReaders>>({
    // Splits and joins tell the supply they share out; an order that failed is its own.
    {"army.equipment_captured", InSight},
    {"army.equipment_destroyed", InSight},
    {"army.join_failed", Owner},
    {"army.joined", Owner},
    {"army.split", Owner},
    {"army.split_failed", Owner},
    {"control.city", Everyone},
    {"country.lost", Everyone},
    // Raising one is a purchase (the treasury); a scouting report is its power's (4f).
    {"detachment.blocked", Owner},
    {"detachment.combat", InSight},
    {"detachment.disbanded", InSight},
    {"detachment.equipment_captured", InSight},
    {"detachment.equipment_destroyed", InSight},
    {"detachment.gave_way", InSight},
    {"detachment.moved", InSight},
    {"detachment.not_raised", Owner},
    {"detachment.overrun", InSight},
    {"detachment.raised", Owner},
    {"detachment.scouting", Owner},
    {"detachment.train_captured", InSight},
    {"detachment.train_destroyed", InSight},
    // An army's experience shows with the army (docs/experience.md).
    {"experience.change", InSight},
    {"experience.joined", InSight},
    {"experience.losses", InSight},
    {"experience.split", InSight},
    // A garrison's stores and its fall for want of them; its march out is seen.
    {"garrison.out_of_supply", Owner},
    {"garrison.safe_conduct", InSight},
    // The pools of generals are each nation's records (docs/generals.md).
    {"general.appointed", Owner},
    {"general.lost", Owner},
    {"general.replacement", Owner},
    {"general.transfer_failed", Owner},
    {"general.transferred", Owner},
    {"general.type_roll", Owner},
    // Lines of communication and their capacity (docs/rail.md).
    {"loc.extended", Owner},
    {"loc.line", Owner},
    {"loc.none", Owner},
    // Rail states show where they are seen; the ground is public; rides spend rail capacity.
    {"rail.capacity", InSight},
    {"rail.controlled", InSight},
    {"rail.converted", InSight},
    {"rail.demolished", InSight},
    {"rail.exceptional", InSight},
    {"rail.ground", Everyone},
    {"rail.non_operational", InSight},
    {"rail.over_capacity", Owner},
    {"rail.repaired", InSight},
    {"rail.ride", Owner},
    // Paid from the treasury, with the new army's supply.
    {"reinforcements.raised", Owner},
    {"reinforcements.reinforced", Owner},
    {"replacements", Owner},
    {"replacements.none", Owner},
    {"rivers.flotilla_bought", Owner},
    {"rivers.flotilla_lost", InSight},
    // A siege is fought in sight of both sides; the rolls that read a garrison's rations or
    // stores, or a general's type roll, are their power's.
    {"siege.abandon", InSight},
    {"siege.assault", InSight},
    {"siege.breach", InSight},
    {"siege.destroyed", InSight},
    {"siege.disease", Owner},
    {"siege.fell", InSight},
    {"siege.general", Owner},
    {"siege.generalship", Owner},
    {"siege.grace", InSight},
    {"siege.laid", InSight},
    {"siege.laying", InSight},
    {"siege.lifted", InSight},
    {"siege.nerves", InSight},
    {"siege.raised", InSight},
    {"siege.rations", Owner},
    {"siege.relief", InSight},
    {"siege.repaired", InSight},
    {"siege.retire", InSight},
    {"siege.sortie", InSight},
    {"siege.treachery", InSight},
    {"siege.withdraw", InSight},
    // Supply: what an army carries, its line, its trains' errands and the treasury's purchases.
    {"supply.attrition", Owner},
    {"supply.bought", Owner},
    {"supply.captured", Owner},
    {"supply.consumed", Owner},
    {"supply.cut", Owner},
    {"supply.delivered", Owner},
    {"supply.destroyed", Owner},
    {"supply.dispatched", Owner},
    {"supply.enemy_line", Owner},
    {"supply.garrison", Owner},
    {"supply.in_port", Owner},
    {"supply.line", Owner},
    {"supply.moving", Owner},
    {"supply.not_sent", Owner},
    {"supply.policy", Owner},
    {"supply.returned", Owner},
    {"supply.standing", Owner},
    {"supply.stores_captured", Owner},
    {"supply.turned_back", Owner},
    {"supply.waiting", Owner},
    {"tabletop.battle", InSight},
    {"tabletop.destroyed", InSight},
    {"tabletop.general_killed", InSight},
    {"tabletop.losses", InSight},
    {"tabletop.unfought", InSight},
    // Field works show where they are seen; one that could not be finished is its order's.
    {"works.dug", InSight},
    {"works.given_up", InSight},
    {"works.held", InSight},
    {"works.unfinished", Owner},
});

static_assert(std::is_sorted(kReaders.begin(), kReaders.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; }));

}  // namespace

std::optional<EventReaders> event_readers(std::string_view kind) {
    const auto it =
        std::lower_bound(kReaders.begin(), kReaders.end(), kind,
                         [](const auto& row, std::string_view k) { return row.first < k; });
    if (it == kReaders.end() || it->first != kind) return std::nullopt;
    return it->second;
}

std::string_view others_reason(std::string_view reason) {
    // Every reason but NotCarriedOut, whose text sends the reader to the events.
    constexpr Reason kBoardReasons[] = {Reason::Bounced,    Reason::Dislodged, Reason::Cut,
                                        Reason::Void,       Reason::NoConvoy,  Reason::Paradox,
                                        Reason::Disbanded,  Reason::Illegal,   Reason::StoppedShort,
                                        Reason::CanalClosed};
    for (const Reason r : kBoardReasons)
        if (reason == reason_text(r)) return reason;
    return kNotCarriedOut;
}

}  // namespace adjutant
