// SPDX-License-Identifier: Apache-2.0
// The words the reinforcements' orders are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::reinforcements {

inline constexpr ModuleWords kWords{"raise", "raises", "reinforce", "reinforces", "a",
                                    "an",    "army",   "g",         "garrison",   "of",
                                    "at",    "in",     "with",      "by",         "rail"};

}  // namespace adjutant::reinforcements
