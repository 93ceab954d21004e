// SPDX-License-Identifier: Apache-2.0
// The rail network rule module (Oào 18.1, 18.2 and the LOC limitations, adapted as
// docs/design.md, "Rail engineering and LOC capacity" says; docs/rail.md maps each rule to its
// code).
//
// after_movement: DEMOLISH and REPAIR orders of engineers take effect (18.4 as docs/rail.md
//                 designs it).
// end_of_week, after supply and sieges:
//   1. control      armies take the ground they stand on (ground_control.cpp)
//   2. enemy        18.1.4: enemy armies and enemy-held ground make rail non-operational; lines
//                   cut off from their source fall back (engineering.cpp)
//   3. engineering  18.2.1 steps 1A, 1B, 2, 3, 4, 5 in that order (engineering.cpp)
//   4. LOC          armies' lines of communication allocated to rail within the capacity of
//                   provinces and links by a minimum-cost maximum flow (the most armies, then
//                   the fewest Extended); Extended supply marked (loc_capacity.cpp)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "module/rule_module.h"
#include "rules/rail/route.h"
#include "rules/rail/state.h"
#include "rules/rail/week.h"
#include "turn/turn_context.h"

namespace adjutant::rail {

// The module's hooks (module/rule_module.h), registered in rules/registry.cpp.
extern const RuleModule kModule;
// The module's part of the week's summary (summary.cpp; report/week_summary.h).
void summary(const Variant& variant, const Position& next, std::span<const Event> events,
             PowerId power, bool player, PowerSummary& out);
// The GM's interdiction of provinces this turn (gm_action.cpp).
extern const ModuleGmAction kGmActions[1];

// The module's orders after a unit: rail works and rides (module.cpp).
SyntaxMatch read_unit_action(OrderReader& reader, OrderSyntax& order);
// The words read_unit_action may find first (RuleModule::unit_action_start).
extern const SyntaxStart kUnitActionStart;

// The engineers' orders (works_syntax.cpp reads and writes them, works_legality.cpp judges
// them): `unit` the army, `target` the other end of the rail link.
// The army with an engineer that works on the rail link between its province and the order's
// destination (DEMOLISH, REPAIR, CONVERT; works_legality.cpp), its order, or why the order is
// refused (`error`, naming the `work`: "repair rail structures").
struct EngineerWork {
    const Unit* unit = nullptr;
    std::uint16_t link = 0;
    std::string between;  // "THO-WAR"
    Order order;
    std::string error;
};
EngineerWork engineer_work(const Variant& variant, const Position& position, PowerId power,
                           const OrderSyntax& syntax, const std::string& work);
extern const ModuleOrderKind kDemolish;
extern const ModuleOrderKind kRepair;
SyntaxMatch read_works(OrderReader& reader, OrderSyntax& order);
std::string works_text(const Variant& variant, const Order& order);
Checked check_rail_works_order(const Variant& variant, const Position& position, PowerId power,
                               const OrderSyntax& syntax);

// Gauge conversion by railway engineers (OCS rail movement, "ancho de vía"; gauge.cpp): A THO
// CONVERT WAR, `unit` the army, `target` the link's other end; the link takes the power's gauge.
extern const ModuleOrderKind kConvert;
SyntaxMatch read_convert(OrderReader& reader, OrderSyntax& order);
std::string convert_text(const Variant& variant, const Order& order);
Checked check_convert(const Variant& variant, const Position& position, PowerId power,
                      const OrderSyntax& syntax);
// This week's CONVERT orders take effect, with their events (after movement, as rail works do).
void convert_gauges(TurnContext& context);

// Network rail moves, A KOL - RAIL - LIE (OCS rail movement; docs/rail-movement.md): a RailMove
// whose kind is kRide. ride_syntax.cpp reads and writes them, ride_legality.cpp judges them,
// ride_plan.cpp routes them and spends the rail capacity, the resolver walks the route
// (resolve/rail_move.cpp) and ride_events.cpp says what each spent.
extern const ModuleOrderKind kRide;
SyntaxMatch read_ride(OrderReader& reader, OrderSyntax& order);
std::string ride_text(const Variant& variant, const Order& order);
Checked check_ride(const Variant& variant, const Position& position, PowerId power,
                   const OrderSyntax& syntax);
// A ride's route and what it spent of its power's rail capacity.
struct RideSpending {
    RailRoute route;
    bool routed = false;         // a route exists
    std::int64_t cost = 0;       // in rail capacity (supply points)
    std::int64_t left = 0;       // the power's capacity left when this ride was served
    bool over_capacity = false;  // the capacity left could not pay: the unit holds
};
// Where a ride boards the train: its unit's province, or the railhead next door its army marches
// to first (A MOR - MET - RAIL - VER; `Order::target` holds MET). And the path the resolver walks:
// the station marched to, if any, then the rail route.
ProvinceId embarks_at(const Order& ride);
std::vector<ProvinceId> ridden_path(const Order& ride, const RailRoute& route);
std::vector<RideSpending> spend_rail_capacity(const Variant& variant, const Position& position,
                                              std::span<const RideRequest> rides);
void plan_rides(const Variant& variant, const Position& position,
                std::span<const RideRequest> rides, std::span<RidePlan> plans);
// OCS rail movement's supply points on the rail (docs/campaign.md, "Supply by rail"): each power's
// rail capacity this turn once the rides among `orders` are paid for, as plan_rides spends it from
// `before`; and what a supply train's ride along `route` (its city first) costs: one supply point,
// half on double track all the way, doubled entering an interdicted province of `before`, rounded
// up as a ride's cost is.
std::vector<std::int64_t> capacity_after_rides(const Variant& variant, const Position& before,
                                               std::span<const Order> orders);
std::int64_t supply_point_cost(const Variant& variant, const Position& before,
                               std::span<const ProvinceId> route);
// The week's rail capacity after the rides, for cargo carried as the movement ends (arrival.cpp):
// per power, what the rides left less what such cargo spent this week (troops raised by rail,
// then the supply trains, in the order the modules run); spend_capacity records such cargo.
// And the route of troops arriving by rail to `to` (from `source`, or any map edge) over the
// week's last position, where the movement left the enemies, under the turn's interdiction.
std::vector<std::int64_t> capacity_left(const TurnContext& context);
void spend_capacity(TurnContext& context, PowerId power, std::int64_t cost);
std::optional<RailArrival> arrival_at_week_end(const TurnContext& context, PowerId power,
                                               ProvinceId to, ProvinceId source);
bool ride_stopped_by(const Variant& variant, PowerId rider, PowerId other);
bool ride_may_end(const Variant& variant, ProvinceId province);
void ride_events(const Variant& variant, const Position& position,
                 std::span<const RideOutcome> rides, std::vector<Event>& events);

// The module's part of a variant file (parameters.cpp).
// The module's part of the position document (position_part.cpp).
// The module's attributes of a unit in the position document (unit_attributes.cpp).
extern const std::string_view kUnitKeys[1];
void read_unit(PositionReader& reader, const nlohmann::json& item, const std::string& at,
               UnitStats& stats);
void write_unit(const Variant& variant, const UnitStats& stats, nlohmann::json& item);
extern const std::string_view kPositionKeys[5];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);
// What a power's view under fog of war keeps of the rail (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);
bool enabled(const Variant& variant);
void after_movement(TurnContext& context);
void end_of_week(TurnContext& context);

// The steps of end_of_week, one file each; those after the control step read the week's
// ground and armies from `week`.
void update_control(TurnContext& context);
void apply_enemy_effects(TurnContext& context, RailWeek& week);
void engineer(TurnContext& context, RailWeek& week);
void allocate_loc(TurnContext& context, RailWeek& week);

// Fills the rail state's `control` (when empty) from its armies, cities, rail states and the
// variant's starting control, and its `rail` (when empty) with the initial states: every rail
// province a power holds and can reach from its source over its own held ground is operational at
// the highest capacity its track allows (Oào's play note: stable areas need no railheads).
void initialise(const Variant& variant, Position& position);

// Shared reading of the map and the position being built.
// (Inline: every search over a power's rail asks it of each province it reaches.)
inline bool operational(RailState state) {
    return state >= RailState::Capacity1;
}
// Whether `province` is a map edge of `power` or of a power on its side: Oào treats a
// side's rail as one ("Allied Friendly Operational", 18.2), so an ally's map edge feeds it too
// (except the port of the port exception, which feeds the rest of the side inside its region).
bool side_map_edge(const Variant& variant, PowerId power, ProvinceId province);
// Whether `province` is a rail source of `power`: a map edge of its side, or the port of the port
// exception for the port side.
bool source(const Variant& variant, PowerId power, ProvinceId province);
// Whether the rail link at `index` in rail_links has a demolished structure.
bool demolished(const Position& position, std::uint16_t index);
// OCS rail movement, "ancho de vía" (gauge.cpp; docs/gauge.md): the gauge link `index` is laid in
// now (converted, or as the variant lays it), its name, and whether `power`'s trains run on it.
std::uint8_t gauge_of(const Variant& variant, const Position& position, std::uint16_t index);
const std::string& gauge_name(const Variant& variant, std::uint8_t gauge);
bool gauge_fits(const Variant& variant, const Position& position, PowerId power,
                std::uint16_t index);
// Sets link `index` to `gauge` in `position`, recording it only where it differs from the
// variant's.
void set_gauge(const Variant& variant, Position& position, std::uint16_t index, std::uint8_t gauge);
// Into `out`, the provinces `power` can reach from its sources over provinces `usable`
// accepts, along rail links that are not demolished nor of another gauge (and of double track
// only when
// `double_only`), with what the week worked out once (week.h). Inside the port region the port
// side may also start from the port; from the port it never leaves the region.
template <typename Usable>
void reach(RailWeek& week, PowerId power, Usable usable, bool double_only,
           std::vector<std::uint8_t>& out);
// Whether a source province touches a double-track link laid in `power`'s gauge (a source on
// single track only is itself single track: it stops at capacity 2; OCS rail movement: track of
// another gauge is none of its own).
bool double_source(const Variant& variant, const Position& position, PowerId power,
                   ProvinceId province);
// The exceptional capacity of a province on a named line (0 when on none).
int exceptional_capacity(const Variant& variant, ProvinceId province);
// Armies a province in `state` carries (0 unless operational).
int loc_capacity(const Variant& variant, ProvinceId province, RailState state);

std::string_view state_name(RailState state);

// Sets `power`'s rail state in `province` in the position being built, with its event.
void change_rail_state(TurnContext& context, PowerId power, ProvinceId province, RailState to,
                       std::string_view why);

// 18.3, Réseau du Nord (reseau_du_nord.cpp): whether `power`'s side marks no railheads yet in
// `week`; the state of a rail province it holds (or not) and reaches (by double track or not)
// from its source when no railheads are marked, as at the start of a game; and the week's
// states of such a power's rail, in place of the enemy effects and the engineering.
bool railheads_unmarked(const Variant& variant, PowerId power, const Phase& week);
RailState unmarked_state(const Variant& variant, ProvinceId province, bool held, bool by_double);
void unmarked_network(TurnContext& context, RailWeek& week, PowerId power);

}  // namespace adjutant::rail

#include "rules/rail/reach.inl"
