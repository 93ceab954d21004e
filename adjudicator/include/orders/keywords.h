// SPDX-License-Identifier: Apache-2.0
// The order language's keywords: every word the order syntax and the rule modules' syntax hooks
// test for, each with one id.
//
// The tokenizer classifies each word once (lexer.h's Token::keyword), so the readers compare a
// byte rather than the word's letters against a chain of spellings: one line passes the classic
// orders' tests and every module's hook, which used to cost more than the rest of its parse.
// A word that is not listed here has Keyword::None; names of provinces, powers and rail lines
// are the name index's (names.h), not keywords. A module that reads a new word adds it here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace adjutant {

// X(id, spelling): the spelling in lower case, as players may write it in any case.
#define ADJUTANT_KEYWORDS(X)      \
    X(One, "1")                   \
    X(A, "a")                     \
    X(An, "an")                   \
    X(And, "and")                 \
    X(Army, "army")               \
    X(Assault, "assault")         \
    X(Assaults, "assaults")       \
    X(At, "at")                   \
    X(B, "b")                     \
    X(Barge, "barge")             \
    X(Barges, "barges")           \
    X(Besiege, "besiege")         \
    X(Besieges, "besieges")       \
    X(Breach, "breach")           \
    X(Breaches, "breaches")       \
    X(Build, "build")             \
    X(Builds, "builds")           \
    X(Buy, "buy")                 \
    X(Buys, "buys")               \
    X(By, "by")                   \
    X(C, "c")                     \
    X(Capture, "capture")         \
    X(Coast, "coast")             \
    X(Convert, "convert")         \
    X(Converts, "converts")       \
    X(Convoy, "convoy")           \
    X(Convoys, "convoys")         \
    X(D, "d")                     \
    X(Demolish, "demolish")       \
    X(Demolishes, "demolishes")   \
    X(Destroy, "destroy")         \
    X(Det, "det")                 \
    X(Detach, "detach")           \
    X(Detaches, "detaches")       \
    X(Detachment, "detachment")   \
    X(Detachments, "detachments") \
    X(Disband, "disband")         \
    X(Disbands, "disbands")       \
    X(East, "east")               \
    X(Ec, "ec")                   \
    X(Engineer, "engineer")       \
    X(Engineers, "engineers")     \
    X(Entrench, "entrench")       \
    X(Entrenches, "entrenches")   \
    X(Every, "every")             \
    X(F, "f")                     \
    X(Fleet, "fleet")             \
    X(Flotilla, "flotilla")       \
    X(Fortifies, "fortifies")     \
    X(Fortify, "fortify")         \
    X(G, "g")                     \
    X(Garrison, "garrison")       \
    X(General, "general")         \
    X(Gun, "gun")                 \
    X(Guns, "guns")               \
    X(H, "h")                     \
    X(Half, "half")               \
    X(Hold, "hold")               \
    X(Holds, "holds")             \
    X(In, "in")                   \
    X(Join, "join")               \
    X(Joins, "joins")             \
    X(Lift, "lift")               \
    X(Lifts, "lifts")             \
    X(Merge, "merge")             \
    X(Merges, "merges")           \
    X(Move, "move")               \
    X(Moves, "moves")             \
    X(Nc, "nc")                   \
    X(North, "north")             \
    X(Of, "of")                   \
    X(Permit, "permit")           \
    X(Permits, "permits")         \
    X(R, "r")                     \
    X(Rail, "rail")               \
    X(Raise, "raise")             \
    X(Raises, "raises")           \
    X(Rations, "rations")         \
    X(Regauge, "regauge")         \
    X(Regauges, "regauges")       \
    X(Reinforce, "reinforce")     \
    X(Reinforces, "reinforces")   \
    X(Remove, "remove")           \
    X(Removes, "removes")         \
    X(Repair, "repair")           \
    X(Repairs, "repairs")         \
    X(Retire, "retire")           \
    X(Retires, "retires")         \
    X(Retreat, "retreat")         \
    X(Retreats, "retreats")       \
    X(S, "s")                     \
    X(Sc, "sc")                   \
    X(Send, "send")               \
    X(Sends, "sends")             \
    X(Siege, "siege")             \
    X(Sortie, "sortie")           \
    X(Sorties, "sorties")         \
    X(South, "south")             \
    X(Split, "split")             \
    X(Splits, "splits")           \
    X(Stand, "stand")             \
    X(Stands, "stands")           \
    X(Stop, "stop")               \
    X(Storm, "storm")             \
    X(Storms, "storms")           \
    X(Supplies, "supplies")       \
    X(Supply, "supply")           \
    X(Support, "support")         \
    X(Supports, "supports")       \
    X(T, "t")                     \
    X(To, "to")                   \
    X(Train, "train")             \
    X(Trains, "trains")           \
    X(Transfer, "transfer")       \
    X(Transfers, "transfers")     \
    X(Via, "via")                 \
    X(Waive, "waive")             \
    X(Waives, "waives")           \
    X(Wc, "wc")                   \
    X(Week, "week")               \
    X(West, "west")               \
    X(With, "with")

enum class Keyword : std::uint8_t {
    None,
#define ADJUTANT_KEYWORD_ID(id, spelling) id,
    ADJUTANT_KEYWORDS(ADJUTANT_KEYWORD_ID)
#undef ADJUTANT_KEYWORD_ID
};

// The longest keyword's length: a longer word is no keyword, and is not looked up.
inline constexpr std::size_t kMaxKeywordLength = 11;

namespace keyword_detail {

inline constexpr std::string_view kSpellings[] = {"",
#define ADJUTANT_KEYWORD_SPELLING(id, spelling) spelling,
                                                  ADJUTANT_KEYWORDS(ADJUTANT_KEYWORD_SPELLING)
#undef ADJUTANT_KEYWORD_SPELLING
};
inline constexpr std::size_t kCount = sizeof kSpellings / sizeof kSpellings[0];

// A letter folded to five bits, so that case does not matter.
constexpr std::size_t fold(char c) {
    return static_cast<unsigned char>(c) & 31u;
}

// A filter before the table: whether any keyword has this length, first and last letter. Most
// words of an order are names, and this turns nearly all of them away, inline, without hashing
// them.
inline constexpr std::array<std::uint32_t, (kMaxKeywordLength + 1)* 32> kMaybe = [] {
    std::array<std::uint32_t, (kMaxKeywordLength + 1) * 32> maybe{};
    for (std::size_t id = 1; id < kCount; ++id) {
        const std::string_view w = kSpellings[id];
        maybe[w.size() * 32 + fold(w.front())] |= std::uint32_t{1} << fold(w.back());
    }
    return maybe;
}();

// One-byte words (the unit letters and the order letters: A, F, H, S, C, D, ...) are a good
// share of an order's words: their keyword is one look by the byte, inline, no hash or compare.
inline constexpr std::array<std::uint8_t, 128> kOneByte = [] {
    std::array<std::uint8_t, 128> table{};
    for (std::size_t id = 1; id < kCount; ++id)
        if (kSpellings[id].size() == 1) {
            const auto c = static_cast<unsigned char>(kSpellings[id][0]);
            table[c & 127u] = static_cast<std::uint8_t>(id);
            if (c >= 'a' && c <= 'z') table[c - 'a' + 'A'] = static_cast<std::uint8_t>(id);
        }
    return table;
}();

// The table's lookup, for a word of two bytes or more the filter let through.
Keyword lookup(std::string_view word);

}  // namespace keyword_detail

// The keyword `word` spells, in any case, or Keyword::None.
inline Keyword keyword_of(std::string_view word) {
    using namespace keyword_detail;
    if (word.empty() || word.size() > kMaxKeywordLength) return Keyword::None;
    if (((kMaybe[word.size() * 32 + fold(word.front())] >> fold(word.back())) & 1u) == 0)
        return Keyword::None;
    if (word.size() == 1) {
        const auto c = static_cast<unsigned char>(word[0]);
        return c < 128 ? static_cast<Keyword>(kOneByte[c]) : Keyword::None;
    }
    return lookup(word);
}

// The keyword's spelling: "army".
std::string_view keyword_text(Keyword keyword);

}  // namespace adjutant
