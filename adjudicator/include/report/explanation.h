// SPDX-License-Identifier: Apache-2.0
// An order's explanation in the words of the results document: the resolver's explanation
// (result/explanation.h) with its units named as a player writes them, and the one sentence made
// from it. The server keeps these values in the stored report and, under the fog of war, blanks
// the units a reader cannot see and makes the sentence again (a unit left unnamed reads "a unit
// you cannot see").
//
// In the results document, beside an order's result (report/adjudication_json.h):
//
//   "explanation": {"kind": "move", "text": "A MUN - BUR failed: attack 2 ...",
//     "strengths": [{"strength": "attack", "power": "Germany", "unit": "A MUN", "to": "BUR",
//                    "value": 2, "own": 1, ("aid": 50, "parts": [{"module": "sieges",
//                    "points": 50, "attack": true}], with `points` strength)
//                    "supports": [{"power": "Germany", "unit": "A RUH", "count": "counted"}]},
//                   {"strength": "prevent", ...}],
//     "held": [{"strength": "hold", ...}, {"strength": "attack", ...}],
//     "rules": ["head to head"], "cut_by": {"power": ..., "unit": ...}, "dislodged_by": {...},
//     "void_target": {...}, "void": "moved", "sea": "own fleet",
//     "route": "by convoy", "fleets": [{...}], "disrupted": [{...}], "clashed": [{...}]}
//
// Keys with nothing to say are left out. The words of each field are the constants below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "result/adjudication.h"

namespace adjutant {

struct Variant;

// A unit an explanation names: its power and "A MUN". Both empty: a unit the reader cannot see.
struct ExplainedUnit {
    std::string power;
    std::string unit;
    bool hidden() const { return unit.empty(); }
    friend bool operator==(const ExplainedUnit&, const ExplainedUnit&) = default;
};

struct ExplainedSupport {
    ExplainedUnit supporter;
    std::string
        count;  // "counted", "cut", "dislodged", "not against its own power", "canal closed"
    std::optional<ExplainedUnit> by;
    friend bool operator==(const ExplainedSupport&, const ExplainedSupport&) = default;
};

// A rule module's share of a unit's strength (StrengthPart).
struct ExplainedPart {
    std::string module;
    std::int64_t points = 0;
    bool attack_only = false;
    friend bool operator==(const ExplainedPart&, const ExplainedPart&) = default;
};

struct ExplainedStrength {
    std::string strength;  // "attack", "hold", "defend", "prevent"
    ExplainedUnit unit;
    std::string to;  // the province the unit moves to; empty for a hold
    std::int64_t value = 0;
    std::int64_t own = 1;
    std::int64_t aid = 0;
    std::string zero;        // why 0: "no route", "own unit", "lost head to head", "moved away"
    bool dislodged = false;  // a prevent from a unit dislodged other than head to head
    std::vector<ExplainedPart> parts;
    std::vector<ExplainedSupport> supports;
    friend bool operator==(const ExplainedStrength&, const ExplainedStrength&) = default;
};

struct ExplainedOrder {
    // "move", "support", "convoy", "rail move", "hold" (any unit that stays); in a retreat
    // phase "retreat" or "disband"
    std::string kind;
    std::string text;  // the sentence
    std::vector<ExplainedStrength> strengths;
    std::vector<ExplainedStrength> held;
    // "head to head", "beleaguered garrison", "own unit not dislodged", "circular movement",
    // "convoy paradox", "not cut from its target", "not cut by its own power"
    std::vector<std::string> rules;
    std::optional<ExplainedUnit> cut_by;
    std::optional<ExplainedUnit> dislodged_by;
    std::optional<ExplainedUnit> void_target;
    std::string void_why;  // "moved", "not that move", "went over land"; empty: not void
    std::string sea;       // "via convoy", "own fleet", "foreign fleet"; empty: no such choice
    // "by convoy", "no convoy route" (no fleet ordered to convoy it), "no chain" (its fleets
    // reach no route), "convoy disrupted"; empty: not convoyed
    std::string route;
    std::vector<ExplainedUnit> clashed;  // a retreat: the others retreating to the same place
    std::vector<ExplainedUnit> fleets;
    std::vector<ExplainedUnit> disrupted;
    friend bool operator==(const ExplainedOrder&, const ExplainedOrder&) = default;
};

// The explanation of `result` with its units named, and its sentence; nothing when the resolver
// did not explain it (Explanation::made).
std::optional<ExplainedOrder> explained_order(const Variant& variant, const OrderResult& result);

// The sentence, from the explanation and the order as the results document writes it
// ("A MUN - BUR") with its result. Deterministic: the same values give the same words.
std::string explanation_text(const ExplainedOrder& explained, std::string_view order,
                             bool succeeded);

// The explanation as the results document writes it, and read back: nothing when `json` is not
// an explanation of that form (the caller keeps it as it is).
void to_json(nlohmann::json& json, const ExplainedOrder& explained);
std::optional<ExplainedOrder> explained_order_from_json(const nlohmann::json& json);

}  // namespace adjutant
