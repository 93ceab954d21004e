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
