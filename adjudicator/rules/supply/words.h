// SPDX-License-Identifier: Apache-2.0
// The words the supply orders are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::supply {

inline constexpr ModuleWords kWords{"capture", "destroy", "trains",   "buy",   "buys", "t",
                                    "train",   "supply",  "supplies", "every", "week", "stop"};

}  // namespace adjutant::supply
