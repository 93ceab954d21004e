// SPDX-License-Identifier: Apache-2.0
#include "core/keyed_rng.h"

#include "core/sha256.h"

namespace adjutant {

int KeyedDice::d10(std::string_view purpose, std::string_view subject, int n) {
    // 2^64 = 18446744073709551616; the largest multiple of 10 not above it is ...610.
    constexpr std::uint64_t kLimit = 18446744073709551610ULL;
    for (int attempt = n;; attempt += 1000) {
        std::string key = "adjutant-roll-v1|" + std::to_string(seed_) + "|" + phase_ + "|";
        key.append(purpose);
        key += "|";
        key.append(subject);
        key += "|" + std::to_string(attempt);
        const auto digest = sha256(key);
        std::uint64_t value = 0;
        for (int i = 0; i < 8; ++i) value = value << 8 | digest[static_cast<std::size_t>(i)];
        if (value >= kLimit) continue;
        const int face = static_cast<int>(value % 10);
        return face == 0 ? 10 : face;
    }
}

int FixedDice::d10(std::string_view, std::string_view, int) {
    return next_ < values_.size() ? values_[next_++] : 10;
}

}  // namespace adjutant
