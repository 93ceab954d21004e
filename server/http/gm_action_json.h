// SPDX-License-Identifier: Apache-2.0
// The GM's action requests as the API sends them (POST /games/{id}/actions/{action},
// docs/server.md, "HTTP API"), read into service::GmAction. A word that names no action is 404; a
// body that does not fit its action is 400 naming the field, so a misspelt setting is never
// silently ignored.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/gm_action.h"

namespace adjutant::http {

service::GmAction gm_action_request(std::string_view action, const nlohmann::json& body,
                                    std::string_view if_match);

}  // namespace adjutant::http
