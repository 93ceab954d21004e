// SPDX-License-Identifier: Apache-2.0
// JSON serialisation of the API's answers that can never throw on the bytes inside.
//
// nlohmann's dump() throws type_error 316 on a string that is not valid UTF-8; every answer the
// server sends goes through json_text(), which replaces such bytes with U+FFFD instead, so no
// request or stored row can make an answer fail to serialise. (The stored documents are written
// alike by server/storage.)
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace adjutant::http {

// dump() that replaces invalid UTF-8 rather than throwing.
inline std::string json_text(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace adjutant::http
