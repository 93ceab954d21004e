// SPDX-License-Identifier: Apache-2.0
// Rules cases as data (tests/datc/README.md): the file format, and running a case through the
// parser and the adjudicator. Shared by the DATC driver and later rules suites.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "variant/variant.h"

namespace adjutant {
struct Position;
struct PositionLoad;
struct VariantLoad;
}  // namespace adjutant

namespace adjutant::testing {

struct Stage {
    std::string orders;                                        // order text as the parser reads it
    std::vector<std::pair<std::string, std::string>> results;  // province -> outcome
    std::vector<std::string> dislodged;  // "YOR from LON" or "YOR from LON retreats: CLY, EDI"
    bool dislodged_given = false;
    std::vector<std::string> units_after;  // "England: A YOR" sorted; empty unless given
    bool units_after_given = false;
    std::string phase_after;
    std::vector<std::string> centers_after;  // "England: LON" sorted; empty unless given
    bool centers_after_given = false;
    std::vector<std::string> events;       // event texts that must appear, in this order
    std::vector<std::string> expect_json;  // "/next/units/Germany/0/supply = 1"
    // province -> the sentence explaining its unit's result (report/explanation.h)
    std::vector<std::pair<std::string, std::string>> explain;
    std::vector<int> dice;  // a later stage's own fixed rolls
    bool dice_given = false;
};

struct RulesCase {
    std::string id;  // "6.A.1"
    std::string title;
    std::string file;
    int line = 0;
    std::string variant = "standard";  // a file name in config/variants
    std::string phase;                 // default: the variant's starting phase
    std::vector<std::string> units;    // "England: F NTH"
    std::vector<std::string> centers;  // "England: LON"
    bool centers_given = false;
    std::vector<std::string> dislodged_units;  // "Italy: A VIE from TRI"
    std::string position_json;                 // a whole position document instead of units:
    std::vector<int> dice;                     // fixed d10 rolls, in the order asked for
    std::uint64_t seed = 0;                    // keyed dice when no fixed rolls are given
    std::vector<Stage> stages;
};

// Parses every case in `text`; problems with the file itself are appended to `errors`.
std::vector<RulesCase> parse_rules_cases(const std::string& text, const std::string& file,
                                         std::vector<std::string>& errors);

// Runs the case; returns every mismatch with the expectation (empty when the case passes).
// When `reports` is given, each stage's whole adjudication report (JSON text) is appended to
// it, for the behaviour record (tests/record/README.md).
std::vector<std::string> run_rules_case(const Variant& variant, const RulesCase& rules_case,
                                        std::vector<std::string>* reports = nullptr);

// The case files (.txt) of `directory` (relative to the source tree), sorted by name.
std::vector<std::string> rules_case_files(const std::string& directory);

// Every directory of rules cases (relative to the source tree): the DATC's and each rules
// suite's under tests/rules, for the tests that go over every case (the behaviour record). A
// new suite is added here once.
std::span<const char* const> rules_case_suites();

// Reads a whole file; throws std::runtime_error when it cannot.
std::string read_text_file(const std::string& path);
// config/variants/NAME.json's text.
std::string variant_text(const std::string& name);
// The verdict on the last line of `text` as a string: its canonical order when accepted,
// "error: ..." when refused.
std::string last_verdict(const Variant& variant, const Position& position, const std::string& text);
// A load's errors, one per line, for a failed check's message.
std::string all_errors(const PositionLoad& load);
std::string all_errors(const VariantLoad& load);

// The standard variant from config/variants, loaded once.
const Variant& standard_variant();
// config/variants/NAME.json (or a file of the source tree when NAME has a slash; "NAME + MODULE"
// adds a rule module of no parameters), loaded once per name; throws when it does not load.
const Variant& variant_named(const std::string& name);

// Every case in the .txt files of `directory` (relative to the source tree), run; returns the
// number that passed and reports each failure through doctest.
struct SuiteResult {
    int passed = 0;
    int total = 0;
};
SuiteResult run_rules_suite(const std::string& directory);

}  // namespace adjutant::testing
