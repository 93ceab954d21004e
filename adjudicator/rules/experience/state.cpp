// SPDX-License-Identifier: Apache-2.0
#include "rules/experience/state.h"

#include <algorithm>

#include "position/position.h"
#include "rules/experience/experience.h"

namespace adjutant::experience {

std::string_view class_name(Class c) {
    return kClassNames[static_cast<std::size_t>(c)];
}

std::optional<Class> class_named(std::string_view name) {
    for (std::size_t i = 0; i < kClassNames.size(); ++i)
        if (kClassNames[i] == name) return static_cast<Class>(i);
    return std::nullopt;
}

std::int64_t* ArmyClasses::slot(Class c) {
    switch (c) {
        case Class::Elite:
            return &elite;
        case Class::Veteran:
            return &veteran;
        case Class::Raw:
            return &raw;
        case Class::Trained:
            break;
    }
    return nullptr;
}

std::int64_t ArmyClasses::of(Class c) const {
    switch (c) {
        case Class::Elite:
            return elite;
        case Class::Veteran:
            return veteran;
        case Class::Raw:
            return raw;
        case Class::Trained:
            break;
    }
    return 0;
}

const ArmyClasses* ExperienceState::of(PowerId power, std::uint32_t army) const {
    for (const ArmyClasses& a : armies)
        if (a.power == power && a.army == army) return &a;
    return nullptr;
}

const ArmyClasses* ExperienceState::of(const Unit& unit) const {
    if (unit.type != UnitType::Army || unit.stats.id == 0) return nullptr;
    return of(unit.power, unit.stats.id);
}

std::int64_t ExperienceState::elite_of(PowerId power) const {
    std::int64_t total = 0;
    for (const ArmyClasses& a : armies)
        if (a.power == power) total += a.elite;
    return total;
}

void ExperienceState::normalise() {
    std::erase_if(armies, [](const ArmyClasses& a) { return a.empty(); });
    std::sort(armies.begin(), armies.end(), [](const ArmyClasses& a, const ArmyClasses& b) {
        return a.power != b.power ? a.power < b.power : a.army < b.army;
    });
}

const ExperienceState& state(const Position& position) {
    return position.modules.get_or_empty<ExperienceState>();
}

ExperienceState& state(Position& position) {
    return position.modules.get<ExperienceState>();
}

const Unit* find_army(const Position& position, PowerId power, std::uint32_t id) {
    for (const Unit& u : position.units)
        if (u.power == power && u.stats.id == id) return &u;
    for (const DislodgedUnit& d : position.dislodged)
        if (d.unit.power == power && d.unit.stats.id == id) return &d.unit;
    return nullptr;
}

}  // namespace adjutant::experience
