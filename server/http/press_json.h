// SPDX-License-Identifier: Apache-2.0
// Press answers (service/press_results.h) as the API's JSON documents (schemas in openapi.json),
// and the request body of a message to send.
#pragma once

#include <nlohmann/json.hpp>

#include "service/press_results.h"
#include "service/press_rules.h"

namespace adjutant::http {

// The game's press rules, as its settings and the GM's "press" action show them.
nlohmann::json press_rules_json(const service::PressRules& rules);
nlohmann::json press_message_json(const service::PressMessage& message);
// Without the page's links, which name the request (the router adds them).
nlohmann::json press_page_json(const service::PressPage& page);
// {"to": "all" | ["France", "GM", ...], "text": "...", "anonymous": false}; 400 otherwise.
service::PressDraft press_draft(const nlohmann::json& body);

}  // namespace adjutant::http
