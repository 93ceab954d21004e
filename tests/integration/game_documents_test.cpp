// SPDX-License-Identifier: Apache-2.0
// The game and history documents as values and as the API's text (http/game_documents.h): a
// cached view is rendered once and served as that text until a write outdates it, and the
// position the document holds is the stored one, read back.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "app/runtime.h"
#include "http/game_documents.h"
#include "service/codec.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "service/text.h"
#include "starting_position.h"

namespace {

struct ServedGame {
    ServedGame()
        : dir(std::filesystem::temp_directory_path() /
              ("adjutant-game-documents-" + std::to_string(::getpid()))) {
        adjutant::service::crypto_init();
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        adjutant::config::ServerConfig config;
        config.database = (dir / "test.db").string();
        config.variants_dir = ADJUTANT_SOURCE_DIR "/config/variants";
        db = adjutant::app::open_database(config.database);
        adjutant::app::load_variants(config, *db, variants);
        service = std::make_unique<adjutant::service::GameService>(*db, variants, "");
        adjutant::service::CreateGameRequest request;
        request.name = "documents";
        id = service->create_game(request).id;
    }
    ~ServedGame() {
        service.reset();
        db.reset();
        std::filesystem::remove_all(dir);
    }

    std::filesystem::path dir;
    std::unique_ptr<adjutant::storage::Database> db;
    adjutant::service::VariantRegistry variants;
    std::unique_ptr<adjutant::service::GameService> service;
    std::int64_t id = 0;
};

}  // namespace

TEST_CASE("game documents: a cached view is rendered once, and again after a write") {
    using adjutant::http::view_text;
    ServedGame game;
    auto& views = game.service->views();
    const auto view = views.game_view(adjutant::service::Viewer{}, game.id);
    const auto text = view_text(*view);
    CHECK(view_text(*view) == text);  // the same rendering, kept with the view
    CHECK(views.game_view(adjutant::service::Viewer{}, game.id) == view);
    CHECK(*text ==
          adjutant::service::json_text(adjutant::http::game_document_json(view->document)));
    const auto history = views.history_view(game.id);
    CHECK(view_text(*history) == view_text(*history));

    game.service->join(game.id, "France", {"fred", std::nullopt});
    const auto after = views.game_view(adjutant::service::Viewer{}, game.id);
    CHECK(after != view);
    CHECK(after->etag != view->etag);
    const auto seats = nlohmann::json::parse(*view_text(*after))["seats"];
    bool fred = false;
    for (const auto& seat : seats) fred = fred || seat["player"] == "fred";
    CHECK(fred);
}

TEST_CASE("game documents: the position is the stored document, read back") {
    ServedGame game;
    const auto standard = game.variants.find("standard");
    REQUIRE(standard);
    // What a new game stores as its first phase's position.
    const std::string stored = adjutant::service::position_text(
        standard->variant, adjutant::starting_position(standard->variant));
    const auto document = nlohmann::json::parse(*adjutant::http::view_text(
        *game.service->views().game_view(adjutant::service::Viewer{}, game.id)));
    CHECK(adjutant::service::json_text(document["position"]) == stored);
    const auto phase =
        game.service->views().phase_document(adjutant::service::Caller{}, game.id, 0);
    CHECK(adjutant::service::json_text(adjutant::http::phase_document_json(phase)["position"]) ==
          stored);
}
