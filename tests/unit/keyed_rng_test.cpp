// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <string>

#include "core/keyed_rng.h"
#include "core/sha256.h"

using namespace adjutant;

namespace {
std::string hex(const std::array<std::uint8_t, 32>& digest) {
    std::string out;
    char buffer[3];
    for (auto b : digest) {
        std::snprintf(buffer, sizeof buffer, "%02x", b);
        out += buffer;
    }
    return out;
}
}  // namespace

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors") {
    CHECK(hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(hex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("keyed dice: a roll depends on its key only, and every face comes up") {
    KeyedDice a(42, "1914W32M");
    KeyedDice b(42, "1914W32M");
    const int first = a.d10("garrison-supply", "LIE", 0);
    CHECK(first == b.d10("garrison-supply", "LIE", 0));
    // Rolling something else first does not shift it.
    KeyedDice c(42, "1914W32M");
    (void)c.d10("assault", "NAM", 0);
    CHECK(c.d10("garrison-supply", "LIE", 0) == first);
    int counts[11] = {};
    for (int n = 0; n < 2000; ++n) ++counts[a.d10("spread", "X", n)];
    CHECK(counts[0] == 0);
    for (int face = 1; face <= 10; ++face) {
        CHECK(counts[face] > 150);
        CHECK(counts[face] < 250);
    }
}
