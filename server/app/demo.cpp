// SPDX-License-Identifier: Apache-2.0
#include "app/demo.h"

#include <cstdio>

namespace adjutant::app {

namespace {

bool has_standard_variant(service::GameService& service) {
    for (const auto& variant : service.list_variants())
        if (variant.name == "standard") return true;
    return false;
}

std::string already_there(const std::vector<service::GameListing>& games,
                          const std::string& base_url, const std::string& database) {
    const service::GameListing& first = games.front();
    std::string text = "The demo already exists: " + database + " holds " +
                       std::to_string(games.size()) + " game(s); the demo is game " +
                       std::to_string(first.id) + " (" + first.name + "), open " + base_url +
                       "/#/game/" + std::to_string(first.id) + ".\n";
    text +=
        "Its tokens were printed when it was created and only their hashes are stored, so they\n"
        "cannot be shown again. To start afresh with a new demo game and new tokens, stop the\n"
        "server and remove the database (rm " +
        database + "*), then start it again.\n";
    return text;
}

}  // namespace

std::string create_demo_game(service::GameService& service, const std::string& base_url,
                             const std::string& database) {
    service::Caller admin;
    admin.role = service::Role::Admin;
    const auto games = service.list_games(admin).games;
    if (!games.empty()) return already_there(games, base_url, database);
    if (!has_standard_variant(service)) return {};

    service::CreateGameRequest request;
    request.name = "Demo game";
    // A day per phase: a newcomer who steps away comes back to the game they left, not to one
    // resolved without them, and the deadline reminder (mail.reminder_seconds before it) does
    // not show on a game just created.
    request.movement_seconds = 86400;
    request.retreat_seconds = 86400;
    request.adjustment_seconds = 86400;
    const auto created = service.create_game(request);
    const std::int64_t id = created.id;
    const std::string game_url = base_url + "/api/v1/games/" + std::to_string(id);
    const std::string web_url = base_url + "/#/game/" + std::to_string(id);
    const std::string gm_token = created.gm_token;
    // Between two rules, so the tokens stand out of the log; the lines have no side borders,
    // so a line copied whole from the terminal runs as printed.
    const std::string rule(78, '=');
    std::string text = "\n" + rule + "\n";
    text += "  Adjutant is running with demo game " + std::to_string(id) +
            " on the standard map (a day per phase).\n"
            "  Open a link below in a browser. The tokens are shown only now: keep them.\n\n";
    text += "  game state:  curl " + game_url + "\n";
    text += "  GM token:    " + gm_token + "\n";
    text += "  GM console:  " + web_url + "?token=" + gm_token + "\n\n";
    text += "  Seats (each token is shown only now; the link opens the seat in a browser):\n";
    std::string example_token;
    for (const auto& seat : created.game.seats) {
        const std::string& power = seat.power;
        const std::string token =
            service.seats().join(id, power, {power + " (demo)", std::nullopt}).token;
        if (power == "France") example_token = token;
        char line[256];
        std::snprintf(line, sizeof line, "  %-8s %s  %s?token=%s\n", power.c_str(), token.c_str(),
                      web_url.c_str(), token.c_str());
        text += line;
    }
    if (!example_token.empty()) {
        text += "\n  Play France:\n";
        text += "  curl -X PUT -H 'Authorization: Bearer " + example_token +
                "' -H 'Content-Type: application/json' "
                "--data '{\"orders\":[\"A PAR-BUR\",\"A MAR-SPA\",\"F BRE-MAO\"]}' " +
                game_url + "/orders\n";
        text += "  curl -X POST -H 'Authorization: Bearer " + example_token + "' " + game_url +
                "/ready\n";
    }
    // The resolve names the phase it resolves, so a repeated click cannot skip the next one.
    const std::string& phase = created.game.phase;
    text += "\n  The GM resolves the phase at once:\n";
    text += "  curl -X POST -H 'Authorization: Bearer " + gm_token +
            "' -H 'Content-Type: application/json' --data '{\"phase\":\"" + phase + "\"}' " +
            game_url + "/actions/resolve\n";
    text += rule + "\n";
    return text;
}

}  // namespace adjutant::app
