// SPDX-License-Identifier: Apache-2.0
// SHA-256 (FIPS 180-4), for the keyed dice stream. Small and dependency-free so the
// adjudicator library stays free of I/O and crypto libraries.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace adjutant {

// A hash fed in pieces, with no allocation. A copy of it is the hash of what was fed so far,
// which is how the dice keep the part of every roll's message that never changes (the HMAC
// key's pads, the phase) absorbed once per phase instead of once per roll.
class Sha256 {
  public:
    Sha256& update(std::string_view data);
    std::array<std::uint8_t, 32> finish();

  private:
    void compress(const std::uint8_t* block);

    std::uint32_t state_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    std::uint8_t buffer_[64] = {};
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;  // bytes fed in all
};

std::array<std::uint8_t, 32> sha256(std::string_view data);

}  // namespace adjutant
