// SPDX-License-Identifier: Apache-2.0
// The detachments rule module (Lone Warrior 4f, adapted to a province map as docs/detachments.md
// says): squadrons of light cavalry, raised for points and sent out alone.
//
//   BUY D PAR     a detachment raised in a city the power controls, for 15 points (raising.cpp)
//   D PAR - MEA   a detachment moves one province (moves.cpp); entering a province an enemy
//                 holds it meets what stands there:
//                   another detachment   the Detachment Combat table (combat.cpp)
//                   an army or garrison  the Scouting table, +1/+2 at a 2nd/1st class city
//                                        (scouting.cpp)
//                   supply trains alone  captured or destroyed (trains.cpp)
//
// At every season interphase (every 13 weeks) a power with more detachments than twice the
// cities it controls disbands the extra ones (interphase.cpp). Detachments give their power
// sight, and a successful scout shows it the province scouted (view.cpp).
#pragma once

#include <string>
#include <string_view>

#include "module/rule_module.h"
#include "rules/detachments/state.h"
#include "turn/turn_context.h"

namespace adjutant::detachments {

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them). Raise:
// `unit` the city. Move: `unit` where the detachment stands, `destination` where it goes.
extern const ModuleOrderKind kRaise;
extern const ModuleOrderKind kMove;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
std::string order_text(const Variant& variant, const Order& order);
Checked check_raise(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);
Checked check_move(const Variant& variant, const Position& position, PowerId power,
                   const OrderSyntax& syntax);
// One order a detachment, one detachment raised a city (legality.cpp).
std::string conflict(const Variant& variant, const Order& order,
                     std::span<const OrderVerdict> earlier);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// The week: moves and their contacts, then the detachments raised, then the detachments an
// enemy army came upon, then (at a season interphase) the extras disbanded.
void end_of_week(TurnContext& context);
struct Week;
void move_detachments(Week& week);            // moves.cpp
void raise_detachments(Week& week);           // raising.cpp
void detachments_overrun(Week& week);         // overrun.cpp
void disband_extra(TurnContext& context);     // interphase.cpp
void disband_cityless(TurnContext& context);  // interphase.cpp: every week
// Whether the week that just ended closes a season (13 weeks; interphase.cpp).
bool season_ended(const TurnContext& context);

// The cities `power` controls in `position`: provinces with a city class that it owns.
int cities_controlled(const Variant& variant, const Position& position, PowerId power);
// The most detachments `power` may keep in `position` (4f: two per city controlled).
std::size_t allowed(const Variant& variant, const Position& position, PowerId power);

// The module's part of the position document (position_part.cpp).
extern const std::string_view kPositionKeys[2];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
// Fog of war (view.cpp): detachments give their power sight of where they stand; a province
// scouted is seen by the scout's power; another power's detachments are hidden outside sight.
void occupies(const Variant& variant, const Position& position, PowerId power,
              std::vector<std::uint8_t>& occupied);
void reveals(const Variant& variant, const Position& position, Sight& sight);
void hide(const Variant& variant, const Sight& sight, Position& view);

std::string abbr(const Variant& variant, ProvinceId province);
// "the French detachment in MEA"
std::string named(const Variant& variant, PowerId power, ProvinceId province);

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;

}  // namespace adjutant::detachments
