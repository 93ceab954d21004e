#include "app/demo.h"

#include <nlohmann/json.hpp>

namespace adjutant::app {

std::string create_demo_game(service::GameService& service, const std::string& base_url) {
    service::Caller admin;
    admin.role = service::Role::Admin;
    if (!service.list_games(admin)["games"].empty()) return {};
    bool has_standard = false;
    const nlohmann::json variants = service.list_variants();  // kept alive for the loop
    for (const auto& variant : variants["variants"])
        has_standard = has_standard || variant["name"] == "standard";
    if (!has_standard) return {};

    const auto created = service.create_game(
        {{"name", "Demo game"},
         {"variant", "standard"},
         {"deadlines", {{"movement", 3600}, {"retreat", 1800}, {"adjustment", 1800}}}});
    const std::int64_t id = created["game"]["id"].get<std::int64_t>();
    const std::string game_url = base_url + "/api/v1/games/" + std::to_string(id);
    std::string text = "Demo game " + std::to_string(id) + " on the standard map.\n\n";
    text += "  game state:  curl " + game_url + "\n";
    text += "  GM token:    " + created["gm_token"].get<std::string>() + "\n\n";
    text += "Seats (each token is shown only now):\n";
    std::string example_token;
    for (const auto& seat : created["game"]["seats"]) {
        const auto power = seat["power"].get<std::string>();
        const auto joined = service.join(id, power, {{"player", power + " (demo)"}});
        const auto token = joined["token"].get<std::string>();
        if (power == "France") example_token = token;
        char line[160];
        std::snprintf(line, sizeof line, "  %-8s %s\n", power.c_str(), token.c_str());
        text += line;
    }
    if (!example_token.empty()) {
        text += "\nPlay France:\n";
        text +=
            "  curl -X PUT -H 'Authorization: Bearer " + example_token +
            "' -H 'Content-Type: text/plain' --data-binary $'A PAR-BUR\\nA MAR-SPA\\nF BRE-MAO' " +
            game_url + "/orders\n";
        text += "  curl -X POST -H 'Authorization: Bearer " + example_token + "' " + game_url +
                "/ready\n";
    }
    // A resolve names the phase it is for, so a repeated one cannot resolve the next phase too
    // (a stale one gets 409, one naming no phase 428; both say which phase is current).
    const std::string phase = created["game"]["phase"].get<std::string>();
    text += "\nThe GM resolves the current phase (" + phase + ") at once with\n";
    text += "  curl -X POST -H 'Authorization: Bearer " + created["gm_token"].get<std::string>() +
            "' -H 'Content-Type: application/json' --data '{\"phase\": \"" + phase + "\"}' " +
            game_url + "/actions/resolve\n";
    return text;
}

}  // namespace adjutant::app
