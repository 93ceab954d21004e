// SPDX-License-Identifier: Apache-2.0
// The words the flotilla purchase are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::rivers {

inline constexpr ModuleWords kWords{"buy", "buys", "a", "1", "flotilla", "barge", "barges"};

}  // namespace adjutant::rivers
