// SPDX-License-Identifier: Apache-2.0
// Press answers (service/press_results.h) as the API's JSON documents (schemas in openapi.json),
// and the request body of a message to send.
#pragma once

#include <nlohmann/json.hpp>

#include "service/press_results.h"

namespace adjutant::http {

nlohmann::json press_message_json(const service::PressMessage& message);
// Without the page's links, which name the request (the router adds them).
nlohmann::json press_page_json(const service::PressPage& page);
// {"to": "all" | ["France", "GM", ...], "text": "...", "anonymous": false}; 400 otherwise.
service::PressDraft press_draft(const nlohmann::json& body);

}  // namespace adjutant::http
