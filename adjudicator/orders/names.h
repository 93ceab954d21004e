// SPDX-License-Identifier: Apache-2.0
// Province and power names as the order parser matches them against tokens.
//
// Built once per OrderParser from the variant (abbreviations, names, aliases; power names and
// adjectives). Keys are normalised: lower case, '-' and '.' read as spaces, so "Mid-Atlantic
// Ocean", "mid atlantic ocean" and "St. Petersburg" all match. The longest name wins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
    // dash written without spaces ("Mid-Atlantic").
    Match province(std::span<const Token> tokens, std::size_t at) const {
        if (at < tokens.size())
            if (const std::size_t slot = abbreviation_slot(tokens[at]); slot != kNoSlot)
                if (const std::uint16_t entry = abbreviations_[slot]; entry != 0)
                    return Match{entry - 1u, at + 1, true};
        return longest(provinces_, tokens, at);
    }
    // The longest power name or adjective starting at tokens[at].
    Match power(std::span<const Token> tokens, std::size_t at) const {
        return longest(powers_, tokens, at);
    }
    // A rail line ("TSR") or canal ("SUEZ") named by the single word token, if any.
    std::optional<std::size_t> rail_line(const Token& token) const;
    std::optional<std::size_t> canal(const Token& token) const;
    std::size_t canal_count() const { return canals_.size(); }

  private:
    // Normalised names with their ids, and the beginnings of the names of several words
    // (their first word, their first two...), so that a match reads a next word only while
    // the words read so far begin some name.
    struct Names {
        NameTable names;
        NameTable beginnings;
        void add(std::string_view name, std::size_t id);
    };
    static Match longest(const Names& names, std::span<const Token> tokens, std::size_t at);

    // The provinces whose name is a word of three letters (an abbreviation, nearly every name an
    // order writes), by the letters' place in a table of every such word: the province + 1, or
    // 0 when no province is so named or a longer name begins with the word (longest() then
    // reads it). The same answers as longest(), with no hashing.
    static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
    // Inline: the parser asks it for nearly every place it reads.
    static std::size_t abbreviation_slot(std::string_view word) {
        if (word.size() != 3) return kNoSlot;
        std::size_t slot = 0;
        for (const char c : word) {
            const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
            if (lower < 'a' || lower > 'z') return kNoSlot;
            slot = slot * 26 + static_cast<std::size_t>(lower - 'a');
        }
        return slot;
    }
    void build_abbreviations(const Variant& variant);
    static std::size_t abbreviation_slot(const Token& token) {
        return token.kind == TokenKind::Word && token.text.size() == 3
                   ? abbreviation_slot(token.text)
                   : kNoSlot;
    }
    std::vector<std::uint16_t> abbreviations_;

    Names provinces_;
    Names powers_;
    std::vector<std::string> rail_lines_;  // lower case
    std::vector<std::string> canals_;      // lower case
};

}  // namespace adjutant
