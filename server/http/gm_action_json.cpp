// SPDX-License-Identifier: Apache-2.0
#include "http/gm_action_json.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "service/error.h"
#include "service/game_internal.h"
#include "service/request.h"

namespace adjutant::http {

namespace {

using service::bad_request;

// What a GM may change once the game exists; anything else in the body is a mistake to report,
// not to ignore (a misspelt "extensions_per_player" would otherwise silently keep the default).
constexpr std::string_view kSettingsFields[] = {
    "missing_orders",    "resolve_when_ready",   "grace_seconds", "extensions_per_player",
    "extension_seconds", "civil_disorder_after", "gm_email"};

service::SettingsChange settings_change(const nlohmann::json& body) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    for (const auto& [key, value] : body.items())
        if (std::find(std::begin(kSettingsFields), std::end(kSettingsFields), key) ==
            std::end(kSettingsFields))
            throw bad_request("field '" + key + "' is not a setting the GM can change");
    service::SettingsChange change;
    change.missing_orders = service::read_missing_policy(body);
    change.resolve_when_ready = service::bool_field(body, "resolve_when_ready");
    change.grace_seconds = service::integer_field(body, "grace_seconds", 0, 60LL * 60 * 24 * 365);
    change.attendance = service::attendance::read_settings_change(body);
    return change;
}

// {"provinces": ["LIE", ...]}: the provinces interdicted this turn, [] to clear them.
std::vector<std::string> interdicted_provinces(const nlohmann::json& body) {
    const auto it = body.is_object() ? body.find("provinces") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        throw bad_request("field 'provinces' is required: a list of provinces, [] to clear");
    std::vector<std::string> names;
    for (const auto& item : *it) {
        if (!item.is_string()) throw bad_request("'provinces' holds province names");
        names.push_back(item.get<std::string>());
    }
    return names;
}

// {"battles": [{"province", "winner", ...}]}: the results, [] to clear them.
nlohmann::json battle_results(const nlohmann::json& body) {
    const auto it = body.is_object() ? body.find("battles") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        throw bad_request("field 'battles' is required: a list of results, [] to clear them");
    return *it;
}

}  // namespace

service::GmAction gm_action_request(std::string_view action, const nlohmann::json& body,
                                    std::string_view if_match) {
    const auto kind = service::parse_gm_action_kind(action);
    if (!kind) throw service::not_found("no GM action '" + std::string(action) + "'");
    service::GmAction request;
    request.kind = *kind;
    switch (*kind) {
        case service::GmActionKind::resolve:
            request.phase = service::string_field(body, "phase", 64);
            request.if_match = std::string(if_match);
            break;
        case service::GmActionKind::extend: {
            const auto seconds = service::integer_field(body, "seconds", 1, 60LL * 60 * 24 * 365);
            if (!seconds) throw bad_request("field 'seconds' is required");
            request.seconds = *seconds;
            break;
        }
        case service::GmActionKind::end:
            request.winner = service::string_field(body, "winner");
            break;
        case service::GmActionKind::interdict:
            request.provinces = interdicted_provinces(body);
            break;
        case service::GmActionKind::battles:
            request.battle_results = battle_results(body);
            break;
        case service::GmActionKind::press:
            request.press = service::read_press_rules_change(body);
            break;
        case service::GmActionKind::settings:
            request.settings = settings_change(body);
            break;
        case service::GmActionKind::start:
        case service::GmActionKind::pause:
        case service::GmActionKind::resume:
            break;  // no parameters: the body is not read
    }
    return request;
}

}  // namespace adjutant::http
