// SPDX-License-Identifier: Apache-2.0
// What the rail network module keeps in a position (Oào 18.1-18.4; OCS rail movement;
// docs/rail.md): each power's state of every rail province, who holds the ground, the
// demolished links, and the provinces the GM interdicted this turn. It lives in the position's
// module states (position/module_state.h); the core copies, compares and normalises it without
// knowing it. The supply module reads it through `state()` (railheads feed armies), and an
// army's Extended line of communication through `attributes()`.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {
struct Position;
}

namespace adjutant::rail {

// A power's state of one rail province (Oào 18.1.1-18.1.2; docs/rail.md). The order is the
// order of the engineering steps: each step of 18.2.1 moves a province one state up.
enum class RailState : std::uint8_t {
    NonOperational,
    Controlled,  // behind the railhead, connected to the edge, not yet usable (18.1.1)
    Capacity1,   // operational, LOC capacity 1 (18.1.2)
    Capacity2,
    Capacity3,
    Exceptional,  // the named lines' capacity (18.1.2, "Exceptional LOC Capacity")
};

struct RailNetworkState {
    // Per power, per province; empty until the module first runs on the position.
    std::vector<std::vector<RailState>> rail;
    // Per province: the power that holds the ground (Oào 17.9's "friendly controlled" on
    // a province map); empty until the module first runs.
    std::vector<PowerId> control;
    std::vector<std::uint16_t> demolished;  // rail_links indices with a demolished structure
    std::vector<ProvinceId> interdicted;    // provinces the GM marked interdicted, sorted
    // Rail links converted to another gauge than the variant lays them in (OCS rail movement,
    // "ancho de vía"): link index and gauge index, sorted by link.
    std::vector<std::pair<std::uint16_t, std::uint8_t>> converted;
    // Per power: the rail capacity that cargo of other modules spent as this week's movement
    // ended (troops raised by rail, docs/reinforcements.md), after the rides and before the
    // supply trains. Kept only while the week's steps run: the module's own step clears it, so
    // no stored position holds it (rules/rail/arrival.cpp).
    std::vector<std::int64_t> cargo_spent;

    // `power`'s state of the rail in `province`; NonOperational when rail is not tracked.
    RailState of(PowerId power, ProvinceId province) const {
        if (power >= rail.size() || province >= rail[power].size())
            return RailState::NonOperational;
        return rail[power][province];
    }

    bool empty() const {
        return rail.empty() && control.empty() && demolished.empty() && interdicted.empty() &&
               converted.empty();
    }
    void normalise();
    // The GM's interdiction marks hold for the turn they were made in (docs/rail-movement.md,
    // "Interdiction"): the next phase starts without them.
    void carry_over() { interdicted.clear(); }
    friend bool operator==(const RailNetworkState&, const RailNetworkState&) = default;
};

// What the module keeps on a unit (core/module_attributes.h), after the rail step: the army's
// line of communication is Extended (18.1.2; docs/rail.md), so its supply trains bring it at
// most half its carry weeks.
struct UnitAttributes {
    bool supply_extended = false;

    friend bool operator==(const UnitAttributes&, const UnitAttributes&) = default;
};

// The module's attributes of a unit; empty ones when it has none.
inline const UnitAttributes& attributes(const UnitStats& stats) {
    return stats.modules.get_or_empty<UnitAttributes>();
}
inline UnitAttributes& attributes(UnitStats& stats) {
    return stats.modules.get<UnitAttributes>();
}

// The position's rail state; an empty one when it has none (a classic position).
const RailNetworkState& state(const Position& position);
RailNetworkState& state(Position& position);

}  // namespace adjutant::rail
