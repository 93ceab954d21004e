// SPDX-License-Identifier: Apache-2.0
#include "orders/keywords.h"

#include <array>
#include <cstddef>

namespace adjutant {

namespace {

constexpr std::string_view kSpellings[] = {"",
#define ADJUTANT_KEYWORD_SPELLING(id, spelling) spelling,
                                           ADJUTANT_KEYWORDS(ADJUTANT_KEYWORD_SPELLING)
#undef ADJUTANT_KEYWORD_SPELLING
};
constexpr std::size_t kCount = sizeof kSpellings / sizeof kSpellings[0];
static_assert(kCount < 256, "a keyword id is one byte");

constexpr std::size_t kSlots = 512;  // a power of two, under a quarter full

constexpr std::size_t slot_of(std::string_view word) {
    std::uint32_t hash = 0;
    for (char c : word) hash = hash * 33 + static_cast<unsigned char>(c);
    return (hash ^ (hash >> 9)) & (kSlots - 1);
}

// Open addressing: each slot holds a keyword id, 0 for an empty slot.
constexpr std::array<std::uint8_t, kSlots> kTable = [] {
    std::array<std::uint8_t, kSlots> table{};
    for (std::size_t id = 1; id < kCount; ++id) {
        std::size_t i = slot_of(kSpellings[id]);
        while (table[i] != 0) i = (i + 1) & (kSlots - 1);
        table[i] = static_cast<std::uint8_t>(id);
    }
    return table;
}();

// A filter before the table: whether any keyword has this length, first and last letter (each
// letter folded to five bits, so case does not matter). Most words of an order are names, and
// this turns nearly all of them away without hashing them.
constexpr std::size_t fold(char c) {
    return static_cast<unsigned char>(c) & 31u;
}
constexpr std::array<std::uint32_t, (kMaxKeywordLength + 1)* 32> kMaybe = [] {
    std::array<std::uint32_t, (kMaxKeywordLength + 1) * 32> maybe{};
    for (std::size_t id = 1; id < kCount; ++id) {
        const std::string_view w = kSpellings[id];
        maybe[w.size() * 32 + fold(w.front())] |= std::uint32_t{1} << fold(w.back());
    }
    return maybe;
}();

constexpr bool longest_is_right() {
    std::size_t longest = 0;
    for (std::string_view s : kSpellings) longest = s.size() > longest ? s.size() : longest;
    return longest == kMaxKeywordLength;
}
static_assert(longest_is_right(), "kMaxKeywordLength is the longest spelling's length");

}  // namespace

Keyword keyword_of(std::string_view word) {
    if (word.empty() || word.size() > kMaxKeywordLength) return Keyword::None;
    if (((kMaybe[word.size() * 32 + fold(word.front())] >> fold(word.back())) & 1u) == 0)
        return Keyword::None;
    // Lowered and hashed in one pass over the word, as slot_of hashes the spellings.
    char lower[kMaxKeywordLength];
    std::uint32_t hash = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        lower[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        hash = hash * 33 + static_cast<unsigned char>(lower[i]);
    }
    const std::string_view lowered(lower, word.size());
    for (std::size_t i = (hash ^ (hash >> 9)) & (kSlots - 1);; i = (i + 1) & (kSlots - 1)) {
        const std::uint8_t id = kTable[i];
        if (id == 0) return Keyword::None;
        if (kSpellings[id] == lowered) return static_cast<Keyword>(id);
    }
}

std::string_view keyword_text(Keyword keyword) {
    const auto id = static_cast<std::size_t>(keyword);
    return id < kCount ? kSpellings[id] : std::string_view();
}

}  // namespace adjutant
