// SPDX-License-Identifier: Apache-2.0
// What the experience module keeps in a position from week to week (Lone Warrior 4d;
// docs/experience.md): per army, the points of each class other than trained. An army's trained
// points are the rest of its points, so an army without a record is trained throughout. It lives
// in the position's module states (position/module_state.h). Public, as the other modules'
// states are, for the server (the GM's class changes) and the tests that set a position up.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/ids.h"

namespace adjutant {
struct Position;
struct Unit;
}  // namespace adjutant

namespace adjutant::experience {

// 4d-4e: "guards who count elite", "veteran", "trained", "raw", best first.
enum class Class : std::uint8_t { Elite, Veteran, Trained, Raw };
inline constexpr std::array<std::string_view, 4> kClassNames{"elite", "veteran", "trained", "raw"};

std::string_view class_name(Class c);
std::optional<Class> class_named(std::string_view name);

// A change of class the GM notes after a battle (4e: "Commanders should note any change in
// class for experience"): `points` of the army that stood in `army` as the week began go from
// one class to another.
struct ClassChange {
    ProvinceId army = kNoProvince;
    Class from = Class::Trained;
    Class to = Class::Trained;
    std::int64_t points = 0;

    friend bool operator==(const ClassChange&, const ClassChange&) = default;
    friend auto operator<=>(const ClassChange&, const ClassChange&) = default;
};

// The points of army `army` of `power` in each class but trained.
struct ArmyClasses {
    PowerId power = kNoPower;
    std::uint32_t army = 0;  // the army's id (core/unit.h's stats.id)
    std::int64_t elite = 0;
    std::int64_t veteran = 0;
    std::int64_t raw = 0;

    // The record's points of `c`; trained is never recorded (it is the army's rest), so its
    // slot is nullptr and its `of` 0.
    std::int64_t* slot(Class c);
    std::int64_t of(Class c) const;
    std::int64_t recorded() const { return elite + veteran + raw; }
    bool empty() const { return recorded() == 0; }
    friend bool operator==(const ArmyClasses&, const ArmyClasses&) = default;
};

struct ExperienceState {
    std::vector<ArmyClasses> armies;  // sorted by power then army, none empty

    const ArmyClasses* of(PowerId power, std::uint32_t army) const;
    // The record of `unit`, or nullptr when it is trained throughout.
    const ArmyClasses* of(const Unit& unit) const;
    // The elite points of `power`'s armies together.
    std::int64_t elite_of(PowerId power) const;

    bool empty() const { return armies.empty(); }
    void normalise();
    friend bool operator==(const ExperienceState&, const ExperienceState&) = default;
};

// The position's classes; an empty state when it has none.
const ExperienceState& state(const Position& position);
ExperienceState& state(Position& position);

}  // namespace adjutant::experience
