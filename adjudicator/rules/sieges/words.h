// SPDX-License-Identifier: Apache-2.0
// The words the siege orders are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::sieges {

inline constexpr ModuleWords kWords{
    "g",       "garrison", "sortie",   "sorties", "half",     "rations", "stand", "stands",
    "s",       "support",  "supports", "besiege", "besieges", "lift",    "lifts", "siege",
    "assault", "assaults", "storm",    "storms",  "breach",   "breaches"};

}  // namespace adjutant::sieges
