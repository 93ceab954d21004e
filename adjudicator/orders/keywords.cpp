// SPDX-License-Identifier: Apache-2.0
#include "orders/keywords.h"

#include <array>
#include <cstddef>

namespace adjutant {

namespace {

using keyword_detail::kCount;
using keyword_detail::kSpellings;
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

constexpr bool one_byte_spellings_are_ascii() {
    for (std::string_view s : kSpellings)
        if (s.size() == 1 && static_cast<unsigned char>(s[0]) >= 128) return false;
    return true;
}
static_assert(one_byte_spellings_are_ascii(), "kOneByte is indexed by ASCII");

constexpr bool longest_is_right() {
    std::size_t longest = 0;
    for (std::string_view s : kSpellings) longest = s.size() > longest ? s.size() : longest;
    return longest == kMaxKeywordLength;
}
static_assert(longest_is_right(), "kMaxKeywordLength is the longest spelling's length");

}  // namespace

Keyword keyword_detail::lookup(std::string_view word) {
    if (word.size() == 1) {  // keyword_of's own case, for a caller of this alone
        const auto c = static_cast<unsigned char>(word[0]);
        return c < 128 ? static_cast<Keyword>(keyword_detail::kOneByte[c]) : Keyword::None;
    }
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
