// SPDX-License-Identifier: Apache-2.0
#include "orders/lexer.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace adjutant {

namespace {

// What a byte is to the tokenizer, looked up in a table of all 256 bytes.
enum class ByteClass : std::uint8_t {
    Word,       // letters, digits and the apostrophe ("St Peter's")
    Separator,  // whitespace, '.' and ',': they separate tokens and are none themselves
    Other,      // a token of its own: a dash, slash, bracket, colon or a bad byte
};

constexpr std::array<ByteClass, 256> kByteClasses = [] {
    std::array<ByteClass, 256> classes{};
    classes.fill(ByteClass::Other);
    for (int c = 0; c < 256; ++c)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '\'')
            classes[static_cast<std::size_t>(c)] = ByteClass::Word;
    for (const char c : {' ', '\t', '\r', '\f', '\v', '.', ','})
        classes[static_cast<unsigned char>(c)] = ByteClass::Separator;
    return classes;
}();

ByteClass class_of(char c) {
    return kByteClasses[static_cast<unsigned char>(c)];
}

// En dash, em dash and the right arrow, which mail clients substitute for "-" and "->".
constexpr std::array<std::string_view, 3> kUtf8Dashes = {"\xE2\x80\x93", "\xE2\x80\x94",
                                                         "\xE2\x86\x92"};

// The token that begins at line[i] (no separator), its kind and its length.
Token token_at(std::string_view line, std::size_t i, const Vocabulary& words) {
    Token token;
    std::size_t len = 1;
    switch (line[i]) {
        case '-':
            token.kind = TokenKind::Dash;
            if (i + 1 < line.size() && line[i + 1] == '>') len = 2;
            break;
        case '/':
            token.kind = TokenKind::Slash;
            break;
        case '(':
            token.kind = TokenKind::LParen;
            break;
        case ')':
            token.kind = TokenKind::RParen;
            break;
        case ':':
            token.kind = TokenKind::Colon;
            break;
        default:
            if (class_of(line[i]) == ByteClass::Word) {
                token.kind = TokenKind::Word;
                while (i + len < line.size() && class_of(line[i + len]) == ByteClass::Word) ++len;
                break;
            }
            // A UTF-8 dash, a whole printable UTF-8 character, or one byte.
            token.kind = TokenKind::Bad;
            len = std::max<std::size_t>(1, printable_char(line, i));
            for (const std::string_view dash : kUtf8Dashes)
                if (line.substr(i, dash.size()) == dash) {
                    token.kind = TokenKind::Dash;
                    len = dash.size();
                }
    }
    token.text = line.substr(i, len);
    if (token.kind == TokenKind::Word) token.word = words.find(token.text);
    return token;
}

}  // namespace

std::vector<Token> tokenize(std::string_view line, const Vocabulary& words) {
    std::vector<Token> tokens;
    tokenize(line, words, tokens);
    return tokens;
}

std::vector<Token> tokenize(std::string_view line) {
    return tokenize(line, core_vocabulary());
}

void tokenize(std::string_view line, const Vocabulary& words, std::vector<Token>& tokens) {
    tokens.clear();
    bool space = true;  // the first token of a line counts as spaced
    for (std::size_t i = 0; i < line.size();) {
        if (class_of(line[i]) == ByteClass::Separator) {
            space = true;
            ++i;
            continue;
        }
        Token token = token_at(line, i, words);
        token.space_before = space;
        space = false;
        i += token.text.size();
        tokens.push_back(token);
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
