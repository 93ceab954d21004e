// SPDX-License-Identifier: Apache-2.0
// Accounts' answers (service/account_service.h) as the API's JSON documents (schemas in
// openapi.json), and the request body of a profile change.
#pragma once

#include <nlohmann/json.hpp>

#include "service/account_service.h"

namespace adjutant::http {

nlohmann::json account_json(const service::Account& account);
nlohmann::json reliability_json(const service::Reliability& reliability);
// A sign-in's answer: the account, whether the link made it, and the session's CSRF token (the
// session itself travels in its cookie only).
nlohmann::json signed_in_json(const service::SignedIn& in);
nlohmann::json profile_changed_json(const service::ProfileChanged& changed);
nlohmann::json account_token_json(const service::AccountToken& token);
nlohmann::json account_tokens_json(const std::vector<service::AccountToken>& tokens);
nlohmann::json account_seat_json(const service::AccountSeat& seat);
nlohmann::json account_seats_json(const std::vector<service::AccountSeat>& seats);
// {"display_name"?, "time_zone"?, "email"?}; 400 otherwise.
service::ProfileChange profile_change(const nlohmann::json& body);

}  // namespace adjutant::http
