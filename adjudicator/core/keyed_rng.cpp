// SPDX-License-Identifier: Apache-2.0
#include "core/keyed_rng.h"

#include "core/sha256.h"

#include <algorithm>

namespace adjutant {

std::optional<DiceSeed> DiceSeed::from_hex(std::string_view hex) {
    if (hex.size() != 64) return std::nullopt;
    std::array<std::uint8_t, 32> bytes{};
    for (std::size_t i = 0; i < 64; ++i) {
        const char c = hex[i];
        int v = -1;
        if (c >= '0' && c <= '9') v = c - '0';
        if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
        if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
        if (v < 0) return std::nullopt;
        bytes[i / 2] = static_cast<std::uint8_t>(bytes[i / 2] << 4 | v);
    }
    return DiceSeed(bytes);
}

std::string DiceSeed::text() const {
    if (!bytes_) return std::to_string(legacy_);
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (std::uint8_t b : *bytes_) {
        out += kDigits[b >> 4];
        out += kDigits[b & 15];
    }
    return out;
}

std::array<std::uint8_t, 32> hmac_sha256(std::string_view key, std::string_view message) {
    constexpr std::size_t kBlock = 64;
    std::string block(kBlock, '\0');
    if (key.size() > kBlock) {
        const auto hashed = sha256(key);
        std::copy(hashed.begin(), hashed.end(), block.begin());
    } else {
        std::copy(key.begin(), key.end(), block.begin());
    }
    std::string inner(kBlock, '\0');
    std::string outer(kBlock, '\0');
    for (std::size_t i = 0; i < kBlock; ++i) {
        inner[i] = static_cast<char>(block[i] ^ 0x36);
        outer[i] = static_cast<char>(block[i] ^ 0x5c);
    }
    inner.append(message);
    const auto inner_digest = sha256(inner);
    outer.append(reinterpret_cast<const char*>(inner_digest.data()), inner_digest.size());
    return sha256(outer);
}

std::array<std::uint8_t, 32> KeyedDice::digest(std::string_view purpose, std::string_view subject,
                                               int attempt) const {
    std::string message =
        seed_.version() == 2 ? "adjutant-roll-v2|" : "adjutant-roll-v1|" + seed_.text() + "|";
    message += phase_;
    message += "|";
    message.append(purpose);
    message += "|";
    message.append(subject);
    // Two appends, not `"|" + std::to_string(attempt)`: GCC 12 sees a false overlap in
    // `"literal" + std::string&&` (-Wrestrict), which -Werror builds must not stop on.
    message += "|";
    message += std::to_string(attempt);
    if (seed_.version() == 1) return sha256(message);
    const auto& key = *seed_.bytes();
    return hmac_sha256(std::string_view(reinterpret_cast<const char*>(key.data()), key.size()),
                       message);
}

int KeyedDice::d10(std::string_view purpose, std::string_view subject, int n) {
    // 2^64 = 18446744073709551616; the largest multiple of 10 not above it is ...610.
    constexpr std::uint64_t kLimit = 18446744073709551610ULL;
    for (int attempt = n;; attempt += 1000) {
        const auto digest = this->digest(purpose, subject, attempt);
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
