// SPDX-License-Identifier: Apache-2.0
#include "http/account_json.h"

#include "http/request_fields.h"
// The documents the context's view caches hold: complete types where the caches' templates are
// instantiated (clang insists; GCC does not).
#include "service/game_document.h"

namespace adjutant::http {

using Json = nlohmann::json;

Json account_json(const service::Account& account) {
    return {{"id", account.id},
            {"email", account.email},
            {"display_name", account.display_name},
            {"time_zone", account.time_zone},
            {"created_at", account.created_at}};
}

Json reliability_json(const service::Reliability& r) {
    const auto or_null = [](const std::optional<std::int64_t>& v) {
        return v ? Json(*v) : Json(nullptr);
    };
    return {{"phases_on_time", r.phases_on_time},
            {"phases_missed", r.phases_missed},
            {"civil_disorders", r.civil_disorders},
            {"games_finished", r.games_finished},
            {"games_abandoned", r.games_abandoned},
            {"percent", or_null(r.percent)},
            {"average_submit_seconds", or_null(r.average_submit_seconds)}};
}

Json signed_in_json(const service::SignedIn& in) {
    return {{"account", account_json(in.account)},
            {"created", in.created},
            {"csrf_token", in.csrf_token},
            {"expires_in", in.expires_in}};
}

Json profile_changed_json(const service::ProfileChanged& changed) {
    Json out = account_json(changed.account);
    out["pending_email"] = changed.pending_email ? Json(*changed.pending_email) : Json(nullptr);
    return out;
}

Json account_token_json(const service::AccountToken& token) {
    Json out = {{"id", token.id},
                {"name", token.name},
                {"created_at", token.created_at},
                {"revoked_at", token.revoked_at ? Json(*token.revoked_at) : Json(nullptr)}};
    if (!token.token.empty()) out["token"] = token.token;
    return out;
}

Json account_tokens_json(const std::vector<service::AccountToken>& tokens) {
    Json list = Json::array();
    for (const auto& token : tokens) list.push_back(account_token_json(token));
    return {{"tokens", list}};
}

Json account_seat_json(const service::AccountSeat& seat) {
    return {{"game_id", seat.game_id},
            {"game_name", seat.game_name},
            {"variant", seat.variant},
            {"status", seat.status},
            {"power", seat.power},
            {"phase", seat.phase},
            {"deadline", seat.deadline ? Json(*seat.deadline) : Json(nullptr)},
            {"orders_in", seat.orders_in},
            {"unread_press", seat.unread_press}};
}

Json account_seats_json(const std::vector<service::AccountSeat>& seats) {
    Json list = Json::array();
    for (const auto& seat : seats) list.push_back(account_seat_json(seat));
    return {{"seats", list}};
}

service::ProfileChange profile_change(const Json& body) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    for (const auto& [key, value] : body.items())
        if (key != "display_name" && key != "time_zone" && key != "email")
            throw bad_request("unknown field '" + key + "'");
    service::ProfileChange change;
    change.display_name = string_field(body, "display_name", 1000);
    change.time_zone = string_field(body, "time_zone", 100);
    change.email = string_field(body, "email", 1000);
    return change;
}

}  // namespace adjutant::http
