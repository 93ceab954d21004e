// SPDX-License-Identifier: Apache-2.0
// The generals rule module: the pools of Lone Warrior 4g (adapted to a province map as
// docs/generals.md says). Each power has a pool of generals ranked G1 to G20, each named, with
// his type roll recorded; an active general commands a field army or a garrison, and is where it
// is.
//
//   G3 - A AAC   G3 leaves his command for the army in AAC, if a field army of his power escorts
//                him there this week (transfers.cpp)
//
// As the week ends (end_of_week): the type rolls not yet made are recorded (type_rolls.cpp);
// every active general whose command is gone was lost and is replaced at the lowest rank
// (replacements.cpp); every army and garrison without a general takes the top-ranked one waiting
// in the pool (appointments.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

#include "module/rule_module.h"
#include "position/position.h"
#include "rules/generals/state.h"
#include "rules/sieges/state.h"
#include "turn/turn_context.h"

namespace adjutant::generals {

extern const RuleModule kModule;

// The transfer order (order_syntax.cpp reads and writes it, legality.cpp judges it): `count` is
// the general's rank, `destination` the province of the command he goes to. As written the kind
// is kTransfer; legality makes it kToArmy or kToGarrison by the letter.
extern const ModuleOrderKind kToArmy;
extern const ModuleOrderKind kToGarrison;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
std::string order_text(const Variant& variant, const Order& order);
Checked check_order(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax);
std::string one_order_a_general(const Variant& variant, const Order& order,
                                std::span<const OrderVerdict> earlier);

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// As the movement ends, after the siege steps (transfers.cpp).
void after_movement(TurnContext& context);
// The week's end: type rolls, replacements, appointments, in that order.
void end_of_week(TurnContext& context);
void record_type_rolls(TurnContext& context);  // type_rolls.cpp
void replace_the_lost(TurnContext& context);   // replacements.cpp
void appoint_generals(TurnContext& context);   // appointments.cpp
// An event of the pools: the power's own record, about no province, so that under fog of war
// no other power reads its roster, rolls or transfers (position/sight.h) (records.cpp).
Event& record(TurnContext& context, std::string kind, PowerId power, std::string text);
// A type roll for the general `name` (d10 `general-type`, subject his name, as the sieges roll
// it), recorded on an event of `kind` whose text ends with the die's face. `kind` and `text`
// are taken to become the event's: a starting pool's first week rolls some ninety.
std::int32_t roll_type(TurnContext& context, const std::string& name, PowerId power,
                       std::string kind, std::string text);

// The module's part of the position document (position_part.cpp) and the starting pools
// (start_pool.cpp).
extern const std::string_view kPositionKeys[1];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
void start_position(const Variant& variant, Position& position);
// Under fog of war a power sees its own pool only (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);
// The name of the next general `power` raises: the first of the variant's names for it that no
// general of the pool bears or bore, else "<Power> general N".
std::string next_name(const Variant& variant, const Pool& pool);

// A command a general holds (4g "a field army or garrison"): an army of the power, standing or
// dislodged and awaiting its retreat, or a garrison of the power.
template <typename Text, typename Int>
struct CommandOf {
    Text* general = nullptr;  // its general's name, empty when it has none
    Int* roll = nullptr;      // his type roll with his career's modifiers
    ProvinceId province = kNoProvince;
    bool garrison = false;
    bool dislodged = false;
    std::uint32_t army = 0;  // an army's id
};
using Command = CommandOf<std::string, std::int32_t>;
using ConstCommand = CommandOf<const std::string, const std::int32_t>;

// Calls `each` with every command of `power` in `position`: its armies in the position's order,
// then its dislodged armies, then its garrisons.
template <typename P, typename Each>
void for_each_command(P& position, PowerId power, Each each) {
    using C = std::conditional_t<std::is_const_v<P>, ConstCommand, Command>;
    for (auto& u : position.units)
        if (u.power == power && u.type == UnitType::Army)
            each(C{&u.stats.general, &sieges::attributes(u.stats).general_roll, u.location.province,
                   false, false, u.stats.id});
    for (auto& d : position.dislodged)
        if (d.unit.power == power && d.unit.type == UnitType::Army)
            each(C{&d.unit.stats.general, &sieges::attributes(d.unit.stats).general_roll,
                   d.unit.location.province, false, true, d.unit.stats.id});
    for (auto& g : sieges::state(position).garrisons)
        if (g.power == power) each(C{&g.general, &g.general_roll, g.province, true, false, 0});
}

// The command of `power`'s general called `name` in `position`, if he has one.
std::optional<Command> command_of(Position& position, PowerId power, const std::string& name);
std::optional<ConstCommand> command_of(const Position& position, PowerId power,
                                       const std::string& name);
// "A KOL", "G MET".
std::string command_text(const Variant& variant, bool garrison, ProvinceId province);
template <typename C>
std::string command_text(const Variant& variant, const C& command) {
    return command_text(variant, command.garrison, command.province);
}
// "G3", and "G3 von Bülow".
std::string rank_text(int rank);
std::string general_text(const Pool& pool, int rank);

}  // namespace adjutant::generals
