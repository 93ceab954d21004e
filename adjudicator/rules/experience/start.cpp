// SPDX-License-Identifier: Apache-2.0
// The starting classes (Lone Warrior 4d): "All troops begin the campaign trained except guards who
// count elite. Nations without guards begin the campaign with some veteran troops." Each power's
// guards or veterans are in the start army the variant names; the rest of every army is
// trained, which a position does not record.
#include "position/position.h"
#include "rules/experience/experience.h"
#include "rules/experience/parameters.h"
#include "variant/variant.h"

namespace adjutant::experience {

void start_position(const Variant& variant, Position& position) {
    if (!enabled(variant)) return;
    for (const ExperienceStart& s : experience::parameters(variant).start) {
        const Unit* army = position.unit_at(s.army);
        if (army == nullptr || army->power != s.power || army->stats.id == 0 || s.points == 0)
            continue;
        ArmyClasses record{.power = s.power, .army = army->stats.id};
        (s.guards ? record.elite : record.veteran) = s.points;
        state(position).armies.push_back(record);
    }
    state(position).normalise();
}

}  // namespace adjutant::experience
