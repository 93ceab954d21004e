// SPDX-License-Identifier: Apache-2.0
// Draw answers (service/draw_service.h) as the API's JSON documents (schemas in openapi.json).
#pragma once

#include <nlohmann/json.hpp>

#include "service/draw_service.h"

namespace adjutant::http {

nlohmann::json draw_proposal_json(const service::DrawProposal& proposal);
nlohmann::json draw_list_json(const service::DrawList& list);

}  // namespace adjutant::http
