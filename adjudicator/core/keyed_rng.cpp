// SPDX-License-Identifier: Apache-2.0
#include "core/keyed_rng.h"

#include "core/sha256.h"

#include <algorithm>
#include <charconv>

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

namespace {

// The HMAC's two pads (RFC 2104): the key, hashed first if longer than a block, XORed with
// 0x36 (inner) and 0x5c (outer), each absorbed as the first block of its hash.
void absorb_pads(std::string_view key, Sha256& inner, Sha256& outer) {
    constexpr std::size_t kBlock = 64;
    std::array<std::uint8_t, kBlock> block{};
    if (key.size() > kBlock) {
        const auto hashed = sha256(key);
        std::copy(hashed.begin(), hashed.end(), block.begin());
    } else {
        std::copy(key.begin(), key.end(), block.begin());
    }
    std::array<char, kBlock> pad{};
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = static_cast<char>(block[i] ^ 0x36);
    inner.update(std::string_view(pad.data(), kBlock));
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = static_cast<char>(block[i] ^ 0x5c);
    outer.update(std::string_view(pad.data(), kBlock));
}

std::array<std::uint8_t, 32> outer_hash(Sha256 outer, const std::array<std::uint8_t, 32>& inner) {
    return outer.update(std::string_view(reinterpret_cast<const char*>(inner.data()), inner.size()))
        .finish();
}

}  // namespace

std::array<std::uint8_t, 32> hmac_sha256(std::string_view key, std::string_view message) {
    Sha256 inner;
    Sha256 outer;
    absorb_pads(key, inner, outer);
    return outer_hash(outer, inner.update(message).finish());
}

KeyedDice::KeyedDice(const DiceSeed& seed, std::string_view phase) : keyed_(seed.version() == 2) {
    if (keyed_) {
        const auto& key = *seed.bytes();
        absorb_pads(std::string_view(reinterpret_cast<const char*>(key.data()), key.size()),
                    prefix_, outer_);
        prefix_.update("adjutant-roll-v2|");
    } else {
        prefix_.update("adjutant-roll-v1|").update(seed.text()).update("|");
    }
    prefix_.update(phase).update("|");
}

std::array<std::uint8_t, 32> KeyedDice::digest(std::string_view purpose, std::string_view subject,
                                               int attempt) const {
    char digits[16];
    const auto written = std::to_chars(digits, digits + sizeof digits, attempt);
    Sha256 message = prefix_;
    message.update(purpose).update("|").update(subject).update("|").update(
        std::string_view(digits, static_cast<std::size_t>(written.ptr - digits)));
    if (!keyed_) return message.finish();
    return outer_hash(outer_, message.finish());
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
