// SPDX-License-Identifier: Apache-2.0
#include "storage/mail_headers.h"

#include <nlohmann/json.hpp>

namespace adjutant::storage {

std::string encode_mail_headers(const MailHeaders& headers) {
    return nlohmann::json(headers).dump();
}

std::string header_value(const MailHeaders& headers, const std::string& name) {
    const auto found = headers.find(name);
    return found != headers.end() ? found->second : std::string();
}

MailHeaders decode_mail_headers(std::string_view text) {
    MailHeaders headers;
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object()) return headers;
    for (const auto& [name, value] : json.items())
        if (value.is_string()) headers.emplace(name, value.get<std::string>());
    return headers;
}

}  // namespace adjutant::storage
