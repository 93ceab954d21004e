// SPDX-License-Identifier: Apache-2.0
// The supply rule module (Lone Warrior 4a and 4b, adapted as docs/design.md, "Supply" says;
// docs/campaign.md maps each rule to its code).
//
// after_movement: the train policy, BUY and T ... SUPPLY take effect, then the standing supply
//                 orders (dispatch.cpp).
// end_of_week, in this order:
//   1. control      cities change hands; a power whose capital is taken loses its country
//                   (city_control.cpp)
//   2. lines        every army traces its shortest road route to a friendly supply base, after
//                   an army that entered an enemy's line is told of it (fog of war, 4a)
//   3. trains       trains move along the roads, deliver, turn back when cut, are caught
//   4. consumption  armies, fleets and garrisons use 1 SP; the unsupplied lose points or roll
//   5. replacements once a year, from the cities each power holds
#pragma once

#include <string>
#include <vector>

#include "module/rule_module.h"
#include "rules/rivers/river_route.h"
#include "rules/supply/state.h"
#include "turn/turn_context.h"

namespace adjutant::supply {

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;
// The module's part of the week's summary (summary.cpp; report/week_summary.h).
void summary(const Variant& variant, const Position& next, std::span<const Event> events,
             PowerId power, bool player, PowerSummary& out);

// The module's orders (order_syntax.cpp reads and writes them, legality.cpp judges them).
// Dispatch: `unit` the train's city, `target` the army's province, `count` 1 EVERY WEEK, -1
// STOP, 0 once. Purchase: `unit` the city, `count` the trains. TrainPolicy: `count` 1 destroys
// caught trains, 0 captures them.
extern const ModuleOrderKind kDispatch;
extern const ModuleOrderKind kPurchase;
extern const ModuleOrderKind kTrainPolicy;
SyntaxMatch read_order(OrderReader& reader, OrderSyntax& order);
// The words read_order may find first (RuleModule::order_start).
extern const SyntaxStart kOrderStart;
std::string dispatch_text(const Variant& variant, const Order& order);
// The index of `power`'s idle train in `city` (no destination, not on its way back), or the
// number of trains when none waits there.
std::size_t idle_train(const Position& position, PowerId power, ProvinceId city);
std::string purchase_text(const Variant& variant, const Order& order);
std::string train_policy_text(const Variant& variant, const Order& order);
Checked check_dispatch(const Variant& variant, const Position& position, PowerId power,
                       const OrderSyntax& syntax);
Checked check_purchase(const Variant& variant, const Position& position, PowerId power,
                       const OrderSyntax& syntax);
Checked check_train_policy(const Variant& variant, const Position& position, PowerId power,
                           const OrderSyntax& syntax);

// The module's part of a variant file (parameters.cpp).
// The module's part of the position document (position_part.cpp).
// The module's attributes of a unit in the position document (unit_attributes.cpp).
extern const std::string_view kUnitKeys[2];
void read_unit(PositionReader& reader, const nlohmann::json& item, const std::string& at,
               UnitStats& stats);
void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item);
extern const std::string_view kPositionKeys[5];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
void start_position(const Variant& variant, Position& position);
// What a power's view under fog of war keeps of the module's part (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);
void hide_in_document(const Variant& variant, const Sight& sight, nlohmann::json& document);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);
bool enabled(const Variant& variant);
void after_movement(TurnContext& context);
void end_of_week(TurnContext& context);

// BUY and T ... SUPPLY (once, EVERY WEEK or STOP), then the standing orders (dispatch.cpp).
void dispatch_trains(TurnContext& context);

// The steps of end_of_week, one file each.
void update_control(TurnContext& context);
void trace_supply_lines(TurnContext& context);
void move_trains(TurnContext& context);
void consume_supply(TurnContext& context);
void muster_replacements(TurnContext& context);

// Whether an enemy army in `province` stands on the supply line `stats` holds, where the army
// of the line must be told of it (4a): on the route behind the army, not where the army itself
// stands, and on a river leg only where a bridge crosses it (rivers::told_of_line).
bool stands_on_line(const Variant& variant, const UnitStats& stats, ProvinceId province);

// Forgets the supply line `stats` holds, with its river leg (rivers::UnitAttributes): the
// next supply step traces it again.
void forget_line(UnitStats& stats);

// Shared reading of the position being built.
// Whether an army of a power at war with `power` stands in `province`.
bool enemy_army_in(const Variant& variant, const Position& position, ProvinceId province,
                   PowerId power);
// A friendly supply base for `power`: its own or an ally's city not under siege, its map-edge
// source, or (rail variants) a railhead site where its rail is operational and no enemy army
// stands.
bool supply_base(const Variant& variant, const Position& position, ProvinceId province,
                 PowerId power);
// Per province: the power of the army Position::unit_at finds there, or kNoPower (no unit, or
// not an army), in one pass over the units. For a step that asks of every army's road while the
// position's index is off (the turn steps run with it off, and unit_at then scans the units:
// a week's supply lines cost the square of the armies).
void armies_by_province(const Variant& variant, const Position& position,
                        std::vector<PowerId>& out);
// enemy_army_in and supply_base read from that table.
bool enemy_army_in(const Variant& variant, const std::vector<PowerId>& armies, ProvinceId province,
                   PowerId power);
bool supply_base(const Variant& variant, const Position& position,
                 const std::vector<PowerId>& armies, ProvinceId province, PowerId power);
// Where `power` may place supply trains and send them from (4b "Supply trains may be placed in
// any friendly city"): a city of its own or an ally's, or its own map edge while no enemy army
// stands there. The edge is a supply base (above), the country's cities behind it: an army
// may be fed from it, so trains wait there. One a week leaves it, as from a city (4a).
bool train_source(const Variant& variant, const Position& position, ProvinceId province,
                  PowerId power);
// Why `province` is no train source for `power`, for an order's verdict.
std::string not_a_train_source(const Variant& variant, ProvinceId province, PowerId power);
// The shortest road route from `from` to the first province `goal` accepts, never entering a
// province `blocked` rejects (the start is always allowed). Ties between routes of equal length
// go to the one whose provinces come first by abbreviation, province by province. Returns the
// route from `from` to the goal inclusive, or empty when there is none.
template <typename Goal, typename Blocked>
std::vector<ProvinceId> road_route(const Variant& variant, ProvinceId from, Goal goal,
                                   Blocked blocked);

// The route of a supply train of `power` by rail from `from` to `to` (both included): over
// provinces where its rail is operational and no enemy army stands, along links not demolished,
// the fewest links (ties by province id); with `room`, only through provinces with room left in
// it (LOC capacity per province). Empty when there is none.
std::vector<ProvinceId> rail_route(const Variant& variant, const Position& position, PowerId power,
                                   ProvinceId from, ProvinceId to, const std::vector<int>* room);

// The unit numbered `id` on the board (not one waiting to retreat), or nullptr.
Unit* army_numbered(Position& position, std::uint32_t id);

// The supply line `unit` would trace now: army first, base last; empty when cut off. By road,
// or by road and then along a river to a flotilla's city (trace_route's `river`).
std::vector<ProvinceId> trace_line(const Variant& variant, const Position& position,
                                   const Unit& unit);
rivers::Route trace_route(const Variant& variant, const Position& position, const Unit& unit);
// The same into `line`, keeping its room.
void trace_route(const Variant& variant, const Position& position, const Unit& unit,
                 rivers::Route& line);
// The same with the table of armies_by_province for `position`, searching in `space` (the
// week's, kept from army to army).
void trace_route(const Variant& variant, const Position& position,
                 const std::vector<PowerId>& armies, const Unit& unit, rivers::Route& line,
                 rivers::SearchSpace& space);
// The route a supply train of `power` takes from `from` to `to` this week: the shortest by road
// and by the rivers its side's flotillas carry on (rules/rivers/river_route.h); empty when cut.
std::vector<ProvinceId> train_route(const Variant& variant, const Position& position, PowerId power,
                                    ProvinceId from, ProvinceId to);

// The fortress of the garrison at `index` in the position being built falls to the army
// standing in it; with safe conduct its troops march to the nearest city of their own power.
void garrison_falls(TurnContext& context, std::size_t index, bool safe_conduct);

std::string abbr(const Variant& variant, ProvinceId province);
std::string unit_name(const Variant& variant, const Unit& unit);

}  // namespace adjutant::supply

#include "rules/supply/road_route.inl"
