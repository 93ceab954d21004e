// SPDX-License-Identifier: Apache-2.0
// Province and power names as the order parser matches them against tokens.
//
// Built once per parse from the variant (abbreviations, names, aliases; power names and
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
    // dash written without spaces ("Mid-Atlantic").
    Match province(std::span<const Token> tokens, std::size_t at) const;
    Match power(std::span<const Token> tokens, std::size_t at) const;
    // A rail line ("TSR") or canal ("SUEZ") named by the single word token, if any.
    std::optional<std::size_t> rail_line(const Token& token) const;
    std::optional<std::size_t> canal(const Token& token) const;
    std::size_t canal_count() const { return canals_.size(); }

  private:
    Match longest(const NameTable& names, std::size_t max_words, std::span<const Token> tokens,
                  std::size_t at) const;

    // Names of three letters (the abbreviations, nearly every name an order writes), found by
    // their letters alone: (a * 26 + b) * 26 + c holds the province id + 1, or 0, and
    // kLongerName when a longer name begins with the word, which then needs the table.
    static constexpr std::uint16_t kLongerName = 0x8000;
    static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
    static std::size_t three_letter_slot(std::string_view word);
    std::vector<std::uint16_t> three_letter_;

    NameTable provinces_;
    NameTable powers_;
    std::vector<std::string> rail_lines_;  // lower case
    std::vector<std::string> canals_;      // lower case
    std::size_t max_province_words_ = 1;
    std::size_t max_power_words_ = 1;
};

}  // namespace adjutant
