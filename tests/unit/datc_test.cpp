// SPDX-License-Identifier: Apache-2.0
// DATC v3.0 chapter 6: every case is data in tests/datc/, run by one driver.
#include <doctest/doctest.h>

#include <iostream>

#include "rules_case.h"

using namespace adjutant::testing;

TEST_CASE("DATC v3.0 chapter 6") {
    const SuiteResult result = run_rules_suite("tests/datc");
    std::cout << "DATC v3.0 chapter 6: " << result.passed << " of " << result.total
              << " cases passed\n";
    CHECK(result.total == 164);
    CHECK(result.passed == result.total);
}
