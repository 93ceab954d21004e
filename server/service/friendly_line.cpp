// SPDX-License-Identifier: Apache-2.0
#include "service/friendly_line.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/text.h"
#include "orders/lexer.h"
#include "orders/vocabulary.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

// Words English shares with the order language, which a friendly line may hold after its first
// word ("Thanks and good luck", "See you in the fall").
constexpr std::array<std::string_view, 9> kSmallWords = {"a",  "an", "and", "at",  "by",
                                                         "in", "of", "to",  "with"};

bool is_word_byte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '\'' || byte >= 0x80;  // a letter of another script is part of its word
}

// The words of `text` in lower case: runs of letters, digits and apostrophes; anything else
// (spaces, '-', '.', ',', '!') separates them, as the parser's names are read.
std::vector<std::string> words_of(std::string_view text) {
    std::vector<std::string> words;
    std::size_t at = 0;
    while (at < text.size()) {
        if (!is_word_byte(text[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        while (end < text.size() && is_word_byte(text[end])) ++end;
        words.push_back(lowercase(text.substr(at, end - at)));
        at = end;
    }
    return words;
}

bool has_order_punctuation(std::string_view line) {
    const auto tokens = tokenize(line);
    return std::any_of(tokens.begin(), tokens.end(), [](const Token& token) {
        return token.kind != TokenKind::Word && token.kind != TokenKind::Bad;
    });
}

bool is_small_word(std::string_view word) {
    return std::find(kSmallWords.begin(), kSmallWords.end(), word) != kSmallWords.end();
}

// Whether `name`'s words stand one after the other in `words`.
bool names(const std::vector<std::string>& words, std::string_view name) {
    const std::vector<std::string> wanted = words_of(name);
    if (wanted.empty() || wanted.size() > words.size()) return false;
    return std::search(words.begin(), words.end(), wanted.begin(), wanted.end()) != words.end();
}

bool names_a_province(const Variant& variant, const std::vector<std::string>& words) {
    for (const Province& province : variant.provinces) {
        if (names(words, province.abbr) || names(words, province.name)) return true;
        for (const std::string& alias : province.aliases)
            if (names(words, alias)) return true;
    }
    return false;
}

bool is_power_word(const Variant& variant, std::string_view word) {
    for (const Power& power : variant.powers)
        for (const std::string& name : {power.name, power.adjective}) {
            const auto first = words_of(name);
            if (!first.empty() && first.front() == word) return true;
        }
    return false;
}

}  // namespace

bool is_friendly_line(const Variant& variant, std::string_view line) {
    line = trim(line);
    if (line.empty() || line.back() == ':') return false;  // a heading: the parser says why
    const std::vector<std::string> words = words_of(line);
    if (words.size() < 2) return false;  // one word: a mistyped command or order
    if (has_order_punctuation(line)) return false;
    if (is_order_word(words.front()) || is_power_word(variant, words.front())) return false;
    for (const std::string& word : words)
        if (is_order_word(word) && !is_small_word(word)) return false;
    return !names_a_province(variant, words);
}

}  // namespace adjutant::service
