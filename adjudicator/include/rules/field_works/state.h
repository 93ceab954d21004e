// SPDX-License-Identifier: Apache-2.0
// What the field works module keeps in a position from week to week (Lone Warrior 5b;
// docs/field-works.md): the field fortifications standing, each with the army that dug them. It
// lives in the position's module states (position/module_state.h); the core copies, compares and
// normalises it without knowing it. Public, as the sieges' state is, for the fuzz targets and
// tests that set a position up.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ids.h"

namespace adjutant {
struct Position;
struct Unit;
}  // namespace adjutant

namespace adjutant::field_works {

// Field fortifications in `province`, dug by the army `army` of `power`. They serve that army
// while it stands in them and are given up when it leaves (docs/field-works.md, "Choices").
struct Works {
    ProvinceId province = kNoProvince;
    PowerId power = kNoPower;
    std::uint32_t army = 0;  // the army's id

    // Whether `unit` is the army that dug these works, standing in them.
    bool dug_by(const Unit& unit) const;
    friend bool operator==(const Works&, const Works&) = default;
};

struct FieldWorksState {
    std::vector<Works> works;  // sorted by province, one a province

    // The works in `province`, or nullptr.
    const Works* in(ProvinceId province) const;
    // The works `unit` stands in: those of its province, dug by it; or nullptr.
    const Works* of(const Unit& unit) const;

    bool empty() const { return works.empty(); }
    void normalise();
    friend bool operator==(const FieldWorksState&, const FieldWorksState&) = default;
};

// The position's field works; an empty state when it has none.
const FieldWorksState& state(const Position& position);
FieldWorksState& state(Position& position);

}  // namespace adjutant::field_works
