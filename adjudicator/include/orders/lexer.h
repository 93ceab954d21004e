// SPDX-License-Identifier: Apache-2.0
// The order lexer: one line of player text -> tokens (words, dashes, slashes, brackets, colon).
//
// Tokens are views into the caller's line, so the line must outlive them. Nothing here fails:
// a character that cannot start any token becomes a Bad token (a whole UTF-8 character when
// it is one, else one byte), which the syntax stage reports with `printable` so error messages
// are clean UTF-8 text whatever the input holds (NUL, invalid UTF-8).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "orders/keywords.h"
#include "orders/vocabulary.h"

namespace adjutant {

enum class TokenKind : std::uint8_t { Word, Dash, Slash, LParen, RParen, Colon, Bad };

struct Token {
    TokenKind kind = TokenKind::Word;
    std::string_view text;
    bool space_before = false;  // whitespace (or '.', ',') separates it from the previous token
    WordId word = kNoWord;      // a Word's id in the vocabulary, found once by the tokenizer
};

// Words are runs of ASCII letters, digits and apostrophes; '.', ',' and whitespace separate
// them. "-", "->" and the UTF-8 dashes and arrow are all Dash. Each word's id in `words` is set.
std::vector<Token> tokenize(std::string_view line, const Vocabulary& words);
// The same into `out` (cleared first), so a caller parsing many lines reuses one buffer.
void tokenize(std::string_view line, const Vocabulary& words, std::vector<Token>& out);
// With the core's words alone (keywords.h): for a caller that reads no module's words (the
// marks of a line).
std::vector<Token> tokenize(std::string_view line);

// The length in bytes of the printable character starting at text[i]: 1 for printable ASCII,
// 2-4 for a well-formed UTF-8 sequence (no overlong form, surrogate or value past U+10FFFF)
// that is not a control (C1), a line or paragraph separator or a bidirectional override or
// isolate (which could make a message read as something else); 0 for anything else.
std::size_t printable_char(std::string_view text, std::size_t i);

// `text` as it reads: printable ASCII and printable UTF-8 characters as they are, every other
// byte written as \xHH; cut to at most `limit` bytes of input on a character boundary (then
// "..." is appended). Safe to echo in an error message, a JSON document or a mail.
std::string printable(std::string_view text, std::size_t limit = 40);

// Whether the token is the core's word `keyword` (in any case): one byte compared.
inline bool is_word(const Token& token, Keyword keyword) {
    return token.word == static_cast<WordId>(keyword);
}

// Case-insensitive comparison of a word token with a lower-case word of no vocabulary (a
// rail line's or a canal's name). Inline: most answers are a length that differs, which the
// call would cost more than.
inline bool is_word(const Token& token, std::string_view keyword) {
    if (token.kind != TokenKind::Word || token.text.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < keyword.size(); ++i) {
        char c = token.text[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != keyword[i]) return false;
    }
    return true;
}

}  // namespace adjutant
