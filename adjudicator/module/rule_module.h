// SPDX-License-Identifier: Apache-2.0
// The seam between the core and the rule modules (docs/design.md, "The adjudicator contract";
// docs/rule-modules.md).
//
// A rule module is a folder under `adjudicator/rules/` that fills in one `RuleModule` and is
// listed once in `rules/registry.cpp` (a test's own module: a `ScopedRuleModule`, below). The core
// (orders, resolve, position, report) calls the hooks below for every module the variant enables,
// in the registry's order, and names no module: a new module is a new folder plus one line in the
// registry. Every hook may be null.
//
// The hooks, by the stage of a phase that calls them:
//   variant  read_parameters reads the module's part of the variant file
//   orders   read_order / read_unit_action add orders to the order language (the module's
//            order kinds, `ModuleOrderKind`), written with the words the module lists
//            (`words`, `ModuleWords`); each kind judges its own legality and writes its
//            own canonical text; `conflict` refuses a line against the accepted lines before it;
//            `refuse` refuses a legal movement order by a rule of the module
//   movement settle_orders turns an order that hangs on the phase's other orders into the one
//            the unit carries out (a fortified army retiring when attacked);
//            defence_points / attack_points add to a unit's strength in a `points` movement
//            phase (the besiegers' fortified share, a garrison's aid to a relief); a kind's
//            `RideRules` plan the rides of its orders, which the resolver decides as moves
//            along a path that may be stopped short, and write their events
//   week     after_movement and end_of_week run once the movement phase is resolved
//            (turn/turn_context.h says what they may change)
//   position read_position / write_position carry the module's part of the position
//            document, read_unit / write_unit its attributes of a unit; check_position states
//            its invariants; start_position sets it up
//   views    occupies / sight / reveals / hide say what a power sees of a position under fog
//            of war (position/sight.h): the module's own occupied provinces, the provinces a
//            power sees from what it occupies, the provinces it sees besides (a scout's report),
//            and the module's part of the position a power does not see, taken out of its view
//   server   gm_actions are what the GM enters into a phase's position (the interdiction marks,
//            a tabletop battle's results), and what he reads before (the battles to fight);
//            summary writes the module's part of the week's
//            summary (report/week_summary.h); the server reaches them only through public,
//            module-agnostic headers (rules/module_api.h, report/week_summary.h)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/ids.h"

namespace adjutant {

struct Variant;
struct Position;
struct Order;
struct OrderSyntax;
struct Checked;
struct OrderVerdict;
struct Unit;
struct UnitStats;
struct TurnContext;
struct Event;
struct Sight;
struct PowerSummary;
class OrderReader;
class PositionReader;
class VariantFields;

// A module's ride: a unit's move along a path of provinces that the resolver walks as it walks a
// named rail line's (resolve/rail_move.cpp). The unit is stopped short before a province it
// cannot pass and ends in the farthest province on the way it may end in. The module says which
// path, which units stop it and where it may end; the rest is the resolver's.
struct RideRequest {
    const Order* order;  // a RailMove whose `kind` is the module's
    const Unit* unit;    // the unit riding, as it stands
};
struct RidePlan {
    std::vector<ProvinceId> path;  // the provinces entered, destination last; empty: no ride
    // Non-empty when the ride cannot start: the unit holds and its order fails with these words
    // (static text), e.g. the power's rail capacity is spent.
    std::string_view held;
};
struct RideOutcome {
    const Order* order;
    const Unit* unit;
    ProvinceId end;  // where the ride ended: its destination, a province short of it, or home
};
struct RideRules {
    // Plans every ride of the phase at once, as they may share what they spend: `plans[k]` for
    // `rides[k]`, given in the order of the position's units.
    void (*plan)(const Variant&, const Position&, std::span<const RideRequest> rides,
                 std::span<RidePlan> plans) = nullptr;
    // Whether a unit of `other` on the path stops a ride of `rider`'s unit.
    bool (*stopped_by)(const Variant&, PowerId rider, PowerId other) = nullptr;
    // Whether a ride may end in `province` (it rides on through the others).
    bool (*may_end)(const Variant&, ProvinceId province) = nullptr;
    // The events of the phase's rides once resolved, in the order given, appended to `events`.
    void (*events)(const Variant&, const Position&, std::span<const RideOutcome> rides,
                   std::vector<Event>& events) = nullptr;
};

// One kind of order a module adds ("A VER BESIEGE", "T BER SUPPLY A DRE"). An order of a module
// kind has `Order::type == OrderType::Module` and points at its kind, so the core passes it
// through without knowing what it means.
struct ModuleOrderKind {
    std::string_view name;  // for messages and tests: "besiege"
    // Whether the order is the order of the unit standing in its `unit` province: it then
    // replaces the unit's other orders (one order per unit) and the resolver has the unit hold.
    // A supply train's or a garrison's order names a place where a unit may also stand, and is
    // not that unit's.
    bool orders_a_unit = false;
    // Legality in a movement phase (orders/legality.h's contract): the order, or why not.
    Checked (*check)(const Variant&, const Position&, PowerId, const OrderSyntax&) = nullptr;
    // Canonical text without the power: "A VER BESIEGE".
    std::string (*text)(const Variant&, const Order&) = nullptr;
    // For a kind of ride (A KOL - RAIL - LIE): its orders are RailMoves whose `kind` points
    // here, and the resolver decides them as moves by these rules.
    const RideRules* ride = nullptr;
    // Whether the order's content is supply: a train sent to an army or a standing supply order,
    // trains or a flotilla bought, the standing choice for enemy trains, a garrison's rations.
    // Under fog of war such an order is its power's alone, as the supply it tells of is
    // (OrderParser::is_supply_order; docs/fog-of-war.md, "Orders that carry supply").
    bool supply = false;
};

// What a module's syntax reader made of the tokens in front of it.
enum class SyntaxMatch : std::uint8_t {
    NotMine,  // not this module's words: the reader is where it was, the next reader tries
    Read,     // the module's order, read to its end
    Failed,   // the module's words, written wrong: the reader's error says how
    // The module's first word, but not a form it knows ("BUY" followed by something other than
    // trains): the reader rewinds, and the next readers may take the words (BUY FLOTILLA). The
    // reader's error stands for the order when none does.
    Unclaimed,
};

// One of a module's words, named by its place in the module's list (RuleModule::words). The
// core gives a module's hooks its words' ids in the parser's vocabulary (orders/vocabulary.h),
// and OrderReader::next_is(ModuleWord...) compares a token with them.
struct ModuleWord {
    std::uint8_t index;
};

// A module's words, in lower case, as its hooks read them: `kWords["besiege"]` names one at
// compile time (a word not in the list does not compile). Every word a module's hooks test is
// in its list, the core's among them ("a", "army", "s"): the vocabulary keeps each spelling once.
//
//     inline constexpr ModuleWords kWords{"besiege", "besieges", "lift", "siege"};
//     ... .words = kWords.spellings,                          (the module's registration)
//     if (r.next_is(kWords["besiege"], kWords["besieges"]))   (its hook)
template <std::size_t N>
struct ModuleWords {
    static_assert(N < 256, "a module word's place is one byte");
    std::array<std::string_view, N> spellings;

    consteval ModuleWord operator[](std::string_view spelling) const {
        for (std::size_t i = 0; i < N; ++i)
            if (spellings[i] == spelling) return ModuleWord{static_cast<std::uint8_t>(i)};
        throw "not one of the module's words";  // a compile error
    }
};
template <class... Spelling>
ModuleWords(Spelling...) -> ModuleWords<sizeof...(Spelling)>;

// The words a module's syntax hook may find first (module's orders begin with), so that the core
// offers a line only to the hooks it can concern: every line of every variant passes them.
struct SyntaxStart {
    std::span<const ModuleWord> words;  // any of these of the module's words
    bool move_operator = false;         // "-", "->", TO, MOVE (a ride: A KOL - RAIL - LIE)
    bool other_word = false;            // a word of no module nor the core (a general's rank: G3)
};

// An action the GM takes on the current phase (POST /games/{id}/actions/<name>; docs/server.md):
// what he enters goes into the phase's stored position, so the phase's hash covers it and replay
// recomputes the week from it. It is his input, not something a phase computes: replay keeps it
// from the stored position and checks it against his audited actions instead.
struct ModuleGmAction {
    std::string_view name;  // the action's word in the API's path and the audit log: "interdict"
    std::string_view what;  // what it enters, for replay's problems: "interdiction marks"
    // Why the request's `body` is not a form of the action's input, or empty: the HTTP adapter's
    // 400 before the action runs ("field 'provinces' is required: ...").
    std::string (*read)(const nlohmann::json& body) = nullptr;
    // Puts the GM's input (`body`, which `read` passed) into `position`, the current phase's,
    // whose orders so far are `orders`; or says why not (a 400: nothing is stored then, and
    // `position` may be changed in part). The input replaces what the phase held before.
    std::string (*apply)(const Variant&, std::span<const Order> orders, const nlohmann::json& body,
                         Position& position) = nullptr;
    // The input `position` holds, as the audit records it beside the phase and its seq:
    // {"provinces": ["LIE", "NAM"]}; the same whatever the variant, as replay compares it.
    nlohmann::json (*record)(const Variant&, const Position&) = nullptr;
    // Copies the input `from` holds into `to` (none there when `from` holds none).
    void (*keep)(const Position& from, Position& to) = nullptr;
    // Why the phase, with `orders`, waits for this action before it resolves, or empty: the
    // resolve answers 409 "<name>_pending" with these words, and the deadline waits too.
    std::string (*pending)(const Variant&, const Position&, std::span<const Order> orders,
                           std::string_view phase) = nullptr;
    // What the GM reads before he takes the action on the phase of `position` with `orders` (the
    // battles the orders bring about, and the results entered so far), in the module's own
    // form, which the server sends as it is beside the phase (GET /games/{id}/<name>):
    // {"battles": [...]}. Called whatever the variant: where the module is not enabled it
    // answers with nothing to do, and the server passes no orders.
    nlohmann::json (*view)(const Variant&, const Position&,
                           std::span<const Order> orders) = nullptr;
};

struct RuleModule {
    std::string_view name;  // as the variant's `rules` section names it: "sieges"
    // The modules whose headers this one includes, by name: it reads their state or parameters,
    // or calls their functions. The needs of all modules form no cycle, and a module includes
    // the headers of no module it does not name here (docs/rule-modules.md, "Needs"). They say
    // nothing of the order the hooks run in, which is the registry's.
    std::span<const std::string_view> needs{};
    // Whether `variant` uses the module; the core calls no other hook when it does not.
    bool (*enabled)(const Variant&) = nullptr;
    // Reads the module's part of a variant file, `"rules": {"<name>": {...}}`, by the module's
    // own schema, into the campaign map (variant/campaign.h). A module without it takes no
    // parameters.
    void (*read_parameters)(VariantFields&, const nlohmann::json& part,
                            const std::string& at) = nullptr;

    // The words the module's syntax hooks read, in lower case (ModuleWords): the parser's
    // vocabulary holds the core's words and every registered module's (orders/vocabulary.h).
    std::span<const std::string_view> words{};
    // Orders that begin with a word of the module's ("BUY 2 T PAR", "G VER SORTIE").
    SyntaxMatch (*read_order)(OrderReader&, OrderSyntax&) = nullptr;
    // A unit's order word after the unit ("A VER BESIEGE", "A LIE DEMOLISH AAC").
    SyntaxMatch (*read_unit_action)(OrderReader&, OrderSyntax&) = nullptr;
    // What the lines each of the two readers reads begin with; null: the reader is offered
    // every line. A reader must answer NotMine, untouched, to a line that begins otherwise.
    const SyntaxStart* order_start = nullptr;
    const SyntaxStart* unit_action_start = nullptr;
    // Why `order` cannot stand beside the lines of the same submission before it (`earlier`,
    // accepted or not, in line order), or empty: "only one supply train may leave BER per
    // turn".
    std::string (*conflict)(const Variant&, const Order& order,
                            std::span<const OrderVerdict> earlier) = nullptr;
    // Why a movement-phase order that is otherwise legal breaks a rule of the module, or empty:
    // the line is refused with these words ("A MNS has 200 points: an army sent out on campaign
    // has 250 to 750"). Called for every legal order of a movement phase, the modules' own
    // included; never in a retreat or adjustment phase.
    std::string (*refuse)(const Variant&, const Position&, const Order& order) = nullptr;

    // Orders whose meaning hangs on the other orders of the phase, settled before anything is
    // resolved: the module may replace an order of its own in `orders` by the one its unit
    // carries out (5b: an army in its field works ordered to RETIRE moves out when an enemy
    // marches on it, and holds in its works when none does). The settled orders are the ones
    // the resolver, the strengths and the week's steps see, and the results show; a settled
    // order keeps `kind` pointing at the module's kind, so the module knows it for its own.
    void (*settle_orders)(const Variant&, const Position&, std::span<Order> orders) = nullptr;

    // Points added to `unit`'s own strength points wherever it counts them (holding,
    // supporting, defending), and to the attack of its move only.
    std::int64_t (*defence_points)(const Variant&, const Position&, std::span<const Order>,
                                   const Unit&) = nullptr;
    std::int64_t (*attack_points)(const Variant&, const Position&, std::span<const Order>,
                                  const Unit&) = nullptr;

    // The module's part of the week (turn/turn_context.h).
    void (*after_movement)(TurnContext&) = nullptr;
    void (*end_of_week)(TurnContext&) = nullptr;

    // The module's part of the position document (docs/positions.md): the top-level keys it
    // owns, read whatever the variant (as its orders are) and written only when the position
    // holds some of it. Reading records every problem in the reader and never stops.
    std::span<const std::string_view> position_keys{};
    void (*read_position)(PositionReader&, const nlohmann::json& document) = nullptr;
    void (*write_position)(const Variant&, const Position&, nlohmann::json& document) = nullptr;
    // The unit attributes (core/unit.h's UnitStats, and the module's own UnitAttributes in its
    // `modules`: core/module_attributes.h) the module keeps in a unit's object of the
    // position document ({"unit": "A LIE", "points": 600, "siege_guns": 4}): their keys, read
    // whatever the variant into `stats`, and written when they are not the default.
    std::span<const std::string_view> unit_keys{};
    void (*read_unit)(PositionReader&, const nlohmann::json& item, const std::string& at,
                      UnitStats& stats) = nullptr;
    void (*write_unit)(const Variant&, const UnitStats&, nlohmann::json& item) = nullptr;
    // Why the module's part of a position breaks its invariants, or empty (position_check.h).
    std::string (*check_position)(const Variant&, const Position&) = nullptr;
    // Adds the module's part of the variant's starting position (its start garrisons, trains,
    // settled rail), whatever the variant enables: a part the variant has none of stays empty.
    void (*start_position)(const Variant&, Position&) = nullptr;

    // Fog of war (position/sight.h). `occupies` marks the provinces `power` holds by the
    // module's part of the position (a garrison's city), beside the provinces of its units.
    void (*occupies)(const Variant&, const Position&, PowerId power,
                     std::vector<std::uint8_t>& occupied) = nullptr;
    // Turns `sight.occupied` into `sight.seen`. A variant hides positions from its powers when
    // an enabled module has this hook; without one every position is public.
    void (*sight)(const Variant&, const Position&, Sight& sight) = nullptr;
    // Marks in `sight.seen` what the viewer sees besides its sight, from the module's part of
    // the position (a scout's report on the province it scouted). It runs after every `sight`
    // hook and only when the variant hides positions: it hides nothing by itself.
    void (*reveals)(const Variant&, const Position&, Sight& sight) = nullptr;
    // Takes out of `view` (a copy of the position; the core cuts its units to the sight after
    // every module's `hide`) what of the module's part, and of its unit attributes, the viewer
    // does not see; `hide_in_document` does the same to the view's document, for what
    // the position cannot leave out (a power's entry in a table of every power).
    void (*hide)(const Variant&, const Sight& sight, Position& view) = nullptr;
    void (*hide_in_document)(const Variant&, const Sight& sight,
                             nlohmann::json& document) = nullptr;

    // The actions the GM takes on a phase's position by the module's rules (ModuleGmAction).
    // The server offers them whatever the variant, and `apply` refuses them where the module
    // is not enabled.
    std::span<const ModuleGmAction> gm_actions{};

    // The module's part of `power`'s summary of a resolved week (report/week_summary.h), from
    // the position the week left (under fog of war, the reader's view of it) and its events;
    // `player`: the summary is that power's player's alone, not the GM's of every power.
    void (*summary)(const Variant&, const Position& next, std::span<const Event> events,
                    PowerId power, bool player, PowerSummary& summary) = nullptr;
};

// Every registered module, in the order their hooks run (docs/design.md, "Phases": supply, sieges,
// rail engineering).
std::span<const RuleModule* const> rule_modules();

// The registered module called `name`, or nullptr.
const RuleModule* find_rule_module(std::string_view name);

// Registers `module` after the library's own for as long as this value lives: the tests' way
// to add a module the library does not build (tests/unit/example_module; docs/rule-modules.md,
// "A module of the tests' own"). The library's modules are the list in rules/registry.cpp. An
// OrderParser reads the words and orders of the modules registered when it is built
// (orders/order_language.h); the lists of the modules with `conflict` and `refuse` hooks are
// worked out once per process (orders/module_hooks.h), so a module registered this way has
// none. Not thread-safe: register before adjudicating, on the thread that does.
class ScopedRuleModule {
  public:
    explicit ScopedRuleModule(const RuleModule& module);
    ~ScopedRuleModule();
    ScopedRuleModule(const ScopedRuleModule&) = delete;
    ScopedRuleModule& operator=(const ScopedRuleModule&) = delete;

  private:
    const RuleModule& module_;
};

}  // namespace adjutant
