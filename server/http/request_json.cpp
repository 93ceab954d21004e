// SPDX-License-Identifier: Apache-2.0
#include "http/request_json.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <vector>

#include "http/request_fields.h"
#include "rules/module_api.h"
#include "service/absence.h"
#include "service/error.h"
#include "service/mailbox.h"

namespace adjutant::http {

namespace {

using service::bad_request;

constexpr std::int64_t kDay = 24 * 3600;
constexpr std::int64_t kYear = 365 * kDay;
constexpr std::int64_t kMaxExtensions = 10;
constexpr std::int64_t kMaxMissedPhases = 50;
constexpr std::int64_t kMaxExtensionSeconds = 7 * kDay;
constexpr std::int64_t kMaxCooldownPhases = 100;

std::optional<std::string> missing_policy(const nlohmann::json& body) {
    auto policy = string_field(body, "missing_orders");
    if (policy && *policy != "hold" && *policy != "civil_disorder" && *policy != "wait")
        throw bad_request("field 'missing_orders' must be one of hold, civil_disorder, wait");
    return policy;
}

// "assignment": first-come | preference | random (docs/assignment.md).
std::optional<service::AssignmentMode> assignment_mode(const nlohmann::json& body) {
    const auto word = string_field(body, "assignment");
    if (!word) return std::nullopt;
    const auto mode = service::parse_assignment_mode(*word);
    if (!mode)
        throw bad_request("field 'assignment' must be one of first-come, preference, random");
    return mode;
}

// The missing-orders settings of a create or settings request. gm_email "" clears the address.
service::attendance::SettingsChange attendance_change(const nlohmann::json& body) {
    service::attendance::SettingsChange change;
    change.extensions_per_player = integer_field(body, "extensions_per_player", 0, kMaxExtensions);
    if (body.is_object() && body.contains("extension_seconds")) {
        // null asks for the automatic length again.
        change.extension_seconds_given = true;
        change.extension_seconds =
            integer_field(body, "extension_seconds", 1, kMaxExtensionSeconds);
    }
    change.civil_disorder_after = integer_field(body, "civil_disorder_after", 0, kMaxMissedPhases);
    if (body.is_object() && body.contains("gm_email")) {
        // An empty address, like null, takes the GM's address away.
        change.gm_email_given = true;
        const std::string email = string_field(body, "gm_email", 254).value_or("");
        if (!email.empty()) {
            service::require_mailbox(email, "field 'gm_email'");
            change.gm_email = email;
        }
    }
    return change;
}

constexpr std::array<std::string_view, 6> kPressFields{
    "rule", "grey", "retreats", "adjustments", "gm_reads_all", "publish_at_end"};

// {"rule": "none" | "public" | "full", "grey", "retreats", "adjustments", "gm_reads_all",
// "publish_at_end"} (docs/press.md).
service::PressRulesChange press_rules_change(const nlohmann::json& body) {
    if (!body.is_object()) throw bad_request("field 'press' must be an object");
    for (const auto& [key, value] : body.items()) {
        (void)value;
        if (std::find(kPressFields.begin(), kPressFields.end(), key) == kPressFields.end())
            throw bad_request("unknown press setting '" + key +
                              "' (rule, grey, retreats, adjustments, gm_reads_all, "
                              "publish_at_end)");
    }
    service::PressRulesChange change;
    change.rule = string_field(body, "rule");
    if (change.rule && *change.rule != "none" && *change.rule != "public" && *change.rule != "full")
        throw bad_request("press rule must be one of none, public, full");
    change.grey = bool_field(body, "grey");
    change.in_retreats = bool_field(body, "retreats");
    change.in_adjustments = bool_field(body, "adjustments");
    change.gm_reads_all = bool_field(body, "gm_reads_all");
    change.publish_at_end = bool_field(body, "publish_at_end");
    return change;
}

// What a GM may change once the game exists; anything else in the body is a mistake to report,
// not to ignore (a misspelt "extensions_per_player" would otherwise silently keep the default).
constexpr std::string_view kSettingsFields[] = {
    "missing_orders",          "resolve_when_ready",   "grace_seconds", "extensions_per_player",
    "extension_seconds",       "civil_disorder_after", "gm_email",      "absence_days_per_player",
    "absence_cooldown_phases", "min_reliability",      "assignment"};

service::SettingsChange settings_change(const nlohmann::json& body) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    for (const auto& [key, value] : body.items())
        if (std::find(std::begin(kSettingsFields), std::end(kSettingsFields), key) ==
            std::end(kSettingsFields))
            throw bad_request("field '" + key + "' is not a setting the GM can change");
    service::SettingsChange change;
    change.missing_orders = missing_policy(body);
    change.resolve_when_ready = bool_field(body, "resolve_when_ready");
    change.grace_seconds = integer_field(body, "grace_seconds", 0, kYear);
    change.attendance = attendance_change(body);
    change.absence_days_per_player =
        integer_field(body, "absence_days_per_player", 0, service::absence::kMaxDays);
    change.absence_cooldown_phases =
        integer_field(body, "absence_cooldown_phases", 0, kMaxCooldownPhases);
    change.min_reliability = integer_field(body, "min_reliability", 0, 100);
    change.assignment = assignment_mode(body);
    return change;
}

}  // namespace

service::CreateGameRequest create_game_request(const nlohmann::json& body) {
    service::CreateGameRequest request;
    request.name = string_field(body, "name").value_or("");
    request.variant = string_field(body, "variant").value_or("standard");
    if (const auto* deadlines = field(body, "deadlines")) {
        if (!deadlines->is_object()) throw bad_request("field 'deadlines' must be an object");
        request.movement_seconds =
            integer_field(*deadlines, "movement", 1, kYear).value_or(request.movement_seconds);
        request.retreat_seconds =
            integer_field(*deadlines, "retreat", 1, kYear).value_or(request.retreat_seconds);
        request.adjustment_seconds =
            integer_field(*deadlines, "adjustment", 1, kYear).value_or(request.adjustment_seconds);
    }
    request.grace_seconds = integer_field(body, "grace_seconds", 0, kYear).value_or(0);
    request.missing_policy = missing_policy(body).value_or("hold");
    request.resolve_when_ready = bool_field(body, "resolve_when_ready").value_or(true);
    request.sandbox = bool_field(body, "sandbox").value_or(false);
    if (const auto* press = field(body, "press")) request.press = press_rules_change(*press);
    request.missing_orders = attendance_change(body);
    request.absence_days_per_player =
        integer_field(body, "absence_days_per_player", 0, service::absence::kMaxDays);
    request.absence_cooldown_phases =
        integer_field(body, "absence_cooldown_phases", 0, kMaxCooldownPhases);
    request.min_reliability = integer_field(body, "min_reliability", 0, 100);
    request.assignment = assignment_mode(body).value_or(service::AssignmentMode::first_come);
    return request;
}

service::SeatRequest seat_request(const nlohmann::json& body) {
    return {string_field(body, "player"), string_field(body, "email", 254)};
}

std::vector<std::string> ranking_request(const nlohmann::json& body) {
    const auto* ranking = field(body, "ranking");
    if (!ranking)
        throw bad_request(
            "field 'ranking' is required: a list of powers, most wanted first, "
            "or \"any\"");
    if (ranking->is_string() && ranking->get<std::string>() == "any") return {};
    if (!ranking->is_array())
        throw bad_request("field 'ranking' must be a list of powers or \"any\"");
    std::vector<std::string> powers;
    for (const auto& power : *ranking) {
        if (!power.is_string() || power.get<std::string>().empty() ||
            power.get<std::string>().size() > 100)
            throw bad_request("every power of 'ranking' must be a power's name");
        powers.push_back(power.get<std::string>());
    }
    return powers;
}

service::GmAction gm_action_request(std::string_view action, const nlohmann::json& body,
                                    std::string_view if_match) {
    const auto kind = service::parse_gm_action_kind(action);
    if (!kind) throw service::not_found("no GM action '" + std::string(action) + "'");
    service::GmAction request;
    request.kind = *kind;
    switch (*kind) {
        case service::GmActionKind::module: {
            // The module reads its own input (rules/module_api.h).
            if (std::string why = read_gm_action(action, body); !why.empty())
                throw bad_request(why);
            request.module_action = std::string(action);
            request.module_input = body;
            break;
        }
        case service::GmActionKind::resolve:
            request.phase = string_field(body, "phase", 64);
            request.if_match = std::string(if_match);
            break;
        case service::GmActionKind::extend: {
            const auto seconds = integer_field(body, "seconds", 1, kYear);
            if (!seconds) throw bad_request("field 'seconds' is required");
            request.seconds = *seconds;
            break;
        }
        case service::GmActionKind::end:
            request.winner = string_field(body, "winner");
            break;
        case service::GmActionKind::press:
            request.press = press_rules_change(body);
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

service::AbsenceRequest absence_request(const nlohmann::json& body) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    service::AbsenceRequest request;
    const auto from = string_field(body, "from", 64);
    const auto to = string_field(body, "to", 64);
    if (!from || !to) throw bad_request("fields 'from' and 'to' are required");
    request.from = *from;
    request.to = *to;
    request.note = string_field(body, "note", 500);
    return request;
}

}  // namespace adjutant::http
