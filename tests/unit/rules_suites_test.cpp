// SPDX-License-Identifier: Apache-2.0
// The rules cases of the rules sources (docs/sources.md), as data in tests/rules/<suite>/, one
// driver each. Each suite is its own test case, so `-tc=` can pick it, and prints its count for
// deploy/test.sh.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>

#include "rules_case.h"

using namespace adjutant::testing;

namespace {

void check_suite(const char* directory, const char* label) {
    const SuiteResult result = run_rules_suite(directory);
    std::cout << label << ": " << result.passed << " of " << result.total << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}

}  // namespace

TEST_CASE("Colonial rules: TSR, Suez, Hong Kong (Colonial 9.2 and the Colonial map rules)") {
    check_suite("tests/rules/colonial", "Colonial rules");
}

// DPjudge's rule flags that are variant options (docs/variants.md, "Rules").
TEST_CASE("DPjudge rule options: build_any (DPjudge's RULE BUILD_ANY)") {
    check_suite("tests/rules/build_any", "DPjudge rule options");
}

TEST_CASE("Campaign supply rules (Lone Warrior 4a-4b)") {
    check_suite("tests/rules/supply", "Supply rules");
}

TEST_CASE("Campaign siege rules (Lone Warrior 5a-5o and 4g)") {
    check_suite("tests/rules/sieges", "Siege rules");
}

TEST_CASE("Campaign army strength rules (Lone Warrior 4c)") {
    check_suite("tests/rules/army_strength", "Army strength rules");
}

TEST_CASE("Campaign tabletop battles (Lone Warrior 4e)") {
    check_suite("tests/rules/tabletop_battles", "Tabletop battles");
}

TEST_CASE("Campaign experience rules (Lone Warrior 4d and 4e)") {
    check_suite("tests/rules/experience", "Experience rules");
}

TEST_CASE("Campaign generals rules (Lone Warrior 4g)") {
    check_suite("tests/rules/generals", "Generals rules");
}

TEST_CASE("Campaign reinforcements (Lone Warrior 4b and 4c; OCS rail movement)") {
    check_suite("tests/rules/reinforcements", "Reinforcements rules");
}

TEST_CASE("Campaign rivers and barges (Lone Warrior 4a)") {
    check_suite("tests/rules/rivers", "Rivers rules");
}

TEST_CASE("Campaign field works rules (Lone Warrior 5b)") {
    check_suite("tests/rules/field_works", "Field works rules");
}

TEST_CASE("Campaign detachments rules (Lone Warrior 4f)") {
    check_suite("tests/rules/detachments", "Detachments rules");
}

TEST_CASE("Campaign rail movement rules (OCS rail movement)") {
    check_suite("tests/rules/rail-movement", "Rail movement rules");
}

TEST_CASE("Campaign rail network rules (Oào 18.1-18.2)") {
    check_suite("tests/rules/rail", "Rail network rules");
}

// The tests that go over every case (the behaviour record) take their list from
// rules_case_suites(); a suite missing there would silently drop out of them, as rivers and
// reinforcements once did.
TEST_CASE("every rules suite's directory is in rules_case_suites()") {
    namespace fs = std::filesystem;
    const auto suites = rules_case_suites();
    const fs::path rules = fs::path(ADJUTANT_SOURCE_DIR) / "tests/rules";
    std::size_t directories = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(rules)) {
        if (!entry.is_directory()) continue;
        ++directories;
        const std::string name = "tests/rules/" + entry.path().filename().string();
        CHECK_MESSAGE(std::find(suites.begin(), suites.end(), name) != suites.end(), name);
    }
    CHECK(directories > 0);
    CHECK(std::find(suites.begin(), suites.end(), std::string("tests/datc")) != suites.end());
}
