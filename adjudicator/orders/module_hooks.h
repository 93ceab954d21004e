// SPDX-License-Identifier: Apache-2.0
// The registered rule modules that fill in one hook, found once per process.
//
// The parser checks every accepted line against the modules' `conflict` and `refuse` hooks;
// most modules have neither, so the lists are worked out once from the registry rather than per
// line. (The syntax hooks' lists are each parser's: orders/order_language.h.)
#pragma once

#include <span>
#include <vector>

#include "module/rule_module.h"

namespace adjutant {

namespace module_hooks_detail {

// The lists below, worked out on their first use.
template <auto Hook>
std::vector<const RuleModule*> find_modules_with() {
    std::vector<const RuleModule*> found;
    for (const RuleModule* module : rule_modules())
        if (module->*Hook != nullptr) found.push_back(module);
    return found;
}

}  // namespace module_hooks_detail

// The modules whose `Hook` is set, in the registry's order.
template <auto Hook>
std::span<const RuleModule* const> modules_with() {
    static const std::vector<const RuleModule*> modules =
        module_hooks_detail::find_modules_with<Hook>();
    return modules;
}

}  // namespace adjutant
