// SPDX-License-Identifier: Apache-2.0
// The registered rule modules that fill in one hook, found once per process.
//
// The parser offers every line to the modules' syntax hooks and checks every accepted line
// against their `conflict` and `refuse` hooks. Walking the whole registry for each, testing
// each module's hook for null, cost more per line than most of the line's own reading; most
// modules have none of these hooks.
#pragma once

#include <span>
#include <vector>

#include "module/rule_module.h"

namespace adjutant {

// The modules whose `Hook` is set, in the registry's order.
template <auto Hook>
std::span<const RuleModule* const> modules_with() {
    static const std::vector<const RuleModule*> modules = [] {
        std::vector<const RuleModule*> found;
        for (const RuleModule* module : rule_modules())
            if (module->*Hook != nullptr) found.push_back(module);
        return found;
    }();
    return modules;
}

}  // namespace adjutant
