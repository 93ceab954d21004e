// SPDX-License-Identifier: Apache-2.0
// Province and power names as the order parser matches them against tokens.
//
// Built once per parse from the variant (abbreviations, names, aliases; power names and
// adjectives). Keys are normalised: lower case, '-' and '.' read as spaces, so "Mid-Atlantic
// Ocean", "mid atlantic ocean" and "St. Petersburg" all match. The longest name wins.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.h"
#include "orders/lexer.h"
#include "orders/name_table.h"

namespace adjutant {

struct Variant;

class NameIndex {
  public:
    explicit NameIndex(const Variant& variant);

    struct Match {
        std::size_t id = 0;   // ProvinceId or PowerId
        std::size_t end = 0;  // index of the first token after the name
        bool found = false;
    };
    // The longest province name starting at tokens[at]; words may be joined by spaces or by a
    // dash written without spaces ("Mid-Atlantic"). Inline: nearly every name an order writes
    // is an abbreviation, found by one look in a table, which a call would cost as much again.
    Match province(std::span<const Token> tokens, std::size_t at) const {
        if (at < tokens.size()) {
            const Token& token = tokens[at];
            if (token.kind == TokenKind::Word && token.text.size() == 3) {
                const std::size_t slot = three_letter_slot(token.text);
                if (slot != kNoSlot) {
                    const std::uint16_t entry = three_letter_[slot];
                    if (entry != 0 && (entry & kLongerName) == 0)
                        return Match{(entry & kIdBits) - 1u, at + 1, true};
                }
            }
        }
        return longest(provinces_, max_province_words_, tokens, at);
    }
    Match power(std::span<const Token> tokens, std::size_t at) const;
    // The power a one-word name names (a name or an adjective, in any case), as power() finds
    // it; nothing when some power's name has two words (power() then reads several tokens).
    std::optional<std::size_t> power_word(std::string_view word) const;
    // The same for a word of the lexer's (ASCII letters, digits, apostrophes) followed by enough
    // bytes that its first eight may be read (a prefix with its order after it): the word is
    // lowered and compared eight bytes at once.
    std::optional<std::size_t> power_word_in_eight(std::string_view word) const;

    // The power a prefix names when the eight bytes at the line's start, loaded as a word (little
    // endian), begin with a one-word name or adjective of two to seven bytes of the lexer's word
    // bytes, in any case, and a colon: the bytes of the name and its colon, the power in `id`;
    // 0 otherwise (the prefix is then read the slower way). The names are kept by their first
    // byte: nearly every line's prefix is the first one tried, a mask, an OR and a compare.
    std::size_t power_prefix(std::uint64_t bytes, PowerId& id) const {
        if (const std::size_t length = first_power_prefix(bytes, id)) return length;
        return prefix_first_[bytes & 31u].more ? more_power_prefix(bytes, id) : 0;
    }
    // The same with the first name of that first byte only (nearly every prefix), calling
    // nothing: 0 for any other.
    [[gnu::always_inline]] std::size_t first_power_prefix(std::uint64_t bytes, PowerId& id) const {
        const PrefixWord& word = prefix_first_[bytes & 31u];
        if (((bytes | word.fold) & word.mask) != word.key) return 0;
        id = word.id;
        return word.length;
    }

    // For the classic line reader (classic_line.h). Whether it may read this variant's lines:
    // every power's name is one word, and no power is called "a" or "f" (the supported unit's
    // letter would be read as its nationality, DATC 4.C.5).
    bool classic_lines() const { return classic_lines_; }
    // The province + 1 that the three bytes at `word` name alone, as province() finds them, or 0
    // when they are not three letters, no province has them for a name, a longer name begins with
    // them, or they are a keyword too (which a module's reader could take).
    std::size_t classic_abbreviation(const char* word) const {
        const unsigned a = kLetters[static_cast<unsigned char>(word[0])];
        const unsigned b = kLetters[static_cast<unsigned char>(word[1])];
        const unsigned c = kLetters[static_cast<unsigned char>(word[2])];
        if (((a | b | c) & 0x80u) != 0) return 0;
        const std::uint16_t entry = three_letter_[(a * 26 + b) * 26 + c];
        return (entry & (kLongerName | kKeyword)) != 0 ? 0 : (entry & kIdBits);
    }
    // Whether the three bytes at `word` name a province alone, then in `province`, for the
    // straight reader of classic_line.cpp, which takes a line only when every name in it is
    // followed by the line's end, a space and a one-byte word or a spaced dash, or a slash: then
    // a name that begins longer names is the province still, unless a longer name's second word
    // is of one byte ("eng ch" begins with ENG; "eng h" would not leave it alone). The entry is
    // tested by one compare: kKeyword and kNotAlone above the rest, kLongerName among the id's.
    [[gnu::always_inline]] bool classic_place(const char* word, ProvinceId& province) const {
        const std::size_t slot = std::size_t{kLetterAt[0][static_cast<unsigned char>(word[0])]} +
                                 kLetterAt[1][static_cast<unsigned char>(word[1])] +
                                 kLetterAt[2][static_cast<unsigned char>(word[2])];
        if (slot >= 26 * 26 * 26) return false;
        const unsigned entry = three_letter_[slot];
        if (entry - 1u >= kNotAlone - 1u) return false;
        province = static_cast<ProvinceId>((entry & kIdBits) - 1u);
        return true;
    }
    // The same for a word of any length ("PAR1", "London"): the province + 1 it names alone,
    // or 0. A look in a table of such names, hashed as it is lowered.
    std::size_t classic_word(std::string_view word) const;
    // The same for a word of eight bytes or fewer, given as its bytes loaded into the low end of
    // a word, zero-padded, and lowered (lower_eight): the synthetic maps' PAR1 and LON10, one
    // multiply and mostly one compare where classic_word hashes a byte at a time.
    std::size_t classic_short_word(std::uint64_t lowered) const {
        if (short_words_.empty()) return 0;
        const std::size_t mask = short_words_.size() - 1;
        for (std::size_t i = short_slot(lowered);; i = (i + 1) & mask) {
            const ShortWord& w = short_words_[i];
            if (w.key == lowered) return w.id;
            if (w.key == 0) return 0;
        }
    }
    // Up to eight bytes of a word of the lexer's (ASCII letters, digits, apostrophes), lowered
    // at once: no sum below carries into the next byte, and a byte's high bit says whether it
    // is from 'A' to 'Z'. Zero bytes stay zero.
    static std::uint64_t lower_eight(std::uint64_t bytes) {
        constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
        const std::uint64_t upper =
            (bytes + kOnes * (0x80 - 'A')) & ~(bytes + kOnes * (0x80 - 'Z' - 1)) & (kOnes * 0x80);
        return bytes | (upper >> 2);
    }
    // A rail line ("TSR") or canal ("SUEZ") named by the single word token, if any.
    std::optional<std::size_t> rail_line(const Token& token) const;
    std::optional<std::size_t> canal(const Token& token) const;
    std::size_t canal_count() const { return canals_.size(); }

  private:
    void build_classic_tables(const Variant& variant);
    Match longest(const NameTable& names, std::size_t max_words, std::span<const Token> tokens,
                  std::size_t at) const;

    // Names of three letters (the abbreviations, nearly every name an order writes), found by
    // their letters alone: (a * 26 + b) * 26 + c holds the province id + 1, or 0, and
    // kLongerName when a longer name begins with the word, which then needs the table.
    static constexpr std::uint16_t kLongerName = 0x2000;
    // And kKeyword when the word is a keyword too ("DET"): province() ignores it, the classic
    // line reader leaves the line to the general path.
    static constexpr std::uint16_t kKeyword = 0x8000;
    // And kNotAlone when classic_place may not take the word alone: a keyword, no id kept for
    // it, or a longer name beginning with it whose second word is of one byte.
    static constexpr std::uint16_t kNotAlone = 0x4000;
    static constexpr std::uint16_t kIdBits = 0x1FFF;
    static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
    // Each byte's letter, a to z in either case, as 0 to 25; 0x80 for any other byte.
    static constexpr std::array<std::uint8_t, 256> kLetters = [] {
        std::array<std::uint8_t, 256> letters{};
        letters.fill(0x80);
        for (std::size_t c = 0; c < 26; ++c) {
            letters[std::size_t{'a'} + c] = static_cast<std::uint8_t>(c);
            letters[std::size_t{'A'} + c] = static_cast<std::uint8_t>(c);
        }
        return letters;
    }();
    // Each byte's letter, a to z in either case, times 26 * 26, 26 and 1 for the first, second
    // and third of three letters: their sum is the word's slot, 26 * 26 * 26 or more when any
    // byte is no letter. Two adds and one compare where the letters were tested and multiplied.
    static constexpr std::array<std::array<std::uint16_t, 256>, 3> kLetterAt = [] {
        std::array<std::array<std::uint16_t, 256>, 3> at{};
        for (std::size_t k = 0; k < 3; ++k) {
            const unsigned weight = k == 0 ? 26 * 26 : k == 1 ? 26 : 1;
            at[k].fill(0x8000);
            for (unsigned c = 0; c < 26; ++c) {
                at[k]['a' + c] = static_cast<std::uint16_t>(c * weight);
                at[k]['A' + c] = static_cast<std::uint16_t>(c * weight);
            }
        }
        return at;
    }();
    // A word's slot, or kNoSlot unless it is three letters: three looks in kLetters, no
    // lowering and range test per letter.
    static std::size_t three_letter_slot(std::string_view word) {
        if (word.size() != 3) return kNoSlot;
        const unsigned a = kLetters[static_cast<unsigned char>(word[0])];
        const unsigned b = kLetters[static_cast<unsigned char>(word[1])];
        const unsigned c = kLetters[static_cast<unsigned char>(word[2])];
        if (((a | b | c) & 0x80u) != 0) return kNoSlot;
        return (a * 26 + b) * 26 + c;
    }
    std::vector<std::uint16_t> three_letter_;
    // The one-word province names that are no keyword and begin no longer name, each with the
    // id the province table gives it: for them, one word alone is what province() finds.
    NameTable classic_words_;
    // Those of eight bytes or fewer, each of the lexer's word bytes, by their bytes as a word (no
    // name's byte is zero, so 0 marks an empty slot), with the province + 1; a power of two in
    // size, at most half full.
    struct ShortWord {
        std::uint64_t key = 0;
        std::size_t id = 0;
    };
    std::size_t short_slot(std::uint64_t key) const {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> short_shift_);
    }
    std::vector<ShortWord> short_words_;
    unsigned short_shift_ = 63;

    NameTable provinces_;
    NameTable powers_;
    std::vector<std::string> rail_lines_;  // lower case
    std::vector<std::string> canals_;      // lower case
    std::size_t max_province_words_ = 1;
    std::size_t max_power_words_ = 1;
    // The powers' names and adjectives, lower case, each once with its first id, as the table
    // holds them. When none has two words (max_power_words_ is 1) a power prefix is matched
    // against these in turn: a compare of a few words' lengths and letters, cheaper than
    // lowering and hashing the prefix for the table.
    struct PowerWord {
        std::string key;
        std::size_t id = 0;
        std::uint64_t packed = 0;  // a key of eight bytes or fewer, as loaded, zero-padded
    };
    std::vector<PowerWord> power_words_;
    // The power words of two to seven bytes, each a word of the lexer's, with their colon, for
    // power_prefix: the line's bytes OR `fold` (0x20 at each letter of the name, which lowers
    // exactly the two cases of that letter to it), masked to the name and its colon, equal `key`.
    // The first by their first byte (five bits, case folded away; names come before adjectives)
    // in prefix_first_, tried at once; any others of the same first byte after it in
    // prefix_more_, from prefix_begin_[b] on.
    struct PrefixWord {
        std::uint64_t key = ~std::uint64_t{0};  // no line's bytes once masked: an empty slot
        std::uint64_t fold = 0;
        std::uint64_t mask = 0;
        std::uint8_t length = 0;  // the name's bytes and the colon
        PowerId id = kNoPower;
        bool more = false;  // others of the same first byte in prefix_more_
    };
    void build_prefix_words();
    std::size_t more_power_prefix(std::uint64_t bytes, PowerId& id) const;
    std::array<PrefixWord, 32> prefix_first_{};
    std::vector<PrefixWord> prefix_more_;
    std::array<std::uint16_t, 33> prefix_begin_{};
    // power_words_'s index + 1 by the folded first and last bytes of the word (five bits each,
    // case folded away), kManyPowers where two share them: one look and one compare where the
    // words were compared in turn (a dozen in the standard map, on nearly every line).
    static constexpr std::uint8_t kManyPowers = 0xFF;
    static std::size_t power_slot(std::string_view word) {
        return (static_cast<unsigned char>(word.front()) & 31u) * 32 +
               (static_cast<unsigned char>(word.back()) & 31u);
    }
    std::array<std::uint8_t, 32 * 32> power_slots_{};
    bool classic_lines_ = false;
};

}  // namespace adjutant
