// SPDX-License-Identifier: Apache-2.0
// Fog of war (Lone Warrior 4a; docs/fog-of-war.md): the module that makes a variant hide what its
// powers do not see. The core cuts the units to the sight (position/sight.h) and each module
// its own part; this module only says which provinces a power sees.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "module/rule_module.h"

namespace adjutant::fog_of_war {

extern const RuleModule kModule;

void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);
void sight(const Variant& variant, const Position& position, Sight& sight);

}  // namespace adjutant::fog_of_war
