// SPDX-License-Identifier: Apache-2.0
// Reading request documents: typed field access that answers 400 with the field's name
// instead of letting nlohmann throw a type_error. Header-only; small. The HTTP adapter's alone:
// the service takes typed requests (http/request_json.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/error.h"

namespace adjutant::http {

using service::bad_request;

inline const nlohmann::json* field(const nlohmann::json& body, std::string_view key) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    auto it = body.find(key);
    return it == body.end() || it->is_null() ? nullptr : &*it;
}

inline std::optional<std::string> string_field(const nlohmann::json& body, std::string_view key,
                                               std::size_t max_length = 200) {
    const auto* value = field(body, key);
    if (!value) return std::nullopt;
    if (!value->is_string()) throw bad_request("field '" + std::string(key) + "' must be a string");
    const auto& text = value->get_ref<const std::string&>();
    if (text.size() > max_length)
        throw bad_request("field '" + std::string(key) + "' is longer than " +
                          std::to_string(max_length) + " characters");
    return text;
}

inline std::optional<std::int64_t> integer_field(const nlohmann::json& body, std::string_view key,
                                                 std::int64_t min, std::int64_t max) {
    const auto* value = field(body, key);
    if (!value) return std::nullopt;
    if (!value->is_number_integer())
        throw bad_request("field '" + std::string(key) + "' must be an integer");
    auto number = value->get<std::int64_t>();
    if (number < min || number > max)
        throw bad_request("field '" + std::string(key) + "' must be between " +
                          std::to_string(min) + " and " + std::to_string(max));
    return number;
}

inline std::optional<bool> bool_field(const nlohmann::json& body, std::string_view key) {
    const auto* value = field(body, key);
    if (!value) return std::nullopt;
    if (!value->is_boolean())
        throw bad_request("field '" + std::string(key) + "' must be true or false");
    return value->get<bool>();
}

}  // namespace adjutant::http
