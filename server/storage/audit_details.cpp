// SPDX-License-Identifier: Apache-2.0
#include "storage/audit_details.h"

#include <nlohmann/json.hpp>

namespace adjutant::storage {

std::string encode_audit_details(const AuditDetails& details) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, value] : details)
        out[name] = std::visit([](const auto& v) { return nlohmann::json(v); }, value);
    return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace adjutant::storage
