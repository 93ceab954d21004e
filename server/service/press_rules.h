// SPDX-License-Identifier: Apache-2.0
// A game's press rules as the GM sets them (docs/press.md): at the game's creation or with the
// GM's "press" action (read from their requests in http/request_json.cpp), and shown in the
// game's settings (rendered by http/press_json.h).
#pragma once

#include <optional>
#include <string>

#include "storage/press_store.h"

namespace adjutant::service {

using PressRules = storage::PressRulesRow;

// What a GM changes of the press rules; a field left out keeps its value.
struct PressRulesChange {
    std::optional<std::string> rule;  // none | public | full
    std::optional<bool> grey;
    std::optional<bool> in_retreats;
    std::optional<bool> in_adjustments;
    std::optional<bool> gm_reads_all;
    std::optional<bool> publish_at_end;
};
PressRules apply(const PressRulesChange& change, PressRules base);

}  // namespace adjutant::service
