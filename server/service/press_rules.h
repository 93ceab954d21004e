// SPDX-License-Identifier: Apache-2.0
// A game's press rules as the GM sets them (docs/press.md): read from the "press" object of a
// create-game request or of the GM's "press" action, and shown in the game's settings.
#pragma once

#include <nlohmann/json.hpp>

#include "storage/press_store.h"

namespace adjutant::service {

using PressRules = storage::PressRulesRow;

// {"rule": "none" | "public" | "full", "grey", "retreats", "adjustments", "gm_reads_all",
// "publish_at_end"}; a missing field keeps its value in `base`; an unknown field is 400, so a
// misspelt rule is never silently ignored.
PressRules read_press_rules(const nlohmann::json& body, const PressRules& base = {});
nlohmann::json press_rules_json(const PressRules& rules);

}  // namespace adjutant::service
