// SPDX-License-Identifier: Apache-2.0
// Why a movement phase's order came out as it did: the resolver's own decisions, recorded as it
// makes them (resolve/movement.h), not worked out again beside it. A move's explanation is its
// attack strength and every strength that stood in its way; a unit that stays, its hold strength
// and every attack on it; a support, who cut it; a convoyed move, its route or why it had none;
// and the rule that decided, when one did. report/explanation.h turns it into words.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {

using Strength = std::int64_t;

// A unit an explanation names, where it stood when the phase began.
struct NamedUnit {
    PowerId power = kNoPower;
    UnitType type = UnitType::Army;
    Location at;
    friend bool operator==(const NamedUnit&, const NamedUnit&) = default;
};

// The four strengths of the DATC's algorithm (DATC v3.0, 5.B.5 to 5.B.8). The words of each
// enumeration below (report/explanation.cpp) follow the order of its enumerators.
enum class StrengthType : std::uint8_t { Attack, Hold, Defend, Prevent };

// What became of one support of a strength.
enum class SupportCount : std::uint8_t {
    Counted,        // given, and counted
    Cut,            // cut by `by`'s move into the supporter's province
    Dislodged,      // its unit was dislodged by `by`
    OwnUnitTarget,  // not counted: it would help dislodge a unit of its own power
    CanalClosed,    // a fleet's support that the canal did not let through
};

struct SupportTally {
    NamedUnit supporter;
    SupportCount count = SupportCount::Counted;
    std::optional<NamedUnit> by;  // Cut, Dislodged: the unit that did it
    friend bool operator==(const SupportTally&, const SupportTally&) = default;
};

// Why a strength is 0 although a unit stands behind it.
enum class ZeroWhy : std::uint8_t {
    None,
    NoPath,          // attack, prevent: the move has no route (DATC 5.B.4)
    OwnUnit,         // attack: the unit in the destination is of the mover's own power and stays
    LostHeadToHead,  // prevent: the unit lost its head-to-head battle (DATC 5.B.6)
    MovedAway,       // hold: the province's unit moved away
};

// What a rule module added to a unit's own strength, or to its attack alone (`points` strength:
// docs/design.md, "The adjudicator contract"): field works, a fortress, equipment, a battle won.
struct StrengthPart {
    std::string_view module;  // the module's name, as the variant's `rules` names it
    Strength points = 0;
    bool attack_only = false;  // RuleModule::attack_points rather than defence_points
    friend bool operator==(const StrengthPart&, const StrengthPart&) = default;
};

// One strength as the resolver counted it: the unit's own strength, a rule module's aid to its
// attack, and its supports, each counted or not.
struct StrengthTally {
    StrengthType kind = StrengthType::Hold;
    NamedUnit unit;
    // Where the unit moves (attack, defend, prevent), with the coast its order names; none for
    // a hold.
    Location destination;
    Strength value = 0;
    Strength own = 0;  // the unit's own: 1, or its strength points
    Strength aid = 0;  // a rule module's aid to its attack (RuleModule::attack_points)
    // What the rule modules added to `own` and `aid` (the rest of `own` is the unit's strength
    // points); empty with `unit` strength and where no module added anything.
    std::vector<StrengthPart> parts;
    ZeroWhy zero = ZeroWhy::None;
    // A prevent from a unit that was dislodged, though not by a head-to-head battle it lost: it
    // still stands off the other moves (DATC 5.B.6; cases 6.E.5, 6.G.10).
    bool dislodged = false;
    std::vector<SupportTally> supports;
    friend bool operator==(const StrengthTally&, const StrengthTally&) = default;
};

// The rule that decided, when more than the strengths did.
enum class DecidingRule : std::uint8_t {
    None,
    HeadToHead,           // two units moving into each other's province (DATC 5.B.7)
    BeleagueredGarrison,  // attacks that each beat the hold stood each other off
    OwnUnitNotDislodged,  // a unit is never dislodged by its own power (DATC 5.B.8)
    CircularMovement,     // a circle of moves, all succeed (DATC 4.A.2 backup rule)
    ConvoyParadox,        // the Szykman rule: the convoys in the paradox fail (DATC 4.A.2)
    NotCutFromTarget,     // an attack from the province a support goes into does not cut it
    NotCutByOwnPower,     // an attack by the supporter's own power does not cut it
};

// What the route of a convoyed move was, or why it had none.
enum class RouteWhy : std::uint8_t {
    None,       // no convoyed move
    Route,      // `route` carried it
    NoFleet,    // no fleet was ordered to convoy it
    NoChain,    // the fleets ordered to convoy it, all standing, form no chain to its end
    Disrupted,  // the fleets ordered to convoy it did not all stay: `disrupted` lists them
};

// Why a support or a convoy was void.
enum class VoidWhy : std::uint8_t {
    None,
    Moved,         // a support to hold a unit that was ordered to move
    NotThatMove,   // a support or convoy of a move its unit was not ordered to make
    WentOverland,  // a convoy of an army that went over land (DATC 4.A.3)
};

// How an army's move to a province it could also reach over land chose its way (DATC 4.A.3).
enum class SeaChoice : std::uint8_t {
    None,          // not such a move
    ViaConvoy,     // by sea: its order says "via convoy"
    OwnFleet,      // by sea: a fleet of its own power was ordered to convoy it
    ForeignFleet,  // over land: only another power's fleet was ordered to convoy it
};

// Whether each result carries its explanation (below; Adjudicator). The judge stores every
// phase's explanations, so they are made unless a caller says otherwise. A caller that
// adjudicates many candidate phases and reads only their outcomes (a search through possible
// orders, a benchmark of the algorithm) skips them: the decisions and every other part of the
// result are the same, and a movement phase costs about a fifth fewer instructions
// (docs/performance.md).
enum class Explain : bool { No, Yes };

struct Explanation {
    // Whether this result is explained: every unit's order in a movement phase, every dislodged
    // unit's in a retreat phase; false for adjustments and the orders that are no unit's.
    bool made = false;
    // A move: its attack first, then what stood in its way (the destination's hold or the
    // defend of the unit coming the other way, then each other move's prevent there). Empty for
    // the other orders.
    std::vector<StrengthTally> strengths;
    // A unit that stayed in its province (any order but a move that succeeded) and was
    // attacked: its province's hold first, then each attack on it. Empty: nobody attacked it.
    std::vector<StrengthTally> held;
    std::vector<DecidingRule> rules;        // the rules that decided, in the order they apply
    std::optional<NamedUnit> cut_by;        // a support cut: the unit whose move cut it
    std::optional<NamedUnit> dislodged_by;  // the unit that dislodged this one
    std::optional<NamedUnit> void_target;   // a void support or convoy: the unit it names
    VoidWhy void_why = VoidWhy::None;
    SeaChoice sea = SeaChoice::None;
    RouteWhy route_why = RouteWhy::None;
    // A retreat: the other units ordered to retreat to the same province (all are disbanded).
    std::vector<NamedUnit> clashed;
    std::vector<NamedUnit> route;      // the fleets that carried a convoyed army, in route order
    std::vector<NamedUnit> disrupted;  // the convoying fleets that failed

    // Unexplained again (made false, every part empty), keeping the vectors' room.
    void clear() {
        made = false;
        strengths.clear();
        held.clear();
        rules.clear();
        cut_by.reset();
        dislodged_by.reset();
        void_target.reset();
        void_why = VoidWhy::None;
        sea = SeaChoice::None;
        route_why = RouteWhy::None;
        clashed.clear();
        route.clear();
        disrupted.clear();
    }
    friend bool operator==(const Explanation&, const Explanation&) = default;
};

}  // namespace adjutant
