// The rules cases of the seed documents, as data in tests/rules/<suite>/, one driver each.
#include <doctest/doctest.h>

#include <iostream>

#include "rules_case.h"

using namespace adjutant::testing;

TEST_CASE("Colonial rules: TSR, Suez, Hong Kong (seed 002 and the Colonial map rules)") {
    const SuiteResult result = run_rules_suite("tests/rules/colonial");
    std::cout << "Colonial rules: " << result.passed << " of " << result.total << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}

TEST_CASE("Campaign supply rules (seed 004, 4a-4b)") {
    const SuiteResult result = run_rules_suite("tests/rules/supply");
    std::cout << "Supply rules: " << result.passed << " of " << result.total << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}

TEST_CASE("Campaign siege rules (seed 004, 5a-5o and 4g)") {
    const SuiteResult result = run_rules_suite("tests/rules/sieges");
    std::cout << "Siege rules: " << result.passed << " of " << result.total << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}

TEST_CASE("Campaign rail movement rules (seed 001)") {
    const SuiteResult result = run_rules_suite("tests/rules/rail-movement");
    std::cout << "Rail movement rules: " << result.passed << " of " << result.total
              << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}

TEST_CASE("Campaign rail network rules (seed 000, 18.1-18.2)") {
    const SuiteResult result = run_rules_suite("tests/rules/rail");
    std::cout << "Rail network rules: " << result.passed << " of " << result.total
              << " cases passed\n";
    CHECK(result.total > 0);
    CHECK(result.passed == result.total);
}
