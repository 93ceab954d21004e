#include <doctest/doctest.h>

#include "core/phase.h"

using namespace adjutant;

TEST_CASE("phase codes round-trip and follow the classic cycle") {
    auto p = Phase::parse("S1901M");
    REQUIRE(p);
    CHECK(p->code() == "S1901M");
    CHECK(p->next().code() == "S1901R");
    CHECK(p->next().next().code() == "F1901M");
    CHECK(Phase::parse("F1901R")->next().code() == "W1901A");
    CHECK(Phase::parse("w1901a")->next().code() == "S1902M");
    CHECK_FALSE(Phase::parse("W1901M"));
    CHECK_FALSE(Phase::parse("S1901A"));
    CHECK_FALSE(Phase::parse("S19x1M"));
    CHECK_FALSE(Phase::parse(""));
}

TEST_CASE("weekly phase codes for campaigns") {
    auto p = Phase::parse("1914W32M");
    REQUIRE(p);
    CHECK(p->weekly());
    CHECK(p->year == 1914);
    CHECK(p->week == 32);
    CHECK(p->code() == "1914W32M");
    CHECK(p->next().code() == "1914W32R");
    CHECK(p->next().next().code() == "1914W33M");
    CHECK(Phase::parse("1914W52R")->next().code() == "1915W01M");
    CHECK(Phase::parse("1915w1m")->code() == "1915W01M");
    CHECK_FALSE(Phase::parse("1914W53M"));
    CHECK_FALSE(Phase::parse("1914W00M"));
    CHECK_FALSE(Phase::parse("1914W32A"));
    CHECK_FALSE(Phase::parse("1914X32M"));
    CHECK_FALSE(Phase::parse("W32M"));
}

// Mail and the web write phases as people say them; the codes stay in the API.
TEST_CASE("phase names for people: standard, Colonial and weekly campaigns") {
    CHECK(phase_name("S1901M") == "Spring 1901 movement");
    CHECK(phase_name("S1901R") == "Spring 1901 retreats");
    CHECK(phase_name("F1901M") == "Fall 1901 movement");
    CHECK(phase_name("F1901R") == "Fall 1901 retreats");
    CHECK(phase_name("W1901A") == "Winter 1901 adjustments");
    CHECK(phase_name("S1870M") == "Spring 1870 movement");  // Colonial starts in 1870
    CHECK(phase_name("1914W32M") == "1914, week 32");
    CHECK(phase_name("1914W32R") == "1914, week 32, retreats");
    CHECK(phase_name("1915W01M") == "1915, week 1");
    // Not a phase code: shown as it is rather than dropped.
    CHECK(phase_name("X1901Q") == "X1901Q");
    CHECK(phase_name("") == "");
    CHECK(Phase::parse("W1901A")->name() == "Winter 1901 adjustments");
}
