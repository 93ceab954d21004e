// SPDX-License-Identifier: Apache-2.0
// The order language's vocabulary (orders/vocabulary.h): the core's words keep their Keyword
// ids, a module's words follow them, each spelling once, found in any case.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string_view>

#include "module/rule_module.h"
#include "orders/lexer.h"
#include "orders/order_language.h"
#include "orders/vocabulary.h"

using namespace adjutant;

TEST_CASE("vocabulary: the core's words have their Keyword ids, a module's words follow") {
    constexpr std::string_view kMore[] = {"besiege", "buy", "a", "buy", "1"};
    const Vocabulary words(kMore);
    CHECK(words.find("army") == static_cast<WordId>(Keyword::Army));
    CHECK(words.find("S") == static_cast<WordId>(Keyword::S));
    CHECK(words.find("a") == static_cast<WordId>(Keyword::A));  // the core's, listed again
    const WordId besiege = words.find("BeSiege");
    CHECK(besiege >= kKeywordCount);
    CHECK(words.spelling(besiege) == "besiege");
    CHECK(words.find("buy") != kNoWord);
    CHECK(words.size() == kKeywordCount + 3);  // besiege, buy, 1: each spelling once
    CHECK(words.find("1") != kNoWord);
    CHECK(words.find("PAR") == kNoWord);
    CHECK(words.find("besieged") == kNoWord);
    CHECK(words.find("") == kNoWord);
    CHECK(core_vocabulary().find("besiege") == kNoWord);
    CHECK(keyword_of("Hold") == Keyword::Hold);
    CHECK(keyword_of("besiege") == Keyword::None);
}

TEST_CASE("vocabulary: a spelling that is not lower case, or too long, is refused") {
    constexpr std::string_view kUpper[] = {"Besiege"};
    CHECK_THROWS_AS(Vocabulary{kUpper}, std::invalid_argument);
    constexpr std::string_view kLong[] = {"abcdefghijklmnopq"};
    CHECK_THROWS_AS(Vocabulary{kLong}, std::invalid_argument);
}

TEST_CASE("vocabulary: the registered modules' words are words of the language") {
    CHECK(is_order_word("besiege"));
    CHECK(is_order_word("Every"));
    CHECK(is_order_word("hold"));
    CHECK_FALSE(is_order_word("thanks"));
    const OrderLanguage language(rule_modules());
    const std::vector<Token> tokens = tokenize("A VER besiege", language.words());
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[0].word == static_cast<WordId>(Keyword::A));
    CHECK(tokens[1].word == kNoWord);
    CHECK(language.words().spelling(tokens[2].word) == "besiege");
}
