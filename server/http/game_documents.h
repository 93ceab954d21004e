// SPDX-License-Identifier: Apache-2.0
// The game, history and phase documents (service/game_document.h, service/phase_document.h) as
// the API's JSON (their schemas are in openapi.json), and a cached view's text, rendered once
// per view.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "service/game_document.h"
#include "service/phase_document.h"
#include "service/view_cache.h"

namespace adjutant::http {

nlohmann::json game_document_json(const service::GameDocument& game);
nlohmann::json history_document_json(const service::HistoryDocument& history);
nlohmann::json phase_document_json(const service::PhaseDocument& phase);
// Without the page's links, which name the request (the router adds them).
nlohmann::json power_history_json(const service::PowerHistory& history);

// The view's document as JSON text: rendered by the first reader and kept with the view
// (service/view_cache.h), so a view the cache serves many times is rendered once.
std::shared_ptr<const std::string> view_text(const service::GameView& view);
std::shared_ptr<const std::string> view_text(const service::HistoryView& view);

}  // namespace adjutant::http
