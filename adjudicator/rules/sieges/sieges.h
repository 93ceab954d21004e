// SPDX-License-Identifier: Apache-2.0
// The siege rule module (Lone Warrior section 5, adapted as docs/design.md, "Sieges" says;
// docs/sieges.md maps each rule to its code).
//
// after_movement, once the movement phase is resolved (so a besieger that moved away or was
// dislodged is no longer in place):
//   1. sieges whose army is gone, or that were LIFTed, end (5k)
//   2. BESIEGE by an army still in the fortress adds a week; at 2 weeks the siege is laid (5e),
//      and the once-only checks follow: treachery of a 3rd-class fortress (5f), loss of nerves
//      (5g)
//   3. a 1st-class garrison at breached defences retires inward unless it STANDs (5j)
//   4. HALF RATIONS (5h)    5. SORTIE (5l)    6. abandoning below 3:2 (5k)
//   7. ASSAULT (5i), one a week    8. BREACH (5j), with the disease rolls (5m)
//   9. disease losses (5m)    10. repair of breached fortresses (5o)
// Before step 1, a garrison that aided a relieving attack (5n) shares the battle's outcome.
// The steps live in one file each (internal.h lists them). Generals: generals.cpp (4g).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "module/rule_module.h"
#include "rules/sieges/state.h"
#include "turn/turn_context.h"

namespace adjutant {
struct Garrison;
struct Unit;
}  // namespace adjutant

namespace adjutant::sieges {

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them). The
// besieger's (`unit` the army in its fortress): Besiege, LiftSiege, Assault, Breach. The
// garrison's (`unit` the fortress; the garrison is no unit): Sortie, HalfRations, Stand and
// GarrisonSupport (`target` the relieving army's province, `target_destination` the fortress).
extern const ModuleOrderKind kBesiege;
extern const ModuleOrderKind kLiftSiege;
extern const ModuleOrderKind kAssault;
extern const ModuleOrderKind kBreach;
extern const ModuleOrderKind kSortie;
extern const ModuleOrderKind kHalfRations;
extern const ModuleOrderKind kStand;
extern const ModuleOrderKind kGarrisonSupport;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order);
// The words read_unit_action may find first (RuleModule::unit_action_start).
extern const SyntaxStart kUnitActionStart;
std::string besieger_text(const Variant& variant, const Order& order);
std::string garrison_text(const Variant& variant, const Order& order);
Checked check_siege_order(const Variant& variant, const Position& position, PowerId power,
                          const OrderSyntax& syntax);

// The module's part of the position document (position_part.cpp).
// The module's attributes of a unit in the position document (unit_attributes.cpp).
extern const std::string_view kUnitKeys[4];
void read_unit(PositionReader& reader, const nlohmann::json& item, const std::string& at,
               UnitStats& stats);
void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item);
extern const std::string_view kPositionKeys[3];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
void start_position(const Variant& variant, Position& position);
// What a power occupies and sees of the module's part under fog of war (view.cpp).
void occupies(const Variant& variant, const Position& position, PowerId power,
              std::vector<std::uint8_t>& occupied);
void hide(const Variant& variant, const Sight& sight, Position& view);
bool enabled(const Variant& variant);
void after_movement(TurnContext& context);

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;
// The module's part of the week's summary (summary.cpp; report/week_summary.h).
void summary(const Variant& variant, const Position& next, std::span<const Event> events,
             PowerId power, bool player, PowerSummary& out);

// Asked of the supply module, which needs this one and so is not included here: rules/registry.cpp
// defines it by the supply module's function (docs/rule-modules.md, "Needs"). The garrison at
// `index` of the position being built falls, as one out of supply falls: the fortress to the army
// standing in it, the stores to that army as far as it can carry them (5f), and with safe conduct
// the troops to the nearest city of their own power.
void garrison_falls(TurnContext& context, std::size_t index, bool safe_conduct);

// Asked of the supply module, which needs this one: the registry (rules/registry.cpp) defines it
// by the supply module's function (docs/rule-modules.md, "Needs"). Forgets the army's supply line
// and its river leg: an army that withdrew from a siege has its line traced again from its new
// place next week.
void forget_supply_line(UnitStats& stats);

// The points a besieger adds to its own in the movement resolution (`points` strength): for a
// besieger whose siege is laid and that stays in its siegeworks (any order but a move, a support
// or a convoy) the 25% of its points (rounded down) it holds in field fortifications against a
// relieving attack (5n), counted twice like the 75% against a sortie (5l); else 0.
std::int64_t fortified_points(const Variant& variant, const Position& position,
                              std::span<const Order> orders, const Unit& unit);

// The points a garrison adds to `unit`'s relieving move into its besieged fortress (5n): the
// fighting points of the garrison there of the unit's power or an ally's, ordered
// `G REI S A CHA - REI`; else 0.
// They count in that move's attack strength only: whether the garrison sorties or pins as many of
// the besiegers' points in their works, the battle comes out the same (docs/sieges.md, "Relief").
std::int64_t relief_points(const Variant& variant, const Position& position,
                           std::span<const Order> orders, const Unit& unit);

// The fortress's innate strength and largest fighting garrison (5c): 150/300, 100/200, 50/100
// for classes 1, 2, 3; 0 for a province that is no fortress.
std::int64_t fortress_strength(int fortress_class);
std::int64_t max_garrison(int fortress_class);
// The garrison's points that fight in a siege: at most the class's maximum (5c).
std::int64_t fighting_points(const Variant& variant, const Garrison& garrison);
// Whether `a` is at least 3:2 against `b` (2a >= 3b).
bool at_least_three_to_two(std::int64_t a, std::int64_t b);
// The garrison of a power at war with `power` in `province`, or nullptr.
const Garrison* enemy_garrison(const Variant& variant, const Position& position,
                               ProvinceId province, PowerId power);

}  // namespace adjutant::sieges
