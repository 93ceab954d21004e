// SPDX-License-Identifier: Apache-2.0
// The game and history documents as values and as the API's text (http/game_documents.h): a
// cached view is rendered once and served as that text until a write outdates it, and the
// position the document holds is the stored one, read back.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/runtime.h"
#include "database_on_file.h"
#include "http/game_documents.h"
#include "http/json_text.h"
#include "service/codec.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "starting_position.h"

namespace {

struct ServedGame : adjutant::testing::DatabaseOnFile {
    ServedGame() : DatabaseOnFile("game-documents") {
        service = std::make_unique<adjutant::service::GameService>(*db, variants, "");
        adjutant::service::CreateGameRequest request;
        request.name = "documents";
        id = service->create_game(request).id;
    }

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
    CHECK(*text == adjutant::http::json_text(adjutant::http::game_document_json(view->document)));
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
    CHECK(adjutant::http::json_text(document["position"]) == stored);
    const auto phase =
        game.service->views().phase_document(adjutant::service::Caller{}, game.id, 0);
    CHECK(adjutant::http::json_text(adjutant::http::phase_document_json(phase)["position"]) ==
          stored);
}

TEST_CASE("game documents: a report's order entries read as values and render back byte for byte") {
    // As the adjudicator writes them (report/adjudication_json.h), and with what another writer
    // might leave: an unknown key, a known key of another type, an item that is no object.
    const auto stored = nlohmann::json::parse(R"([
        {"power": "France", "order": "A PAR-BUR", "result": "succeeds"},
        {"power": "Germany", "order": "A MUN H", "result": "fails", "reason": "dislodged",
         "default": true},
        {"power": "", "input": "F xyz", "line": 3, "result": "illegal", "reason": "no such unit"},
        {"power": 7, "line": "3", "note": {"a": [1, 2]}, "result": "succeeds"},
        "not an entry"])");
    const auto orders = adjutant::storage::decode_report_orders(stored);
    REQUIRE(orders.size() == 4);
    CHECK(orders[1].by_default == true);
    CHECK(orders[2].line == 3);
    CHECK(orders[2].input == "F xyz");
    CHECK_FALSE(orders[3].power);
    nlohmann::json expected = stored;
    expected.erase(expected.size() - 1);
    CHECK(adjutant::storage::report_orders_json(orders).dump() == expected.dump());
}

TEST_CASE("game documents: a phase's stored orders read as seats and render back byte for byte") {
    const auto stored = nlohmann::json::parse(R"([
        {"power": "France", "text": "A PAR-BUR\nhello", "orders": ["A PAR-BUR"],
         "source": "mail"},
        {"power": "Germany", "orders": ["A MUN H", 3], "note": null},
        "not a seat"])");
    const auto seats = adjutant::storage::decode_seats(stored);
    REQUIRE(seats.size() == 2);
    CHECK(seats[0].power == "France");
    CHECK(seats[0].text == "A PAR-BUR\nhello");
    CHECK(seats[0].orders == std::vector<std::string>{"A PAR-BUR"});
    CHECK(seats[0].source == "mail");
    CHECK_FALSE(seats[1].text);
    CHECK_FALSE(seats[1].orders);  // not all text: kept as it stands
    nlohmann::json expected = stored;
    expected.erase(expected.size() - 1);
    CHECK(adjutant::storage::seats_json(seats).dump() == expected.dump());
}
