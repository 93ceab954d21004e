// SPDX-License-Identifier: Apache-2.0
// The words the field works orders are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::field_works {

inline constexpr ModuleWords kWords{"entrench",  "entrenches", "fortify",
                                    "fortifies", "retire",     "retires"};

}  // namespace adjutant::field_works
