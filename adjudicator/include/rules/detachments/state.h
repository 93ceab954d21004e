// SPDX-License-Identifier: Apache-2.0
// What the detachments module keeps in a position from week to week (Lone Warrior 4f;
// docs/detachments.md): the detachments standing, each a squadron of light cavalry of one power
// in one province, and the provinces each power's scouts reported on this week. It lives in the
// position's module states (position/module_state.h); the core copies, compares and normalises
// it without knowing it. Public, as the other modules' states are, for the fuzz targets and
// tests that set a position up.
#pragma once

#include <cstddef>
#include <vector>

#include "core/ids.h"

namespace adjutant {
struct Position;
}

namespace adjutant::detachments {

// A detachment: no unit of the map (it shares a province with its own army, 4f "employed as
// supply train guards ... and as equipment escorts"), so it lives apart from the units as
// garrisons and trains do.
struct Detachment {
    PowerId power = kNoPower;
    ProvinceId province = kNoProvince;

    friend bool operator==(const Detachment&, const Detachment&) = default;
};

// A province a power's detachment scouted successfully this week (4f "scout successfully"): the
// power's view of the position shows what stands there, beside its sight. It lasts the week it
// was made: the next week starts without it (carry_over).
struct Scouted {
    PowerId power = kNoPower;
    ProvinceId province = kNoProvince;

    friend bool operator==(const Scouted&, const Scouted&) = default;
};

struct DetachmentsState {
    std::vector<Detachment> detachments;  // sorted by province, then power
    std::vector<Scouted> scouted;         // sorted by power, then province; no repeats

    // How many detachments stand in `province`, of any power.
    std::size_t count_in(ProvinceId province) const;
    // How many detachments `power` has.
    std::size_t count_of(PowerId power) const;
    // The index in `detachments` of `power`'s detachment in `province`, or its size.
    std::size_t index_of(PowerId power, ProvinceId province) const;
    bool has(PowerId power, ProvinceId province) const {
        return index_of(power, province) != detachments.size();
    }
    // Whether `power` scouted `province` this week.
    bool scouted_by(PowerId power, ProvinceId province) const;

    bool empty() const { return detachments.empty() && scouted.empty(); }
    void normalise();
    void carry_over() { scouted.clear(); }
    friend bool operator==(const DetachmentsState&, const DetachmentsState&) = default;
};

// The position's detachments; an empty state when it has none.
const DetachmentsState& state(const Position& position);
DetachmentsState& state(Position& position);

}  // namespace adjutant::detachments
