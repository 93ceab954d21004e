// SPDX-License-Identifier: Apache-2.0
// A rule module of the tests' own, the smallest that uses the seam end to end
// (docs/rule-modules.md, "A module of the tests' own"): it proves that a module is its folder
// plus one registry line, with no core file edited. The library does not build it; the test
// beside it registers it with a ScopedRuleModule.
//
//   "rules": {"example": {"step": 2}}   enables it; `step` (1 to 10, default 1) is its parameter
//   "example": {"weeks": 4}             its part of a position: the weeks it has counted
//
// Each week it adds `step` to its count and writes one event saying so ("example.week"). Its one
// order, "TALLY", is written with a word of its own: it is read and accepted, and does nothing.
#pragma once

#include <cstdint>

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant::example_module {

// Its parameters, in the campaign map's module parameters (variant/module_params.h).
struct ExampleRules {
    int step = 1;
};

// Its part of a position, in the position's module states (position/module_state.h).
struct ExampleState {
    std::int64_t weeks = 0;
    bool empty() const { return weeks == 0; }
    void normalise() {}
    friend bool operator==(const ExampleState&, const ExampleState&) = default;
};

inline const ExampleRules& parameters(const Variant& variant) {
    return variant.campaign->modules.get_or_default<ExampleRules>();
}

extern const ModuleOrderKind kTally;
extern const RuleModule kModule;

}  // namespace adjutant::example_module
