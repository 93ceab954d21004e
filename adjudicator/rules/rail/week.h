// SPDX-License-Identifier: Apache-2.0
// What the rail module's end-of-week steps read again and again, worked out once a week: which
// ground each power holds (control and the garrisons holding out), each power's sources, which
// armies stand where, and the searches' scratch space. Built after the control step, since the
// steps after it (enemy effects, engineering, the LOC allocation) change no control, no unit, no
// demolished link and no gauge.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ids.h"
#include "rules/rail/state.h"

namespace adjutant {
struct Position;
struct Variant;
}  // namespace adjutant

namespace adjutant::rail {

// The end-of-week step (rail.cpp) keeps one in the caller's Adjudicator (module/scratch.h), so
// its vectors keep their room from week to week rather than being some fifty allocations a
// week; start() works every table out anew, and nothing reads what the week before left.
struct RailWeek {
    void start(const Variant& variant, const Position& before, const Position& next);

    const Variant* variant = nullptr;
    const Position* position = nullptr;  // `next`, the week's position being built

    // Per power: the rail links its trains cannot use in `next`, sorted: those with a demolished
    // structure and those of another gauge than its own (OCS rail movement, "ancho de vía").
    std::vector<std::vector<std::uint16_t>> closed;
    // The same per power, per link of the map: 1 where closed. The searches and the LOC graph
    // ask it of every link they pass (a look here instead of a binary search of `closed`).
    std::vector<std::vector<std::uint8_t>> closed_link;
    // Per power, per province: whether the power holds the ground for rail purposes in `next`:
    // its own or an ally's, and no enemy garrison holds out there (a fortress holding out
    // commands its station: nobody else's trains run through it).
    std::vector<std::vector<std::uint8_t>> friendly;
    // Per power: the provinces that are map edges of its side (side_map_edge), in id order.
    std::vector<std::vector<ProvinceId>> map_edges;
    // Per province: the power of the army standing there as the week began and as it ends, or
    // kNoPower.
    std::vector<PowerId> army_before;
    std::vector<PowerId> army_next;
    // Per power, per province: 1 where an army of an enemy of the power stands as the week
    // began (`enemy_before`) and as it ends (`enemy_next`). The steps ask it of every province
    // and power; worked out from the armies, it asks whether two powers are enemies once per
    // army and power instead of twice per province and power.
    std::vector<std::vector<std::uint8_t>> enemy_before;
    std::vector<std::vector<std::uint8_t>> enemy_next;

    // Scratch space: the searches' (reach.inl), the last search's answer, the engineering's.
    std::vector<std::uint8_t> seen;
    std::vector<ProvinceId> queue;
    std::vector<std::uint8_t> reached;
    std::vector<RailState> was;
    std::vector<std::uint8_t> candidate;
    std::vector<std::uint8_t> held;  // the Réseau du Nord's (reseau_du_nord.cpp)
};

}  // namespace adjutant::rail
