// SPDX-License-Identifier: Apache-2.0
// The words a general's transfer are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::generals {

inline constexpr ModuleWords kWords{"transfer", "transfers", "general", "a",
                                    "army",     "g",         "garrison"};

}  // namespace adjutant::generals
