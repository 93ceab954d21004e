// SPDX-License-Identifier: Apache-2.0
// What the files of the siege module share (docs/sieges.md): rolling and recording dice, reading
// the position being built, and each step of sieges::after_movement. Not part of the module's
// interface (sieges.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "orders/legality.h"  // province_abbr: "MET"
#include "rules/sieges/sieges.h"
#include "variant/unit_text.h"  // unit_text: "A MET"

namespace adjutant::sieges::detail {

// One d10, recorded on the event that reports it.
struct Rolled {
    std::string purpose;
    std::string subject;
    int value = 0;
};

Rolled roll(TurnContext& ctx, std::string purpose, std::string subject, int n = 0);
Event& rolled_event(TurnContext& ctx, const Rolled& r, std::string kind, PowerId power,
                    ProvinceId province, std::string text, std::string table,
                    std::string modifiers = "");
// As a player reads the die: 10 is the face 0.
std::string face(int value);
// "rolled 4" or, with a modifier, "rolled 4 +2 for a 1st-class fortress = 6".
std::string read_die(int value, int modifier, const std::string& why);
std::string signed_number(int value);

std::size_t garrison_index(const Position& pos, ProvinceId province);
Garrison* garrison_in(Position& pos, ProvinceId province);
void end_siege(TurnContext& ctx, ProvinceId province);
bool ordered(const TurnContext& ctx, const ModuleOrderKind& kind, ProvinceId where);
std::int64_t percent_up(std::int64_t points, int percent);
int fortress_of(const TurnContext& ctx, ProvinceId where);
// The garrison of `power` in `fortress`'s order to aid a relieving move (5n), or nullptr.
const Order* garrison_support(std::span<const Order> orders, ProvinceId fortress, PowerId power);
// "the outer defences of MET", "the citadel of MET", or "REI" outside 1st-class fortresses.
std::string line_name(const TurnContext& ctx, ProvinceId where, int line);

// Generals (4g). The rating of a commander for `subject` ("A REI", "G REI"): a named general
// has his type roll recorded once, a randomiser for the day, and his type's modifier on the
// rating roll (generals.cpp).
struct Rating {
    const char* name;     // Poor, Average, Good
    std::int64_t halves;  // the assault multiplier in halves: 1 (0.5), 2 (1.0), 4 (2.0)
    int die = 0;
    std::string read;  // "rolled 5" or "rolled 5 +1 Bold = 6"
};
Rating generalship(TurnContext& ctx, const std::string& subject, const std::string& general,
                   std::int32_t& general_roll, PowerId power, ProvinceId where,
                   const std::string& text_before);
// A career modifier of 4g ("Take fortress +2", ...) added to a named general's type roll.
void career(TurnContext& ctx, const std::string& general, std::int32_t& general_roll, int modifier,
            const char* why, PowerId power, ProvinceId where);

// The fortress falls to its besieger: career modifiers, the garrison taken or marched off under
// safe conduct (garrison_falls, sieges.h), the siege over.
void fortress_falls(TurnContext& ctx, ProvinceId where, bool safe_conduct);
// The garrison of `where` surrenders after the roll `r`: on terms with safe conduct, or
// unconditionally as prisoners. The tables of 5g, 5h and 5j share this outcome; each gives its
// own reading of the die (`read`), its row and modifiers, and `cause` opens the text when the
// surrender needs one ("put on half rations, ").
void surrender(TurnContext& ctx, const Rolled& r, PowerId defender, ProvinceId where, bool terms,
               const std::string& cause, const std::string& read, std::string row,
               std::string modifiers);

// The steps of after_movement, in the order they run.
void field_battles(TurnContext& ctx);                    // field_battles.cpp (4g careers)
void reliefs(TurnContext& ctx);                          // relief.cpp
void end_sieges(TurnContext& ctx);                       // laying.cpp
void lay_sieges(TurnContext& ctx);                       // laying.cpp
void retire_inward(TurnContext& ctx);                    // breach.cpp
void half_rations(TurnContext& ctx);                     // rations.cpp
void sorties(TurnContext& ctx);                          // sorties.cpp
void abandonment(TurnContext& ctx);                      // abandon.cpp
void assaults(TurnContext& ctx);                         // assault.cpp
void breaching(TurnContext& ctx);                        // breach.cpp
void disease(TurnContext& ctx);                          // disease.cpp: the weekly losses
void disease_rolls(TurnContext& ctx, Siege& s);          // disease.cpp: after a week of breaching
void repairs(TurnContext& ctx);                          // repair.cpp
void withdrawals(TurnContext& ctx);                      // withdraw.cpp
void record_breach(TurnContext& ctx, ProvinceId where);  // repair.cpp

// 5j: at a breached outer or inner line of a 1st-class fortress the garrison stands or retires.
bool at_breached_outer_line(const TurnContext& ctx, const Siege& siege);
void retire(TurnContext& ctx, ProvinceId where, std::int64_t lost_points, std::int32_t lost_guns);

}  // namespace adjutant::sieges::detail
