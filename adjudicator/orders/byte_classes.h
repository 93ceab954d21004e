// SPDX-License-Identifier: Apache-2.0
// How the order text's bytes are classed, for the two readers of a line: the tokenizer
// (lexer.cpp) and the classic line reader (classic_line.cpp). One table, so the two cannot
// disagree on what is a word's byte or a separator.
#pragma once

#include <array>
#include <cstdint>

#include "orders/lexer.h"

namespace adjutant {

// Each byte's class, looked up once per byte: the tokenizer's inner loop. A byte that is a
// token by itself has its token's kind as its class, so one look gives the kind.
inline constexpr std::uint8_t kSeparator = 0xFF;  // whitespace, '.', ','
constexpr std::uint8_t class_of(TokenKind kind) {
    return static_cast<std::uint8_t>(kind);
}

inline constexpr std::array<std::uint8_t, 256> kByteClasses = [] {
    std::array<std::uint8_t, 256> classes{};
    classes.fill(class_of(TokenKind::Bad));  // may begin a UTF-8 dash, else a Bad token
    for (int c = 'a'; c <= 'z'; ++c)
        classes[static_cast<std::size_t>(c)] = class_of(TokenKind::Word);
    for (int c = 'A'; c <= 'Z'; ++c)
        classes[static_cast<std::size_t>(c)] = class_of(TokenKind::Word);
    for (int c = '0'; c <= '9'; ++c)
        classes[static_cast<std::size_t>(c)] = class_of(TokenKind::Word);
    classes[static_cast<std::size_t>('\'')] = class_of(TokenKind::Word);
    classes[static_cast<std::size_t>('-')] = class_of(TokenKind::Dash);
    classes[static_cast<std::size_t>('/')] = class_of(TokenKind::Slash);
    classes[static_cast<std::size_t>('(')] = class_of(TokenKind::LParen);
    classes[static_cast<std::size_t>(')')] = class_of(TokenKind::RParen);
    classes[static_cast<std::size_t>(':')] = class_of(TokenKind::Colon);
    for (const char c : {' ', '\t', '\r', '\f', '\v', '.', ','})
        classes[static_cast<unsigned char>(c)] = kSeparator;
    return classes;
}();

// The class of a word's byte: letters, digits and the apostrophe.
inline constexpr std::uint8_t kWordClass = class_of(TokenKind::Word);

}  // namespace adjutant
