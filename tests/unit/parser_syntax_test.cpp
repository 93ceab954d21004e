// SPDX-License-Identifier: Apache-2.0
// The order language: every form, synonym and coast spelling, power prefixes and blocks,
// comments. Legality is exercised in parser_movement_test.cpp and parser_phases_test.cpp.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "orders/lexer.h"
#include "orders/shared_texts.h"
#include "parser_test_support.h"

using namespace parser_test;

TEST_CASE("parser: hold, move and their synonyms") {
    const Position pos = start();
    CHECK(one(pos, "France: A PAR H") == "A PAR H");
    CHECK(one(pos, "France: a par hold") == "A PAR H");
    CHECK(one(pos, "France: Army Paris holds") == "A PAR H");
    CHECK(one(pos, "FRANCE: A PAR HOLDS") == "A PAR H");
    CHECK(one(pos, "France: A PAR-BUR") == "A PAR - BUR");
    CHECK(one(pos, "France: A PAR - BUR") == "A PAR - BUR");
    CHECK(one(pos, "France: A PAR->BUR") == "A PAR - BUR");
    CHECK(one(pos, "France: A PAR -> Burgundy") == "A PAR - BUR");
    CHECK(one(pos, "France: A Paris to Burgundy") == "A PAR - BUR");
    CHECK(one(pos, "France: A Paris move Burgundy") == "A PAR - BUR");
    CHECK(one(pos, "France: A Paris moves to Burgundy") == "A PAR - BUR");
    CHECK(one(pos, "France: A Paris move to Burgundy.") == "A PAR - BUR");
    CHECK(one(pos, "France: A PAR \xE2\x80\x93 BUR") == "A PAR - BUR");  // en dash
    CHECK(one(pos, "France: A PAR \xE2\x86\x92 BUR") == "A PAR - BUR");  // arrow
    // The unit letter may be left out (DATC 4.C.1).
    CHECK(one(pos, "France: PAR - BUR") == "A PAR - BUR");
    CHECK(one(pos, "France: Paris H") == "A PAR H");
}

TEST_CASE("parser: multi-word names, aliases and the longest match") {
    const Position pos = position(
        "S1901M",
        {{"France", "F BRE"}, {"England", "F NTH"}, {"Russia", "F STP/SC"}, {"England", "F NAO"}});
    CHECK(one(pos, "France: F Brest - Mid-Atlantic Ocean") == "F BRE - MAO");
    CHECK(one(pos, "France: F Brest-Mid-Atlantic Ocean") == "F BRE - MAO");
    CHECK(one(pos, "France: f brest - mid atlantic ocean") == "F BRE - MAO");
    CHECK(one(pos, "France: F BRE - English Channel") == "F BRE - ENG");
    CHECK(one(pos, "England: F North Sea - Norwegian Sea") == "F NTH - NWG");
    CHECK(one(pos, "England: F North Atlantic Ocean - Norwegian Sea") == "F NAO - NWG");
    CHECK(one(pos, "Russia: F St Petersburg/sc - Gulf of Bothnia") == "F STP/SC - BOT");
    CHECK(one(pos, "Russia: F St. Petersburg (south coast) H") == "F STP/SC H");
    CHECK(one(pos, "England: F north sea - Belgium") == "F NTH - BEL");
    CHECK(one(pos, "Italy: F ADRIATIC H").rfind("error: no unit at ADR", 0) == 0);
}

TEST_CASE("parser: every coast spelling") {
    const Position pos = position("S1901M", {{"France", "F MAO"}});
    for (const char* text :
         {"F MAO - SPA/nc", "F MAO - SPA/NC", "F MAO - SPA(nc)", "F MAO - SPA (nc)",
          "F MAO - SPA nc", "F MAO - Spain (north coast)", "F MAO - Spain north coast",
          "F MAO - SPA/north coast", "F MAO - spa(North)", "F MAO - SPA north"}) {
        CAPTURE(text);
        CHECK(one(pos, std::string("France: ") + text) == "F MAO - SPA/NC");
    }
    CHECK(one(pos, "France: F MAO - SPA/sc") == "F MAO - SPA/SC");
    CHECK(one(pos, "France: F MAO - SPA (south coast)") == "F MAO - SPA/SC");
    CHECK(one(pos, "France: F MAO - SPA/xx") == "error: unknown coast 'xx'");
    CHECK(one(pos, "France: F MAO - SPA(nc") == "error: missing ')' after coast");
}

TEST_CASE("parser: support, convoy, via convoy and nationality") {
    const Position pos = position("S1901M", {{"France", "A PAR"},
                                             {"France", "A MAR"},
                                             {"France", "A PIC"},
                                             {"Germany", "A MUN"},
                                             {"England", "A LON"},
                                             {"England", "F NTH"}});
    CHECK(one(pos, "Germany: A MUN S A PAR - BUR") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "Germany: A MUN supports A PAR - BUR") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "Germany: A Munich support army Paris to Burgundy") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "Germany: A MUN S French A PAR - BUR") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "Germany: A MUN S France A PAR - BUR") == "A MUN S A PAR - BUR");
    // A wrong nationality is ignored too (DATC 4.C.6).
    CHECK(one(pos, "Germany: A MUN S Italian A PAR - BUR") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "Germany: A MUN S PAR - BUR") == "A MUN S A PAR - BUR");
    CHECK(one(pos, "France: A PIC S A PAR") == "A PIC S A PAR");
    CHECK(one(pos, "France: A PIC S A PAR H") == "A PIC S A PAR");
    CHECK(one(pos, "France: A PIC supports A PAR hold") == "A PIC S A PAR");
    CHECK(one(pos, "England: F NTH C A LON - NWY") == "F NTH C A LON - NWY");
    CHECK(one(pos, "England: F North Sea convoys A London to Norway") == "F NTH C A LON - NWY");
    CHECK(one(pos, "England: F NTH convoy English A LON - NWY") == "F NTH C A LON - NWY");
    CHECK(one(pos, "England: F NTH C A LON") ==
          "error: a convoy needs the army's destination, e.g. F NTH C A LON - NWY");
    CHECK(one(pos, "England: A LON - NWY") == "A LON - NWY");
    CHECK(one(pos, "England: A LON - NWY VIA CONVOY") == "A LON - NWY VIA CONVOY");
    CHECK(one(pos, "England: A LON - NWY via convoy") == "A LON - NWY VIA CONVOY");
    CHECK(one(pos, "England: A LON - NWY by convoy") == "A LON - NWY VIA CONVOY");
    CHECK(one(pos, "England: A LON - NWY via") == "error: expected 'convoy' after 'via'");
}

TEST_CASE("parser: convoy path specifications are ignored (DATC 4.A.6)") {
    const Position pos = position("S1901M", {{"England", "A YOR"}, {"England", "F NTH"}});
    const ParsedOrders parsed = parse_orders(standard(), pos, "England: A YOR - NTH - BEL");
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(show(parsed.verdicts[0]) == "A YOR - BEL");
    CHECK(parsed.verdicts[0].note == "convoy path ignored (DATC 4.A.6)");
    CHECK(one(pos, "England: A YOR - LON - BEL") ==
          "error: a move has one destination; LON is not a sea on a convoy path");
}

TEST_CASE("parser: power prefixes, blocks, comments and blank lines") {
    const Position pos = start();
    const ParsedOrders parsed = parse_orders(standard(), pos,
                                             "# spring orders\n"
                                             "\n"
                                             "France:\n"
                                             "A PAR - BUR\n"
                                             "  // a comment\n"
                                             "F BRE - MAO\r\n"
                                             "German:\n"
                                             "A MUN - RUH\n"
                                             "Italy: A VEN H\n"
                                             "F KIE - DEN\n"
                                             "   \t  \n");
    REQUIRE(parsed.verdicts.size() == 5);
    CHECK(parsed.verdicts[0].line == 4);
    CHECK(show(parsed.verdicts[0]) == "A PAR - BUR");
    CHECK(parsed.verdicts[0].power == power("France"));
    CHECK(show(parsed.verdicts[1]) == "F BRE - MAO");
    CHECK(parsed.verdicts[1].line == 6);
    CHECK(parsed.verdicts[1].input() == "F BRE - MAO");
    CHECK(show(parsed.verdicts[2]) == "A MUN - RUH");
    CHECK(parsed.verdicts[2].power == power("Germany"));
    CHECK(show(parsed.verdicts[3]) == "A VEN H");
    CHECK(parsed.verdicts[3].power == power("Italy"));
    // A prefix applies to its line only; the German block continues.
    CHECK(show(parsed.verdicts[4]) == "F KIE - DEN");
    CHECK(parsed.verdicts[4].power == power("Germany"));
    CHECK(parsed.orders.size() == 5);
}

TEST_CASE("parser: the power of a line") {
    const Position pos = start();
    CHECK(one(pos, "A PAR H") ==
          "error: no power given: write 'France: A PAR H' or a line 'France:' before the orders");
    CHECK(one(pos, "A PAR H", power("France")) == "A PAR H");
    CHECK(one(pos, "France: A PAR H", power("France")) == "A PAR H");
    CHECK(one(pos, "Germany: A MUN H", power("France")) ==
          "error: you may only order for France, not Germany");
    CHECK(one(pos, "Atlantis: A PAR H") == "error: unknown power 'Atlantis'");
    CHECK(one(pos, ": A PAR H") == "error: missing power before ':'");
    // A refused block header gets a verdict, and so does each of its lines.
    const ParsedOrders parsed =
        parse_orders(standard(), pos, "Germany:\nA MUN H\nFrance:\nA PAR H", power("France"));
    REQUIRE(parsed.verdicts.size() == 3);
    CHECK(show(parsed.verdicts[0]) == "error: you may only order for France, not Germany");
    CHECK(parsed.verdicts[0].line == 1);
    CHECK(show(parsed.verdicts[1]) ==
          "error: the power on line 1 was refused: you may only order for France, not Germany");
    CHECK(show(parsed.verdicts[2]) == "A PAR H");
    CHECK(parsed.orders.size() == 1);
}

// When every power's name and adjective is one word, a prefix is compared with them in turn
// (names.cpp); otherwise it is looked up in the name table. Both read the same prefixes alike.
TEST_CASE("parser: power prefixes when the powers' names are one word and when one is two") {
    const Position pos = start();
    Variant one_word = standard();
    one_word.powers[power("Italy")].adjective = "German";  // a word two powers give
    Variant two_words = one_word;
    two_words.powers[power("France")].name = "French Republic";
    for (const Variant* v : {&one_word, &two_words}) {
        const auto first = [&](std::string_view text) {
            const ParsedOrders parsed = parse_orders(*v, pos, text);
            REQUIRE(parsed.verdicts.size() == 1);
            return parsed.verdicts[0];
        };
        CHECK(first("german: A MUN H").power == power("Germany"));  // the first to give it
        CHECK(first("GERMANY: A MUN H").power == power("Germany"));
        CHECK(first("French: A PAR H").power == power("France"));
        CHECK(first("Germ: A MUN H").error == "unknown power 'Germ'");
        CHECK(first("German Empire: A MUN H").error == "unknown power 'German Empire'");
        CHECK(first("Italy: A VEN H").power == power("Italy"));
        CHECK(first("Italian: A VEN H").error == "unknown power 'Italian'");  // given up
    }
    const ParsedOrders parsed = parse_orders(two_words, pos, "french republic: A PAR H");
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(parsed.verdicts[0].power == power("France"));
    CHECK(show(parsed.verdicts[0]) == "A PAR H");
}

// A heading is a known power name or alias; any other line ending in ':' is a friendly
// sentence that fails alone and leaves the orders below it alone.
TEST_CASE("parser: a line ending in ':' that names no power fails alone") {
    const Position pos = start();
    for (const char* heading : {"Here are my orders:", "Changing my mind:",
                                "Bonjour, voici mes ordres pour l'\xC3\xA9t\xC3\xA9 :", ":"}) {
        CAPTURE(heading);
        const ParsedOrders parsed = parse_orders(
            standard(), pos, std::string(heading) + "\nA PAR-BUR\nF BRE-MAO", power("France"));
        REQUIRE(parsed.verdicts.size() == 3);
        CHECK(!parsed.verdicts[0].accepted());
        CHECK(parsed.verdicts[0].line == 1);
        CHECK(show(parsed.verdicts[1]) == "A PAR - BUR");
        CHECK(show(parsed.verdicts[2]) == "F BRE - MAO");
        CHECK(parsed.orders.size() == 2);
    }
    CHECK(one(pos, "Here are my orders:", power("France")) ==
          "error: not an order, and 'Here are my orders' is not a power to head orders with");
    CHECK(one(pos, "Bonjour, voici mes ordres pour l'\xC3\xA9t\xC3\xA9 :", power("France")) ==
          "error: not an order, and 'Bonjour, voici mes ordres pour l'\xC3\xA9t\xC3\xA9' is not a "
          "power to head orders with");
    // An unknown heading does not end the block of a known one above it.
    const ParsedOrders parsed =
        parse_orders(standard(), pos, "French:\nA PAR-BUR\nMy plan:\nA MAR-SPA", power("France"));
    REQUIRE(parsed.verdicts.size() == 3);
    CHECK(show(parsed.verdicts[0]) == "A PAR - BUR");
    CHECK(!parsed.verdicts[1].accepted());
    CHECK(show(parsed.verdicts[2]) == "A MAR - SPA");
    CHECK(parsed.verdicts[2].power == power("France"));
}

TEST_CASE("parser: orders for another power's units are refused") {
    const Position pos = start();
    CHECK(one(pos, "A MUN H", power("France")) == "error: A MUN belongs to Germany, not France");
    CHECK(one(pos, "France: F LON - NTH") == "error: F LON belongs to England, not France");
    CHECK(one(pos, "Germany: A PAR - BUR") == "error: A PAR belongs to France, not Germany");
}

TEST_CASE("parser: syntax errors name the problem") {
    const Position pos = start();
    const PowerId fr = power("France");
    CHECK(one(pos, "A XYZ H", fr) == "error: unknown province 'XYZ'");
    CHECK(one(pos, "A PAR - Atlantis", fr) == "error: unknown province 'Atlantis'");
    CHECK(one(pos, "A PAR", fr) == "error: no order for the unit: add H, -, S, C, R or D");
    CHECK(one(pos, "A PAR jumps", fr) ==
          "error: expected H, -, S, C, R or D after the unit, found 'jumps'");
    CHECK(one(pos, "A PAR H now", fr) == "error: unexpected 'now' after the order");
    CHECK(one(pos, "A PAR -", fr) == "error: missing destination for the move");
    CHECK(one(pos, "A", fr) == "error: missing province");
    CHECK(one(pos, "A PAR S", fr) == "error: missing unit for the support");
    CHECK(one(pos, "A PAR ; H", fr) ==
          "error: expected H, -, S, C, R or D after the unit, "
          "found ';'");
    CHECK(one(pos, "build", fr) == "error: missing unit after BUILD");
}

TEST_CASE("parser: hostile input") {
    const Position pos = start();
    const PowerId fr = power("France");
    SUBCASE("empty and blank input") {
        CHECK(parse_orders(standard(), pos, "", fr).verdicts.empty());
        CHECK(parse_orders(standard(), pos, "\n\n  \n\r\n", fr).verdicts.empty());
        CHECK(parse_orders(standard(), pos, "# only a comment", fr).orders.empty());
    }
    SUBCASE("a 1 MB line is refused quickly and the other lines still count") {
        std::string text = "A PAR H\n" + std::string(1 << 20, 'A') + "\nA MAR H";
        const ParsedOrders parsed = parse_orders(standard(), pos, text, fr);
        REQUIRE(parsed.verdicts.size() == 3);
        CHECK(show(parsed.verdicts[0]) == "A PAR H");
        CHECK(show(parsed.verdicts[1]) ==
              "error: line too long (1048576 bytes; the limit is 1000)");
        CHECK(parsed.verdicts[1].input().size() < 100);
        CHECK(show(parsed.verdicts[2]) == "A MAR H");
        CHECK(parsed.orders.size() == 2);
    }
    SUBCASE("many short lines of words") {
        std::string text;
        for (int i = 0; i < 2000; ++i) text += "north north north north north north north\n";
        const ParsedOrders parsed = parse_orders(standard(), pos, text, fr);
        CHECK(parsed.verdicts.size() == 2000);
        CHECK(parsed.orders.empty());
    }
    SUBCASE("NUL bytes") {
        const std::string text("A PAR\0 H\n\0\0\0\nA MAR H", 20);
        const ParsedOrders parsed = parse_orders(standard(), pos, text, fr);
        REQUIRE(parsed.verdicts.size() == 3);
        CHECK(show(parsed.verdicts[0]) ==
              "error: expected H, -, S, C, R or D after the unit, found '\\x00'");
        CHECK(parsed.verdicts[0].input() == "A PAR\\x00 H");
        CHECK(show(parsed.verdicts[1]) == "error: expected a province, found '\\x00'");
        CHECK(show(parsed.verdicts[2]) == "A MAR H");
    }
    SUBCASE("binary bytes and invalid UTF-8") {
        const ParsedOrders parsed =
            parse_orders(standard(), pos, "\xFF\xFE\x01\x02\nA P\xC3\x28R H\nA PAR \xC0\xAF H", fr);
        REQUIRE(parsed.verdicts.size() == 3);
        CHECK(show(parsed.verdicts[0]) == "error: expected a province, found '\\xFF'");
        CHECK(parsed.verdicts[0].input() == "\\xFF\\xFE\\x01\\x02");
        CHECK(show(parsed.verdicts[1]) == "error: unknown province 'P'");
        CHECK(show(parsed.verdicts[2]) ==
              "error: expected H, -, S, C, R or D after the unit, found '\\xC0'");
        for (const OrderVerdict& v : parsed.verdicts)
            for (char c : v.error + v.input()) CHECK((c >= 0x20 && c < 0x7F));
    }
    SUBCASE("valid UTF-8 is echoed as written, and shown as text in the message") {
        const ParsedOrders parsed = parse_orders(standard(), pos, "A PAR H \xC3\xA9t\xC3\xA9", fr);
        REQUIRE(parsed.verdicts.size() == 1);
        CHECK(parsed.verdicts[0].input() == "A PAR H \xC3\xA9t\xC3\xA9");
        CHECK(show(parsed.verdicts[0]) == "error: unexpected '\xC3\xA9' after the order");
    }
    SUBCASE("a UTF-8 name in a message: text; controls and bidi overrides: escaped") {
        CHECK(one(pos, "l'\xC3\xA9t\xC3\xA9: A PAR H", fr) ==
              "error: unknown power 'l'\xC3\xA9t\xC3\xA9'");
        // U+202E (right-to-left override) and U+0085 (a C1 control) could disguise a message.
        CHECK(one(pos, "X\xE2\x80\xAEY: A PAR H", fr) ==
              "error: unknown power 'X\\xE2\\x80\\xAEY'");
        CHECK(one(pos, "X\xC2\x85Y: A PAR H", fr) == "error: unknown power 'X\\xC2\\x85Y'");
        // A cut never splits a character: 39 ASCII letters then a two-byte letter.
        CHECK(printable(std::string(39, 'a') + "\xC3\xA9\xC3\xA9", 40) ==
              std::string(39, 'a') + "...");
        CHECK(printable("\xF0\x9F\x98\x80 ok") == "\xF0\x9F\x98\x80 ok");
    }
    SUBCASE("a very long unknown name is cut in the message") {
        const ParsedOrders parsed =
            parse_orders(standard(), pos, "A " + std::string(500, 'x') + " H", fr);
        REQUIRE(parsed.verdicts.size() == 1);
        CHECK(show(parsed.verdicts[0]) ==
              "error: unknown province '" + std::string(40, 'x') + "...'");
    }
}

TEST_CASE("parser: a rule module's words in a variant without the module say which rule") {
    // The standard map plays no campaign module; the modules still read their words, so the
    // player learns why the order is refused rather than that a word is unknown.
    const Position pos = start();
    CHECK(one(pos, "France: A PAR BESIEGE") ==
          "error: sieges are a campaign rule; this map has none");
    CHECK(one(pos, "France: G PAR SORTIE") ==
          "error: sieges are a campaign rule; this map has none");
    CHECK(one(pos, "France: BUY 2 T PAR") ==
          "error: supply trains are a campaign rule; this map has none");
    CHECK(one(pos, "France: A PAR DEMOLISH BUR") ==
          "error: demolishing and repairing rail structures is a rail network rule; this map has "
          "none");
}

// A line read after one with the same power prefix ("Italy:" line after line) reads as it does
// alone: nothing of one line is carried into the next but its block header.
TEST_CASE("parser: a line after one with the same power prefix reads as it does alone") {
    const Position pos = start();
    const std::pair<const char*, const char*> cases[] = {
        {"Italy: A ROM H", "Italy:A VEN - TYR"},
        {"Italy: A ROM H", "Italy:-VEN"},
        {"Italy: A ROM H", "Italy: F NAP - Tyrrhenian Sea"},
        {"Italy: A ROM H", "Italy::A VEN H"},
        {"Italy: A ROM H", "Italy:\nA VEN H"},
        {"Italy: A ROM H", "Italy:A VEN S F NAP-ION"},
        {"Italy:A ROM H", "Italy A VEN H"},
        {"Italy: A ROM H", "Italyx: A VEN H"},
        {"Italy: A ROM H", "Ital: A VEN H"},
        {"Narnia: A ROM H", "Narnia:A VEN H"},
        {"Narnia: A ROM H", "Narnia:"},
        {": A ROM H", ":A VEN H"},
        {"Austria-Hungary: A VIE H", "Austria-Hungary:A BUD H"},
        {"France:", "France:A PAR H"},
    };
    for (const auto& [before_line, line] : cases) {
        // doctest's CAPTURE captures its argument in a lambda, and clang before 16 cannot
        // capture a structured binding there: plain copies it can.
        const char* const before = before_line;
        const char* const text = line;
        CAPTURE(text);
        const ParsedOrders alone = parse_orders(standard(), pos, text);
        // Two lines before `text`: the one with the prefix, and a comment that reads no tokens.
        const ParsedOrders after =
            parse_orders(standard(), pos, std::string(before) + "\n# a comment\n" + text);
        std::vector<const OrderVerdict*> tail;
        for (const OrderVerdict& v : after.verdicts)
            if (v.line > 2) tail.push_back(&v);
        REQUIRE(tail.size() == alone.verdicts.size());
        for (std::size_t i = 0; i < tail.size(); ++i) {
            const OrderVerdict& a = alone.verdicts[i];
            const OrderVerdict& b = *tail[i];
            CHECK(b.line == a.line + 2);
            CHECK(b.input() == a.input());
            CHECK(b.power == a.power);
            CHECK(b.order == a.order);
            CHECK(b.canonical(standard()) == a.canonical(standard()));
            CHECK(b.error == a.error);
            CHECK(b.note == a.note);
        }
    }
}

// A verdict's texts are made when asked, from the submission the parse kept: they outlive the
// caller's text, and a verdict copied into another parse's list keeps its own line (the
// server's resolution joins each seat's verdicts so).
TEST_CASE("parser: a verdict's echo outlives the text and travels with the verdict") {
    std::string first = "France: A PAR - BUR\nFrance: F BRE - XYZ\n";
    std::string second = "  England: F LON - NTH  \n";
    ParsedOrders all = parse_orders(standard(), start(), first);
    const ParsedOrders other = parse_orders(standard(), start(), second);
    first.assign(first.size(), '#');  // the caller's bytes are gone
    second.assign(second.size(), '#');
    all.verdicts.insert(all.verdicts.end(), other.verdicts.begin(), other.verdicts.end());
    REQUIRE(all.verdicts.size() == 3);
    CHECK(all.verdicts[0].input() == "France: A PAR - BUR");
    CHECK(all.verdicts[0].canonical(standard()) == "A PAR - BUR");
    CHECK(all.verdicts[1].input() == "France: F BRE - XYZ");
    CHECK(all.verdicts[1].canonical(standard()).empty());  // refused: no order, no text
    CHECK_FALSE(all.verdicts[1].error.empty());
    CHECK(all.verdicts[2].input() == "England: F LON - NTH");  // trimmed, as before
    CHECK(all.verdicts[2].canonical(standard()) == "F LON - NTH");
    CHECK(OrderVerdict{}.input().empty());
}

// A parse without an owner copies its text for its verdicts: a result still held keeps its own
// bytes through later parses into the same lists, however long each text is.
TEST_CASE("parser: each parse's verdicts keep their own copy of its text") {
    const OrderParser parser(standard());
    ParsedOrders kept;
    parser.parse_into(kept, start(), "France: A PAR - BUR\nFrance: F BRE - XYZ\n");
    const ParsedOrders held = kept;  // shares the buffer
    parser.parse_into(kept, start(), "England: F LON - NTH\n");
    REQUIRE(held.verdicts.size() == 2);
    CHECK(held.verdicts[0].input() == "France: A PAR - BUR");
    CHECK(held.verdicts[1].input() == "France: F BRE - XYZ");
    REQUIRE(kept.verdicts.size() == 1);
    CHECK(kept.verdicts[0].input() == "England: F LON - NTH");
    // The same lists parsed into again.
    parser.parse_into(kept, start(), "Italy: A VEN H\n");
    REQUIRE(kept.verdicts.size() == 1);
    CHECK(kept.verdicts[0].input() == "Italy: A VEN H");
    // A longer text, and a very long one.
    std::string longer;
    for (int i = 0; i < 100; ++i) longer += "France: A PAR H\n";
    parser.parse_into(kept, start(), longer);
    REQUIRE(kept.verdicts.size() == 100);
    CHECK(kept.verdicts[99].input() == "France: A PAR H");
    std::string huge;
    for (int i = 0; i < 5000; ++i) huge += "Germany: A BER - KIE\n";
    const ParsedOrders big = parser.parse(start(), huge);
    parser.parse_into(kept, start(), "Turkey: F ANK H\n");
    CHECK(big.verdicts[4999].input() == "Germany: A BER - KIE");
    CHECK(kept.verdicts[0].input() == "Turkey: F ANK H");
    CHECK(held.verdicts[0].input() == "France: A PAR - BUR");
}

// The server's resolution parses each seat into one kept list, from one buffer holding every
// seat's text: each parse starts the list afresh, and its echoes are its own lines of the
// shared buffer, not the buffer's start.
TEST_CASE("parser: parse_into a kept list, from a buffer the seats share") {
    const std::string joined = "France: A PAR - BUR\nEngland: F LON - NTH\nF EDI - XYZ\n";
    auto buffer = std::make_shared<char[]>(joined.size());
    std::memcpy(buffer.get(), joined.data(), joined.size());
    const std::shared_ptr<const char[]> owner = buffer;
    const std::string_view all(owner.get(), joined.size());
    const OrderParser parser(standard());
    ParsedOrders kept;
    parser.parse_into(kept, start(), all.substr(0, 20), kNoPower, owner);
    REQUIRE(kept.verdicts.size() == 1);
    CHECK(kept.orders.size() == 1);
    CHECK(kept.verdicts[0].input() == "France: A PAR - BUR");
    const PowerId england = standard().find_power("england");
    parser.parse_into(kept, start(), all.substr(20), england, owner);
    REQUIRE(kept.verdicts.size() == 2);  // the first seat's line is gone
    CHECK(kept.orders.size() == 1);
    CHECK(kept.verdicts[0].input() == "England: F LON - NTH");
    CHECK(kept.verdicts[0].canonical(standard()) == "F LON - NTH");
    CHECK(kept.verdicts[1].input() == "F EDI - XYZ");
    CHECK(kept.verdicts[1].line == 2);
    CHECK_FALSE(kept.verdicts[1].error.empty());
    buffer[20] = '#';  // the verdicts read the shared bytes, not a copy of their own
    CHECK(kept.verdicts[0].input() == "#ngland: F LON - NTH");
}

// The server's resolution parses each seat straight onto the end of the phase's lists: the
// same verdicts and orders as each seat parsed alone and the lists joined, for seats of every
// kind (mixed_seats; the GM's seat and a player's ordering one unit each stand, as joined).
TEST_CASE("parser: parse_onto equals each seat parsed alone and joined") {
    const Variant& v = standard();
    const Position pos = start();
    const OrderParser parser(v);
    const std::vector<Seat> seats = mixed_seats();
    ParsedOrders joined;
    for (const Seat& seat : seats) {
        ParsedOrders alone = parser.parse(pos, seat.text, seat.power);
        joined.orders.insert(joined.orders.end(), alone.orders.begin(), alone.orders.end());
        joined.verdicts.insert(joined.verdicts.end(), alone.verdicts.begin(), alone.verdicts.end());
    }
    for (int round = 0; round < 2; ++round) {  // the same parser twice
        ParsedOrders onto;
        for (const Seat& seat : seats) parser.parse_onto(onto, pos, seat.text, seat.power);
        check_same_lists(onto, joined);
    }
    // What the seats make, so the comparison above compares something.
    CHECK(joined.orders.size() == 8);
    CHECK(joined.verdicts.size() == 15);
    CHECK(joined.verdicts[0].note == "replaced by line 3");
    CHECK_FALSE(joined.verdicts[4].error.empty());  // England's seat heads Germany's block
    CHECK(joined.verdicts[7].error == "unknown power");
}

// Powers are found by name or adjective, in any case, as the players write them.
TEST_CASE("variant: find_power by name or adjective, ignoring case") {
    const Variant& v = standard();
    const PowerId france = v.find_power("France");
    REQUIRE(france != kNoPower);
    CHECK(v.powers[france].name == "France");
    CHECK(v.find_power("FRANCE") == france);
    CHECK(v.find_power("french") == france);
    CHECK(v.find_power("Franc") == kNoPower);
    CHECK(v.find_power("") == kNoPower);
    CHECK(v.find_power("Francee") == kNoPower);
}

// The resolution's buffer of every seat's text: each seat's copy, in order, inside the one
// buffer its verdicts then share.
TEST_CASE("parser: SharedTexts copies the seats' texts into one buffer, in order") {
    const std::vector<std::string> seats = {"France: A PAR - BUR\n", "", "F LON - NTH"};
    SharedTexts texts(seats, [](const std::string& text) -> const std::string& { return text; });
    const char* buffer = texts.owner().get();
    std::size_t at = 0;
    for (const std::string& seat : seats) {
        const std::string_view copy = texts.next(seat);
        CHECK(copy == seat);
        CHECK(copy.data() == buffer + at);  // in the shared buffer, not the original
        at += seat.size();
    }
    ParsedOrders parsed;
    OrderParser(standard())
        .parse_into(parsed, start(), std::string_view(buffer, 19), kNoPower, texts.owner());
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(parsed.verdicts[0].input() == "France: A PAR - BUR");
}

// Lines keep their numbers and their bytes however many empty lines stand before and between
// them, and whether or not the last line ends in '\n'.
TEST_CASE("parser: every line found, wherever its end falls") {
    const OrderParser parser(standard());
    for (std::size_t before = 0; before < 40; ++before) {
        for (std::size_t between = 0; between < 20; between += 3) {
            for (const bool last_newline : {false, true}) {
                const std::string text = std::string(before, '\n') + "France: A PAR H\n" +
                                         std::string(between, '\n') + "France: F BRE - MAO" +
                                         (last_newline ? "\n" : "");
                const ParsedOrders parsed = parser.parse(start(), text);
                CAPTURE(before);
                CAPTURE(between);
                REQUIRE(parsed.verdicts.size() == 2);
                CHECK(parsed.verdicts[0].line == static_cast<int>(before + 1));
                CHECK(parsed.verdicts[0].input() == "France: A PAR H");
                CHECK(parsed.verdicts[1].line == static_cast<int>(before + between + 2));
                CHECK(parsed.verdicts[1].input() == "France: F BRE - MAO");
                CHECK(parsed.orders.size() == 2);
            }
        }
    }
}
