// SPDX-License-Identifier: Apache-2.0
// The words the rail works, conversions and rides are written with (RuleModule::words;
// module/rule_module.h's ModuleWords): the module's syntax tests no other word, and a word it reads
// is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::rail {

inline constexpr ModuleWords kWords{"demolish", "demolishes", "repair",   "repairs", "convert",
                                    "converts", "regauge",    "regauges", "rail"};

}  // namespace adjutant::rail
