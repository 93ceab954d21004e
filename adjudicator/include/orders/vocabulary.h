// SPDX-License-Identifier: Apache-2.0
// A vocabulary of the order language: every word its readers test, each with a one-byte id.
//
// The tokenizer looks each word up once (lexer.h's Token::word), so the readers compare a byte
// rather than the word's letters against a chain of spellings: one line passes the classic
// orders' tests and the hooks of the modules whose words it begins with, which used to cost more
// than the rest of its parse. The core's words (keywords.h) come first, their ids the Keyword
// values; then the words given, the rule modules' (RuleModule::words), each spelling once
// whichever modules list it. A word it does not hold has kNoWord; names of provinces, powers and
// rail lines are the name index's (names.h), not words of the language.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "orders/keywords.h"

namespace adjutant {

// A word's id in one vocabulary: a Keyword value for the core's words, above them a module's.
using WordId = std::uint8_t;
inline constexpr WordId kNoWord = 0;

class Vocabulary {
  public:
    // The longest spelling a vocabulary takes; a longer word is none, and is not looked up.
    static constexpr std::size_t kMaxLength = 16;

    // The core's words, then `more`, which must outlive it (a module's list is static). Throws
    // std::invalid_argument for a spelling that is empty, longer than kMaxLength or not lower
    // case, and when the words pass the 255 one byte can tell apart.
    explicit Vocabulary(std::span<const std::string_view> more = {});

    // The id of `word`, in any case, or kNoWord.
    WordId find(std::string_view word) const {
        if (word.empty() || word.size() > kMaxLength) return kNoWord;
        if (((maybe_[word.size() * 32 + fold(word.front())] >> fold(word.back())) & 1u) == 0)
            return kNoWord;
        if (word.size() == 1) {
            const auto c = static_cast<unsigned char>(word[0]);
            return c < 128 ? one_byte_[c] : kNoWord;
        }
        return lookup(word);
    }
    // The word's spelling in lower case, "" for kNoWord.
    std::string_view spelling(WordId id) const {
        return id < spellings_.size() ? spellings_[id] : std::string_view();
    }
    // How many ids there are, kNoWord's included: the words are 1 to size() - 1.
    std::size_t size() const { return spellings_.size(); }

  private:
    // A letter folded to five bits, so that case does not matter.
    static constexpr std::size_t fold(char c) { return static_cast<unsigned char>(c) & 31u; }
    static constexpr std::size_t kSlots = 512;  // a power of two, under half full

    void add(std::string_view spelling);
    WordId lookup(std::string_view word) const;

    std::vector<std::string_view> spellings_;  // by id
    // A filter before the table: whether any word has this length, first and last letter. Most
    // words of an order are names, and this turns nearly all of them away, inline, without
    // hashing them.
    std::array<std::uint32_t, (kMaxLength + 1) * 32> maybe_{};
    // One-byte words (the unit letters and the order letters: A, F, H, S, C, D, ...) are a good
    // share of an order's words: their id is one look by the byte, no hash or compare.
    std::array<WordId, 128> one_byte_{};
    // Open addressing by the spelling's hash: each slot holds an id, kNoWord when empty.
    std::array<WordId, kSlots> slots_{};
};

// The core's words alone, built once.
const Vocabulary& core_vocabulary();

// Whether `word` is a word of the order language in any case: the core's or a registered rule
// module's, asked of the registry (orders/order_language.cpp). For a caller that asks of a few
// words (whether a line reads like an order); a parser looks words up in its own vocabulary.
bool is_order_word(std::string_view word);

}  // namespace adjutant
