// SPDX-License-Identifier: Apache-2.0
// The rule modules as the variant loader sees them: each one's name, as a variant file's
// `rules` section names it, and the reader of its part of the file (docs/rule-modules.md).
//
// The loader needs no more of a module, so it asks for no more: the registry
// (rules/registry.cpp) defines module_parts() from its RuleModules, and the variant folder
// includes nothing of the module seam, which reaches into the order language
// (module/rule_module.h's SyntaxStart).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace adjutant {

class VariantFields;

struct ModulePart {
    std::string_view name;  // "field_works"
    // Reads `"rules": {"<name>": {...}}` into the campaign map's module parameters
    // (variant/module_params.h); null for a module that takes none.
    void (*read)(VariantFields&, const nlohmann::json& part, const std::string& at) = nullptr;
};

// Every registered module's part, in the registry's order.
std::vector<ModulePart> module_parts();

}  // namespace adjutant
