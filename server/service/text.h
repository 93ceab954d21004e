// SPDX-License-Identifier: Apache-2.0
// Client text at the service's edge: UTF-8 checking with a position a person can find, and
// JSON serialisation that can never throw on the bytes inside.
//
// nlohmann's dump() throws type_error 316 on a string that is not valid UTF-8; every document
// the server serialises goes through json_text(), which replaces such bytes with U+FFFD
// instead, so no request, stored row or mail can make an answer fail to serialise.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace adjutant::service {

// The first byte that breaks UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF), located three ways: 1-based line, 1-based byte within that line, 0-based offset
// in the whole text.
struct Utf8Problem {
    std::size_t line = 1;
    std::size_t byte = 1;
    std::size_t offset = 0;
    unsigned char value = 0;  // the offending byte
};
std::optional<Utf8Problem> find_invalid_utf8(std::string_view text);

// "line 2, byte 7 (offset 19): byte 0xE9 is not valid UTF-8"
std::string describe(const Utf8Problem& problem);

// Throws ApiError 400 "bad_encoding" naming the line and byte when `text` is not UTF-8;
// `what` says what the text is ("the order text").
void require_utf8(std::string_view text, std::string_view what);

// dump() that replaces invalid UTF-8 rather than throwing.
inline std::string json_text(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace adjutant::service
