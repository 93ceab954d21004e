// SPDX-License-Identifier: Apache-2.0
#include "orders/lexer.h"

#include "orders/byte_classes.h"
#include "orders/tokenize_rest.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace adjutant {

namespace {

bool is_word_byte(char c) {
    return kByteClasses[static_cast<unsigned char>(c)] == kWordClass;
}

// En dash, em dash and the right arrow, which mail clients substitute for "-" and "->".
constexpr std::array<std::string_view, 3> kUtf8Dashes = {"\xE2\x80\x93", "\xE2\x80\x94",
                                                         "\xE2\x86\x92"};

// The end of the token that begins with a byte of class Bad at `p`: a UTF-8 dash, a whole
// printable UTF-8 character, or one byte. Out of line: orders are ASCII.
[[gnu::noinline]] const char* bad_token_end(std::string_view line, const char* p, Token& token) {
    const auto i = static_cast<std::size_t>(p - line.data());
    std::size_t len = std::max<std::size_t>(1, printable_char(line, i));
    for (std::string_view dash : kUtf8Dashes)
        if (line.substr(i, dash.size()) == dash) {
            token.kind = TokenKind::Dash;
            len = dash.size();
        }
    return p + len;
}

}  // namespace

std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> tokens;
    tokenize(line, tokens);
    return tokens;
}

void tokenize(std::string_view line, std::vector<Token>& tokens) {
    tokens.resize(line.size());
    Token* const end = tokenize_rest(line, 0, tokens.data(), true);
    tokens.resize(static_cast<std::size_t>(end - tokens.data()));
}

// Pointers rather than indices, one class look per byte that also gives a one-byte token's
// kind, and each token written in its place: this loop runs for every byte of every order.
Token* tokenize_rest(std::string_view line, std::size_t from, Token* out, bool first) {
    const char* p = line.data() + from;
    const char* const end = line.data() + line.size();
    bool space = first;  // the first token of a line counts as spaced
    while (p != end) {
        const std::uint8_t byte_class = kByteClasses[static_cast<unsigned char>(*p)];
        if (byte_class == kSeparator) {
            space = true;
            ++p;
            continue;
        }
        Token& token = *out++;
        token.kind = static_cast<TokenKind>(byte_class);
        token.space_before = space;
        token.keyword = Keyword::None;
        space = false;
        const char* next = p + 1;
        if (token.kind == TokenKind::Word) {
            while (next != end && is_word_byte(*next)) ++next;
            // Classified once here, so no reader compares the word's letters again.
            const auto len = static_cast<std::size_t>(next - p);
            if (len <= kMaxKeywordLength) token.keyword = keyword_of(std::string_view(p, len));
        } else if (token.kind == TokenKind::Dash) {
            if (next != end && *next == '>') ++next;
        } else if (token.kind == TokenKind::Bad) {
            next = bad_token_end(line, p, token);
        }
        token.text = std::string_view(p, static_cast<std::size_t>(next - p));
        p = next;
    }
    return out;
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
