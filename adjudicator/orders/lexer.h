// SPDX-License-Identifier: Apache-2.0
// The order lexer: one line of player text -> tokens (words, dashes, slashes, brackets, colon).
//
// Tokens are views into the caller's line, so the line must outlive them. Nothing here fails:
// a byte that cannot start any token becomes a Bad token, which the syntax stage reports with
// `printable` so error messages stay ASCII whatever the input holds (NUL, invalid UTF-8).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant {

enum class TokenKind : std::uint8_t { Word, Dash, Slash, LParen, RParen, Colon, Bad };

struct Token {
    TokenKind kind = TokenKind::Word;
    std::string_view text;
    bool space_before = false;  // whitespace (or '.', ',') separates it from the previous token
};

// Words are runs of ASCII letters, digits and apostrophes; '.', ',' and whitespace separate
// them. "-", "->" and the UTF-8 dashes and arrow are all Dash.
std::vector<Token> tokenize(std::string_view line);
// The same into `out` (cleared first), so a caller parsing many lines reuses one buffer.
void tokenize(std::string_view line, std::vector<Token>& out);

// `text` with every byte outside printable ASCII written as \xHH, cut to `limit` bytes of
// input (then "..." is appended). Safe to echo in an error message or a mail.
std::string printable(std::string_view text, std::size_t limit = 40);

// Case-insensitive comparison of a word token with a lower-case keyword.
bool is_word(const Token& token, std::string_view keyword);

}  // namespace adjutant
