// SPDX-License-Identifier: Apache-2.0
// The words the splits, sends and joins are written with (RuleModule::words; module/rule_module.h's
// ModuleWords): the module's syntax tests no other word, and a word it reads is added here.
#pragma once

#include "module/rule_module.h"

namespace adjutant::army_strength {

inline constexpr ModuleWords kWords{"split",    "splits",    "detach", "detaches", "send", "sends",
                                    "join",     "joins",     "merge",  "merges",   "with", "and",
                                    "engineer", "engineers", "siege",  "gun",      "guns"};

}  // namespace adjutant::army_strength
