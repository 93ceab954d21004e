// SPDX-License-Identifier: Apache-2.0
// The classic line reader (orders/classic_line.h) against the general path: many lines parsed
// both ways must give the same verdicts and orders. The lines: every rules case's orders, random
// games' orders on the standard, Colonial and 1914 maps, and those lines mutated (bytes edited,
// case changed, coasts, full names, module words, comments, prefixes) so that lines on both
// sides of every test the fast reader makes are tried.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adjudicate.h"
#include "bench/random_orders.h"
#include "core/text.h"
#include "orders/classic_line.h"
#include "orders/names.h"
#include "orders/parser.h"
#include "rules_case.h"
#include "starting_position.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

// Turns the fast reader back on however a check ends.
struct GeneralPath {
    GeneralPath() { use_classic_lines(false); }
    ~GeneralPath() { use_classic_lines(true); }
};

// What a verdict says, every part of it, as one text to compare.
std::string described(const Variant& variant, const OrderVerdict& v) {
    return std::to_string(v.line) + "|" + std::to_string(v.power) + "|" +
           (v.accepted() ? "ok" : "refused") + "|" + v.error + "|" + v.note + "|" + v.input() +
           "|" + v.canonical(variant);
}

// Whether `text` parses the same both ways (reported through doctest when not).
bool same_both_ways(const OrderParser& parser, const Variant& variant, const Position& position,
                    const std::string& text, PowerId as_power = kNoPower) {
    const ParsedOrders fast = parser.parse(position, text, as_power);
    ParsedOrders general;
    {
        const GeneralPath off;
        general = parser.parse(position, text, as_power);
    }
    bool same = fast.verdicts.size() == general.verdicts.size() && fast.orders == general.orders;
    for (std::size_t i = 0; same && i < fast.verdicts.size(); ++i) {
        same = described(variant, fast.verdicts[i]) == described(variant, general.verdicts[i]) &&
               fast.verdicts[i].order == general.verdicts[i].order;
        CHECK_MESSAGE(same, variant.name, ": ", described(variant, fast.verdicts[i]), " vs ",
                      described(variant, general.verdicts[i]));
    }
    CHECK_MESSAGE(same, variant.name, ": ", text);
    return same;
}

// How many of the lines of `text` the fast reader takes.
std::size_t classic_lines(const NameIndex& names, const std::string& text) {
    std::size_t taken = 0;
    ClassicLine out;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        const std::string_view line = trim(std::string_view(text).substr(begin, end - begin));
        if (!line.empty() && read_classic_line(names, line, out)) ++taken;
        begin = end + 1;
    }
    return taken;
}

// Random edits of one line, each a way a line may leave or stay in the classic forms.
class Mutator {
  public:
    Mutator(const Variant& variant, std::uint64_t seed) : variant_(variant), random_(seed) {}

    std::string line(std::string line) {
        const std::size_t edits = 1 + random_.below(3);
        for (std::size_t i = 0; i < edits; ++i) edit(line);
        return line;
    }

  private:
    void edit(std::string& line) {
        static constexpr std::string_view kBytes = " -:/()>.,\t'SHCAFRshcafr019xzZ#\x7F\x80\xE2";
        static const std::vector<std::string> kWords = {
            " RAIL -",      " - RAIL - ", " BESIEGE", " via convoy", " DEMOLISH",    " G ",
            " - TSR -",     "BUILD ",     "WAIVE ",   " H",          " S ",          " C ",
            " A ",          " F ",        "/nc",      "(sc)",        " north coast", " /ec",
            "\xE2\x80\x93", "->",         "# ",       "// ",         ": ",           " hold",
            " DET ",        " GUN ",      " to ",     " Army ",      "\n",           "England: "};
        const std::size_t at = line.empty() ? 0 : random_.below(line.size() + 1);
        switch (random_.below(10)) {
            case 0:  // a byte replaced
                if (at < line.size()) line[at] = kBytes[random_.below(kBytes.size())];
                break;
            case 1:  // a byte inserted
                line.insert(at, 1, kBytes[random_.below(kBytes.size())]);
                break;
            case 2:  // a byte removed
                if (at < line.size()) line.erase(at, 1);
                break;
            case 3:  // a letter's case changed
                if (at < line.size()) {
                    char& c = line[at];
                    if (c >= 'a' && c <= 'z')
                        c = static_cast<char>(c - 'a' + 'A');
                    else if (c >= 'A' && c <= 'Z')
                        c = static_cast<char>(c - 'A' + 'a');
                }
                break;
            case 4:  // a word inserted
                line.insert(at, kWords[random_.below(kWords.size())]);
                break;
            case 5:  // a word appended: a coast, a module's word, a slip
                line += kWords[random_.below(kWords.size())];
                break;
            case 6:  // an abbreviation written as a name or an alias
                name_for_abbreviation(line);
                break;
            case 7:  // the prefix removed, changed to the adjective, or upper case
                prefix(line);
                break;
            case 8:  // a space changed: the fast reader tests for one space where it stands
                spaces(line);
                break;
            default:  // the whole line lowered or raised
                for (char& c : line)
                    c = random_.below(2) ? static_cast<char>(std::tolower(c))
                                         : static_cast<char>(std::toupper(c));
                break;
        }
    }

    // One space made a tab, two spaces, a full stop, a CR, none, and so on; or separators
    // appended after the last word.
    void spaces(std::string& line) {
        static const std::vector<std::string> kSpaces = {
            "\t", "  ", " .", ". ", ",", "", " \r", "\r ", " \t ", "\v", "\f", ":", "-", " - "};
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < line.size(); ++i)
            if (line[i] == ' ') at.push_back(i);
        const std::string& with = kSpaces[random_.below(kSpaces.size())];
        if (at.empty() || random_.below(5) == 0)
            line += with;
        else
            line.replace(at[random_.below(at.size())], 1, with);
    }

    void name_for_abbreviation(std::string& line) {
        const Province& p = variant_.provinces[random_.below(variant_.provinces.size())];
        const std::size_t at = line.find(p.abbr);
        const std::string& name = !p.aliases.empty() && random_.below(2)
                                      ? p.aliases[random_.below(p.aliases.size())]
                                      : p.name;
        if (at != std::string::npos)
            line.replace(at, p.abbr.size(), name);
        else
            line += " " + name;
    }

    void prefix(std::string& line) {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) {
            line.insert(0, variant_.powers[random_.below(variant_.powers.size())].name + ": ");
            return;
        }
        const Power& power = variant_.powers[random_.below(variant_.powers.size())];
        switch (random_.below(4)) {
            case 0:
                line.erase(0, colon + 1);
                break;
            case 1:
                line.replace(0, colon, power.adjective);
                break;
            case 2:
                line.replace(0, colon, power.name + " " + power.name);
                break;
            default:
                line.replace(0, colon, "  " + power.name + " ");
                break;
        }
    }

    const Variant& variant_;
    bench::Random random_;
};

// The text's lines, each mutated, and some block headers and comments between them.
std::string mutated(Mutator& mutator, const Variant& variant, const std::string& text,
                    bench::Random& random) {
    std::string out;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(begin, end - begin);
        if (random.below(10) == 0)
            out += variant.powers[random.below(variant.powers.size())].name + ":\n";
        out += (random.below(3) == 0 ? line : mutator.line(line)) + "\n";
        begin = end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("classic lines: every rules case's orders read the same both ways") {
    std::size_t texts = 0;
    for (const char* suite : rules_case_suites()) {
        for (const std::string& file : rules_case_files(suite)) {
            std::vector<std::string> errors;
            for (const RulesCase& c : parse_rules_cases(read_text_file(file), file, errors)) {
                const Variant& variant = variant_named(c.variant);
                const OrderParser parser(variant);
                const Position position = starting_position(variant);
                for (const Stage& stage : c.stages) {
                    ++texts;
                    if (!same_both_ways(parser, variant, position, stage.orders)) return;
                    if (!same_both_ways(parser, variant, position, stage.orders, 0)) return;
                }
            }
        }
    }
    CHECK(texts > 500);
}

TEST_CASE("classic lines: random games' orders, and the same mutated, read the same both ways") {
    struct Games {
        const char* variant;
        int games;
        int phases;
    };
    for (const Games& g :
         {Games{"standard", 4, 24}, Games{"colonial", 2, 24}, Games{"western-front-1914", 2, 8}}) {
        const Variant& variant = variant_named(g.variant);
        const OrderParser parser(variant);
        const NameIndex names(variant);
        Adjudicator adjudicator;
        std::size_t lines = 0, classic = 0;
        for (int seed = 1; seed <= g.games; ++seed) {
            bench::Random random(static_cast<std::uint64_t>(seed));
            Mutator mutator(variant, static_cast<std::uint64_t>(seed) * 7919);
            Position position = starting_position(variant);
            for (int i = 0; i < g.phases; ++i) {
                const std::string text = bench::random_phase_orders(variant, position, random);
                lines += static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
                classic += classic_lines(names, text);
                if (!same_both_ways(parser, variant, position, text)) return;
                for (int m = 0; m < 12; ++m) {
                    const std::string edited = mutated(mutator, variant, text, random);
                    if (!same_both_ways(parser, variant, position, edited)) return;
                    if (!same_both_ways(parser, variant, position, edited,
                                        static_cast<PowerId>(m % variant.powers.size())))
                        return;
                }
                const ParsedOrders parsed = parser.parse(position, text);
                position = adjudicator.run(variant, position, parsed.orders, 1).next;
            }
        }
        // The fast reader takes most of the random lines: the comparison above is not vacuous.
        CHECK_MESSAGE(2 * classic > lines, g.variant, ": ", classic, " of ", lines);
    }
}

TEST_CASE("classic lines: the forms the fast reader takes, and some it leaves") {
    const Variant& variant = standard_variant();
    const NameIndex names(variant);
    ClassicLine out;
    for (const char* line :
         {"England: F LON S A WAL - YOR", "F LON H", "england:f lon-nth", "France: A PAR S A MAR",
          "Italy: F ION C A TUN - NAP", "Germany: A BER S A MUN H", "A PAR - BUR.",
          "France: A Paris - Burgundy", "Russia: F Sevastopol - rum", "Russia: F STP/SC - BOT",
          "France: F MAO - spa / nc", "Russia: F BOT S F STP/SC", "France:\tA  PAR  -\tBUR ,",
          "Italy:F ION C A TUN-NAP", "Germany :  A BER S A MUN . H", "A PAR -BUR"})
        CHECK_MESSAGE(read_classic_line(names, line, out), std::string(line));
    for (const char* line :
         {"France: A PAR -> BUR", "France: F BRE - Mid-Atlantic Ocean", "Russia: F STP(SC) H",
          "France: A PAR H # hold", "France:", "France: PAR - BUR", "France: A PAR - BUR - MAR",
          "France: A PAR - BUR via convoy", "Frenchy: A PAR H", "France: A PAR HOLD",
          "France: A PAR - RAIL - MAR", "F NTH C A LON", "Russia: F STP/SC coast H",
          "Russia: F STP/north - BOT", "France: A PAR ->BUR", "France: A PAR-> BUR",
          "France: A PAR - BUR/", "France: A PAR - BUR / "})
        CHECK_MESSAGE(!read_classic_line(names, line, out), std::string(line));
}

TEST_CASE("classic lines: a name that begins longer names is read alone when no longer one fits") {
    // ENG begins the alias "eng ch": followed by the line's end, a one-byte word or a spaced dash
    // it is the province still, as the general path's longest match finds it.
    Variant variant = standard_variant();
    const ProvinceId eng = variant.find_province("ENG");
    const ProvinceId lon = variant.find_province("LON");
    REQUIRE(eng != kNoProvince);
    REQUIRE(lon != kNoProvince);
    const Position position = starting_position(variant);
    const std::string text =
        "England: F LON - ENG\nEngland: F EDI S F LON - ENG\nFrance: F BRE - ENG/nc\n"
        "England: F ENG H\nEngland: F ENG - LON\nEngland: F LON S F ENG - NTH\nF ENG C A LON - "
        "BEL\n";
    {
        const NameIndex names(variant);
        ClassicLine out;
        CHECK(read_classic_line(names, "England: F LON - ENG", out));
        CHECK(out.order.destination.province == eng);
        CHECK(read_classic_line(names, "England: F ENG S A LON", out));
        CHECK(out.order.unit.place.province == eng);
        CHECK(same_both_ways(OrderParser(variant), variant, position, text));
    }
    // A longer name whose second word is of one byte ("eng h") could be read from such a line:
    // then ENG is never read alone by the fast reader, and the lines read the same both ways.
    variant.provinces[lon].aliases.push_back("Eng H");
    const NameIndex names(variant);
    ClassicLine out;
    CHECK_FALSE(read_classic_line(names, "England: F LON - ENG", out));
    CHECK_FALSE(read_classic_line(names, "England: F ENG H", out));
    CHECK(same_both_ways(OrderParser(variant), variant, position, text));
}

TEST_CASE("classic lines: a NUL byte inside a name is not the name's padding") {
    // A name of another length than three letters is looked up as eight bytes, the word's and
    // zeros after it: a NUL byte ending the word ("LON\0") must not read as the name "LON".
    // The parser's fuzz target found the lines below read otherwise than the general path.
    const Variant& variant = standard_variant();
    const Position position = starting_position(variant);
    const OrderParser parser(variant);
    const NameIndex names(variant);
    ClassicLine out;
    using namespace std::string_literals;
    for (const std::string& line : {"F LON\0 - BOT"s, "England: F LON\0 - NTH"s,
                                    "England: F LON - NTH\0 "s, "England: F EDI S F LON\0 - NTH"s,
                                    "Russia: F STP/SC - BOT\0 "s, "France: A PAR\0\0 H"s}) {
        CHECK_FALSE_MESSAGE(read_classic_line(names, line, out), line);
        CHECK(same_both_ways(parser, variant, position, line, PowerId{0}));
        CHECK(same_both_ways(parser, variant, position, line));
    }
}
