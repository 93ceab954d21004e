// SPDX-License-Identifier: Apache-2.0
#include "service/crypto.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace adjutant::service {

namespace {

std::string hex(const unsigned char* data, std::size_t size) {
    std::string out(size * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), data, size);
    out.pop_back();
    return out;
}

}  // namespace

void crypto_init() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

std::string new_token(std::string_view prefix) {
    std::array<unsigned char, 32> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    return std::string(prefix) + hex(bytes.data(), bytes.size());
}

std::string sha256_hex(std::string_view data) {
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(data.data()),
                       data.size());
    return hex(digest.data(), digest.size());
}

bool constant_time_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string random_seed_hex() {
    std::array<unsigned char, 32> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    return hex(bytes.data(), bytes.size());
}

std::string seed_commitment_hex(std::string_view seed_hex) {
    std::array<unsigned char, 32> bytes{};
    std::size_t length = 0;
    if (sodium_hex2bin(bytes.data(), bytes.size(), seed_hex.data(), seed_hex.size(), nullptr,
                       &length, nullptr) != 0 ||
        length != bytes.size())
        throw std::invalid_argument("a seed is 64 hex digits");
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256(digest.data(), bytes.data(), bytes.size());
    return hex(digest.data(), digest.size());
}

std::string seed_commitment(std::uint64_t seed) {
    std::array<unsigned char, 8> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<unsigned char>(seed >> (8 * i));
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256(digest.data(), bytes.data(), bytes.size());
    return hex(digest.data(), digest.size());
}

}  // namespace adjutant::service
