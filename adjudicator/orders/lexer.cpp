// SPDX-License-Identifier: Apache-2.0
#include "orders/lexer.h"

#include "orders/tokenize_rest.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace adjutant {

namespace {

// Each byte's class, looked up once per byte: the tokenizer's inner loop. The definitions are
// the two predicates below.
enum ByteClass : std::uint8_t { kOther = 0, kWordByte = 1, kSeparator = 2 };

constexpr std::array<std::uint8_t, 256> kByteClasses = [] {
    std::array<std::uint8_t, 256> classes{};
    for (int c = 'a'; c <= 'z'; ++c) classes[static_cast<std::size_t>(c)] = kWordByte;
    for (int c = 'A'; c <= 'Z'; ++c) classes[static_cast<std::size_t>(c)] = kWordByte;
    for (int c = '0'; c <= '9'; ++c) classes[static_cast<std::size_t>(c)] = kWordByte;
    classes[static_cast<std::size_t>('\'')] = kWordByte;
    for (const char c : {' ', '\t', '\r', '\f', '\v', '.', ','})
        classes[static_cast<unsigned char>(c)] = kSeparator;
    return classes;
}();

bool is_word_byte(unsigned char c) {
    return kByteClasses[c] == kWordByte;
}

bool is_separator(unsigned char c) {
    return kByteClasses[c] == kSeparator;
}

// En dash, em dash and the right arrow, which mail clients substitute for "-" and "->".
constexpr std::array<std::string_view, 3> kUtf8Dashes = {"\xE2\x80\x93", "\xE2\x80\x94",
                                                         "\xE2\x86\x92"};

}  // namespace

std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> tokens;
    tokenize(line, tokens);
    return tokens;
}

void tokenize(std::string_view line, std::vector<Token>& tokens) {
    tokens.clear();
    tokenize_rest(line, 0, tokens);
}

void tokenize_rest(std::string_view line, std::size_t from, std::vector<Token>& tokens) {
    bool space = false;
    std::size_t i = from;
    while (i < line.size()) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (is_separator(c)) {
            space = true;
            ++i;
            continue;
        }
        Token token;
        token.space_before = space || tokens.empty();
        space = false;
        std::size_t len = 1;
        if (is_word_byte(c)) {
            token.kind = TokenKind::Word;
            while (i + len < line.size() && is_word_byte(static_cast<unsigned char>(line[i + len])))
                ++len;
            // Classified once here, so no reader compares the word's letters again.
            if (len <= kMaxKeywordLength) token.keyword = keyword_of(line.substr(i, len));
        } else if (c == '-') {
            token.kind = TokenKind::Dash;
            if (i + 1 < line.size() && line[i + 1] == '>') len = 2;
        } else if (c == '/') {
            token.kind = TokenKind::Slash;
        } else if (c == '(') {
            token.kind = TokenKind::LParen;
        } else if (c == ')') {
            token.kind = TokenKind::RParen;
        } else if (c == ':') {
            token.kind = TokenKind::Colon;
        } else {
            token.kind = TokenKind::Bad;
            len = std::max<std::size_t>(1, printable_char(line, i));
            for (std::string_view dash : kUtf8Dashes)
                if (line.substr(i, dash.size()) == dash) {
                    token.kind = TokenKind::Dash;
                    len = dash.size();
                }
        }
        token.text = line.substr(i, len);
        tokens.push_back(token);
        i += len;
    }
}

std::size_t printable_char(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = byte(0);
    if (c < 0x80) return c >= 0x20 && c < 0x7F ? 1 : 0;
    const std::size_t len = c >= 0xC2 && c < 0xE0    ? 2
                            : c >= 0xE0 && c < 0xF0  ? 3
                            : c >= 0xF0 && c <= 0xF4 ? 4
                                                     : 0;
    if (len == 0 || i + len > text.size()) return 0;
    char32_t code = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k) {
        if ((byte(k) & 0xC0) != 0x80) return 0;
        code = (code << 6) | (byte(k) & 0x3F);
    }
    const char32_t smallest = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    if (code <= 0x9F) return 0;                      // C1 controls
    if (code >= 0x2028 && code <= 0x202E) return 0;  // separators, bidi embeddings and overrides
    if (code >= 0x2066 && code <= 0x2069) return 0;  // bidi isolates
    return len;
}

std::string printable(std::string_view text, std::size_t limit) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t len = printable_char(text, i);
        if (i + std::max<std::size_t>(len, 1) > limit) break;
        if (len > 0) {
            out.append(text.substr(i, len));
            i += len;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[i++]);
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
    if (i < text.size()) out += "...";
    return out;
}

}  // namespace adjutant
