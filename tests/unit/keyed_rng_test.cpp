// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/keyed_rng.h"
#include "core/sha256.h"
#include "core/sha256_blocks.h"

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

// The two seed versions' formulas, pinned by values computed independently (Python's hashlib
// and hmac, from the formulas in keyed_rng.h), so neither can drift: a game keeps its dice.
namespace {
std::vector<int> twelve(const DiceSeed& seed) {
    KeyedDice dice(seed, "1914W32M");
    std::vector<int> rolls;
    for (int n = 0; n < 12; ++n) rolls.push_back(dice.d10("assault", "LIE", n));
    return rolls;
}
constexpr const char* kSeedHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
}  // namespace

TEST_CASE("keyed dice v1: a 64-bit seed rolls as it always did") {
    CHECK(twelve(DiceSeed(42)) == std::vector<int>{10, 4, 10, 10, 6, 4, 5, 5, 5, 5, 3, 3});
    CHECK(DiceSeed(42).version() == 1);
    CHECK(DiceSeed(9876543210123456789ULL).text() == "9876543210123456789");
}

TEST_CASE("keyed dice v2: a 256-bit seed keys HMAC-SHA-256 with all of its bytes") {
    const auto seed = DiceSeed::from_hex(kSeedHex);
    REQUIRE(seed);
    CHECK(seed->version() == 2);
    CHECK(seed->text() == kSeedHex);
    CHECK(twelve(*seed) == std::vector<int>{5, 7, 10, 7, 3, 5, 2, 6, 9, 1, 7, 7});
    // The last byte and the first bit each change the stream: no part of the seed is ignored.
    std::string last(kSeedHex);
    last.replace(62, 2, "fe");
    CHECK(twelve(*DiceSeed::from_hex(last)) ==
          std::vector<int>{3, 2, 3, 9, 2, 10, 10, 8, 5, 4, 7, 8});
    std::string first(kSeedHex);
    first.replace(0, 2, "80");
    CHECK(twelve(*DiceSeed::from_hex(first)) ==
          std::vector<int>{1, 2, 3, 4, 10, 1, 8, 2, 2, 4, 10, 2});
    CHECK(DiceSeed::from_hex(std::string(kSeedHex).substr(2)) == std::nullopt);
    CHECK(DiceSeed::from_hex(std::string(63, 'a') + "g") == std::nullopt);
    CHECK(DiceSeed::from_hex(std::string(64, 'A')));
}

TEST_CASE("HMAC-SHA-256 matches RFC 4231") {
    CHECK(hex(hmac_sha256("Jefe", "what do ya want for nothing?")) ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    const std::string long_key(131, '\xaa');  // test case 6: a key longer than the block
    CHECK(hex(hmac_sha256(long_key, "Test Using Larger Than Block-Size Key - Hash Key First")) ==
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

// The processor's SHA rounds and the portable code give the same state for any block and any
// state, so a digest (and every die) is the same on every machine, with or without them.
TEST_CASE("sha256: the SHA extensions' compression equals the portable one") {
    // Each way on its own: "abc" padded to one block, from the initial state (FIPS 180-4's
    // first example), gives the digest's words.
    const std::uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    const std::uint32_t abc_digest[8] = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223,
                                         0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
    std::uint8_t abc[64] = {'a', 'b', 'c', 0x80};
    abc[63] = 24;  // the message's length in bits
    std::uint32_t state[8];
    std::copy(std::begin(initial), std::end(initial), state);
    sha256_blocks::compress_portable(state, abc);
    for (int i = 0; i < 8; ++i) CHECK(state[i] == abc_digest[i]);
    if (!sha256_blocks::sha_extensions_available()) {
        MESSAGE("this processor has no SHA extensions: only the portable compression runs here");
        return;
    }
    std::copy(std::begin(initial), std::end(initial), state);
    sha256_blocks::compress_sha_extensions(state, abc);
    for (int i = 0; i < 8; ++i) CHECK(state[i] == abc_digest[i]);
    std::uint64_t x = 0x9e3779b97f4a7c15ULL;  // splitmix64: fixed, varied inputs
    const auto next = [&x] {
        x += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    for (int round = 0; round < 2000; ++round) {
        std::uint32_t portable[8];
        std::uint32_t extensions[8];
        for (int i = 0; i < 8; ++i)
            portable[i] = extensions[i] = static_cast<std::uint32_t>(next());
        std::uint8_t block[64];
        for (auto& byte : block) byte = static_cast<std::uint8_t>(next());
        sha256_blocks::compress_portable(portable, block);
        sha256_blocks::compress_sha_extensions(extensions, block);
        for (int i = 0; i < 8; ++i) REQUIRE(portable[i] == extensions[i]);
    }
}
