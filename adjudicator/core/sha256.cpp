// SPDX-License-Identifier: Apache-2.0
#include "core/sha256.h"

#include <algorithm>
#include <cstring>

namespace adjutant {

namespace {

constexpr std::uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

std::uint32_t rotr(std::uint32_t x, int n) {
    return (x >> n) | (x << (32 - n));
}

// One round of the compression (FIPS 180-4, 6.2.2 step 3), with the working variables passed in
// their rotated order instead of moved along: the eight rounds of compress()'s loop name them
// each in turn, so no round moves seven of them down one place (a fifth of the instructions of
// a roll of the dice, each of which is two compressions). `choose` and `majority` are the
// standard's Ch and Maj written with fewer operations; they are equal bit for bit.
inline void sha_round(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t& d,
                      std::uint32_t e, std::uint32_t f, std::uint32_t g, std::uint32_t& h,
                      std::uint32_t k_plus_w) {
    const std::uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const std::uint32_t choose = g ^ (e & (f ^ g));
    const std::uint32_t t1 = h + s1 + choose + k_plus_w;
    const std::uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const std::uint32_t majority = (a & b) | (c & (a | b));
    d += t1;
    h = t1 + s0 + majority;
}

}  // namespace

void Sha256::compress(const std::uint8_t* block) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
        w[i] = static_cast<std::uint32_t>(block[4 * i]) << 24 |
               static_cast<std::uint32_t>(block[4 * i + 1]) << 16 |
               static_cast<std::uint32_t>(block[4 * i + 2]) << 8 |
               static_cast<std::uint32_t>(block[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
        const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3], e = state_[4],
                  f = state_[5], g = state_[6], h = state_[7];
    for (int i = 0; i < 64; i += 8) {
        sha_round(a, b, c, d, e, f, g, h, kRound[i] + w[i]);
        sha_round(h, a, b, c, d, e, f, g, kRound[i + 1] + w[i + 1]);
        sha_round(g, h, a, b, c, d, e, f, kRound[i + 2] + w[i + 2]);
        sha_round(f, g, h, a, b, c, d, e, kRound[i + 3] + w[i + 3]);
        sha_round(e, f, g, h, a, b, c, d, kRound[i + 4] + w[i + 4]);
        sha_round(d, e, f, g, h, a, b, c, kRound[i + 5] + w[i + 5]);
        sha_round(c, d, e, f, g, h, a, b, kRound[i + 6] + w[i + 6]);
        sha_round(b, c, d, e, f, g, h, a, kRound[i + 7] + w[i + 7]);
    }
    state_[0] += a;
    state_[1] += b;
    state_[2] += c;
    state_[3] += d;
    state_[4] += e;
    state_[5] += f;
    state_[6] += g;
    state_[7] += h;
}

Sha256& Sha256::update(std::string_view data) {
    length_ += data.size();
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(data.data());
    std::size_t left = data.size();
    if (buffered_ > 0) {
        const std::size_t take = std::min(left, sizeof buffer_ - buffered_);
        std::memcpy(buffer_ + buffered_, bytes, take);
        buffered_ += take;
        bytes += take;
        left -= take;
        if (buffered_ < sizeof buffer_) return *this;
        compress(buffer_);
        buffered_ = 0;
    }
    for (; left >= sizeof buffer_; bytes += sizeof buffer_, left -= sizeof buffer_) compress(bytes);
    if (left > 0) std::memcpy(buffer_, bytes, left);
    buffered_ = left;
    return *this;
}

std::array<std::uint8_t, 32> Sha256::finish() {
    const std::uint64_t bits = length_ * 8;
    buffer_[buffered_++] = 0x80;
    if (buffered_ > 56) {
        std::memset(buffer_ + buffered_, 0, sizeof buffer_ - buffered_);
        compress(buffer_);
        buffered_ = 0;
    }
    std::memset(buffer_ + buffered_, 0, 56 - buffered_);
    for (int i = 0; i < 8; ++i) buffer_[56 + i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    compress(buffer_);
    std::array<std::uint8_t, 32> out{};
    for (std::size_t i = 0; i < 8; ++i)
        for (std::size_t j = 0; j < 4; ++j)
            out[4 * i + j] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * j));
    return out;
}

std::array<std::uint8_t, 32> sha256(std::string_view data) {
    return Sha256().update(data).finish();
}

}  // namespace adjutant
