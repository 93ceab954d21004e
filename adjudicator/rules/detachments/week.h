// SPDX-License-Identifier: Apache-2.0
// The detachments' week as it is worked out (moves.cpp, raising.cpp, overrun.cpp): the
// detachments of the position being built as pieces that move, fall back and are lost one after
// another, written back to the position when the week is done.
#pragma once

#include <string>
#include <vector>

#include "rules/detachments/state.h"
#include "turn/turn_context.h"

namespace adjutant::detachments {

struct Piece {
    Detachment at;                       // its power, and where it stands now
    ProvinceId came_from = kNoProvince;  // where it entered `at` from this week, if it moved
    bool gone = false;                   // eliminated or disbanded this week
};

struct Week {
    TurnContext& ctx;
    std::vector<Piece> pieces;

    // Detachments standing in `province`, of any power.
    std::size_t count_in(ProvinceId province) const;
    // Whether another detachment fits in `province` (4f "Only one detachment may occupy a hex").
    bool room_in(ProvinceId province) const;
    // The first detachment in `province` of a power at war with `power`, or nullptr.
    Piece* enemy_detachment_in(ProvinceId province, PowerId power);
    // Where a detachment of `piece` falls back to when it "retires 1 hex": the province it came
    // from this week, else the first neighbour by abbreviation an army could move to, free of
    // the enemy and with room, never `avoid`; kNoProvince when there is none.
    ProvinceId fallback(const Piece& piece, ProvinceId avoid) const;
};

Week start_week(TurnContext& context);
// Writes the pieces still standing back to the position being built.
void finish_week(Week& week);

// Whether an army, fleet or garrison of a power at war with `power` stands in `where`.
bool enemy_army_or_garrison(const Variant& variant, const Position& position, ProvinceId where,
                            PowerId power);

// A roll of the keyed dice for `purpose` about `subject`, with its event (every die has one).
struct Rolled {
    std::string purpose;
    std::string subject;
    int value = 0;
};
Rolled roll(TurnContext& context, std::string purpose, std::string subject);
Event& rolled_event(TurnContext& context, const Rolled& rolled, std::string kind, PowerId power,
                    ProvinceId province, std::string text, std::string table,
                    std::string modifiers = "");
// "rolled 4", or "rolled 4 +2 for a 1st class city = 6"; a 10 reads as the face 0.
std::string read_die(int value, int modifier, const std::string& why);

// The contacts of a detachment entering `to` (4f "When detachments enter an enemy occupied hex
// several situations may occur"). Each says whether the mover ended in `to`.
bool detachment_combat(Week& week, Piece& attacker, Piece& defender, ProvinceId to);  // combat.cpp
bool scouting(Week& week, Piece& scout, ProvinceId to);  // scouting.cpp
// Enemy supply trains in `where`, met alone, captured or destroyed (trains.cpp).
void trains_contacted(Week& week, const Piece& detachment, ProvinceId where);
// An enemy army of equipment alone in `where`, captured or destroyed (equipment.cpp).
void equipment_contacted(Week& week, const Piece& detachment, ProvinceId where);

}  // namespace adjutant::detachments
