// SPDX-License-Identifier: Apache-2.0
// The classic order language's words: the ones the core's order syntax reads (the grammar at
// the top of orders/parser.cpp), each with one id.
//
// Only the core's words are listed here. A rule module's words are the module's: it lists them
// in its registration (RuleModule::words, module/rule_module.h), and the vocabulary a parser
// reads with (vocabulary.h) holds these words first, their ids the Keyword values below, then
// every registered module's. Adding a module's word touches only the module's folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace adjutant {

// X(id, spelling): the spelling in lower case, as players may write it in any case.
#define ADJUTANT_KEYWORDS(X) \
    X(A, "a")                \
    X(Army, "army")          \
    X(B, "b")                \
    X(Build, "build")        \
    X(Builds, "builds")      \
    X(By, "by")              \
    X(C, "c")                \
    X(Coast, "coast")        \
    X(Convoy, "convoy")      \
    X(Convoys, "convoys")    \
    X(D, "d")                \
    X(Disband, "disband")    \
    X(Disbands, "disbands")  \
    X(East, "east")          \
    X(Ec, "ec")              \
    X(F, "f")                \
    X(Fleet, "fleet")        \
    X(H, "h")                \
    X(Hold, "hold")          \
    X(Holds, "holds")        \
    X(Move, "move")          \
    X(Moves, "moves")        \
    X(Nc, "nc")              \
    X(North, "north")        \
    X(Permit, "permit")      \
    X(Permits, "permits")    \
    X(R, "r")                \
    X(Remove, "remove")      \
    X(Removes, "removes")    \
    X(Retreat, "retreat")    \
    X(Retreats, "retreats")  \
    X(S, "s")                \
    X(Sc, "sc")              \
    X(South, "south")        \
    X(Stand, "stand")        \
    X(Stands, "stands")      \
    X(Support, "support")    \
    X(Supports, "supports")  \
    X(To, "to")              \
    X(Via, "via")            \
    X(Waive, "waive")        \
    X(Waives, "waives")      \
    X(Wc, "wc")              \
    X(West, "west")

enum class Keyword : std::uint8_t {
    None,
#define ADJUTANT_KEYWORD_ID(id, spelling) id,
    ADJUTANT_KEYWORDS(ADJUTANT_KEYWORD_ID)
#undef ADJUTANT_KEYWORD_ID
};

// The spellings by id, "" for Keyword::None.
inline constexpr std::string_view kKeywordSpellings[] = {
    "",
#define ADJUTANT_KEYWORD_SPELLING(id, spelling) spelling,
    ADJUTANT_KEYWORDS(ADJUTANT_KEYWORD_SPELLING)
#undef ADJUTANT_KEYWORD_SPELLING
};
// How many ids there are, Keyword::None's included.
inline constexpr std::size_t kKeywordCount = sizeof kKeywordSpellings / sizeof kKeywordSpellings[0];

// The core's word `word` spells, in any case, or Keyword::None (a module's word is none).
Keyword keyword_of(std::string_view word);

// The keyword's spelling: "army".
constexpr std::string_view keyword_text(Keyword keyword) {
    const auto id = static_cast<std::size_t>(keyword);
    return id < kKeywordCount ? kKeywordSpellings[id] : std::string_view();
}

}  // namespace adjutant
