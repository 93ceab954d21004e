// SPDX-License-Identifier: Apache-2.0
// Client text at the service's edge: UTF-8 checking with a position a person can find, and the
// control characters a stored text may not hold. (The answers' JSON serialisation, which never
// throws on the bytes inside, is the HTTP adapter's: http/json_text.h.)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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

// Whether a stored text may break its lines: a name is one line, a message or a set of orders
// has lines.
enum class TextLines { One, Many };

// The first control character of a UTF-8 `text` that a stored text may not hold: any C0 control
// (U+0000-U+001F) but tab, LF and CR in a text of lines (and those too in a one-line text), DEL
// (U+007F), and every C1 control (U+0080-U+009F; U+009B is the 8-bit terminal escape, CSI).
// Where: 1-based line, 1-based character (code point) within it, 0-based byte offset.
struct ControlCharacter {
    std::size_t line = 1;
    std::size_t character = 1;
    std::size_t offset = 0;
    char32_t code = 0;
};
std::optional<ControlCharacter> find_control_character(std::string_view text, TextLines lines);

// "U+009B, at line 2, character 6"
std::string describe(const ControlCharacter& found);

// The one check of every text a person writes that the server stores and shows to others (a
// game's name, a player's, press, orders; docs/security.md): UTF-8 (400 "bad_encoding", as
// require_utf8), then no control character find_control_character finds (400 naming it and
// where). `what` says what the text is ("the message", "field 'name'").
void require_text(std::string_view text, std::string_view what, TextLines lines);

}  // namespace adjutant::service
