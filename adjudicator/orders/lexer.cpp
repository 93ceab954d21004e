// SPDX-License-Identifier: Apache-2.0
#include "orders/lexer.h"

#include <array>

namespace adjutant {

namespace {

bool is_word_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '\'';
}

bool is_separator(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '.' || c == ',';
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
    bool space = false;
    std::size_t i = 0;
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

std::string printable(std::string_view text, std::size_t limit) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    const bool cut = text.size() > limit;
    if (cut) text = text.substr(0, limit);
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7F) {
            out += ch;
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
    }
    if (cut) out += "...";
    return out;
}

bool is_word(const Token& token, std::string_view keyword) {
    if (token.kind != TokenKind::Word || token.text.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < keyword.size(); ++i) {
        char c = token.text[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != keyword[i]) return false;
    }
    return true;
}

}  // namespace adjutant
