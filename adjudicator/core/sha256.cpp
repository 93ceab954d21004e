// SPDX-License-Identifier: Apache-2.0
#include "core/sha256.h"

#include "core/sha256_blocks.h"

#include <algorithm>
#include <cstring>

namespace adjutant {

namespace {

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

namespace sha256_blocks {

void compress_portable(std::uint32_t state[8], const std::uint8_t* block) {
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
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4],
                  f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i += 8) {
        sha_round(a, b, c, d, e, f, g, h, sha256_blocks::kRound[i] + w[i]);
        sha_round(h, a, b, c, d, e, f, g, sha256_blocks::kRound[i + 1] + w[i + 1]);
        sha_round(g, h, a, b, c, d, e, f, sha256_blocks::kRound[i + 2] + w[i + 2]);
        sha_round(f, g, h, a, b, c, d, e, sha256_blocks::kRound[i + 3] + w[i + 3]);
        sha_round(e, f, g, h, a, b, c, d, sha256_blocks::kRound[i + 4] + w[i + 4]);
        sha_round(d, e, f, g, h, a, b, c, sha256_blocks::kRound[i + 5] + w[i + 5]);
        sha_round(c, d, e, f, g, h, a, b, sha256_blocks::kRound[i + 6] + w[i + 6]);
        sha_round(b, c, d, e, f, g, h, a, sha256_blocks::kRound[i + 7] + w[i + 7]);
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

}  // namespace sha256_blocks

// The processor's SHA rounds where it has them (asked once per process): the same digest, by a
// fourteenth of the instructions. Under valgrind, whose processor lacks them, the portable code
// runs, so instruction counts measured there are the portable code's.
void Sha256::compress(const std::uint8_t* block) {
    static const bool extensions = sha256_blocks::sha_extensions_available();
    if (extensions)
        sha256_blocks::compress_sha_extensions(state_, block);
    else
        sha256_blocks::compress_portable(state_, block);
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
