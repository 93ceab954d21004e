// SPDX-License-Identifier: Apache-2.0
// Secrets and hashes, all from libsodium: bearer tokens, their stored hashes, constant-time
// comparison, the game seed and its public commitment, and the phase hash chain.
//
// Tokens are 32 random bytes, hex-encoded with a readable prefix ("gm_", "seat_"). Only their
// SHA-256 is stored, so a leaked database grants nothing. Thread-safe after init().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace adjutant::service {

// Initialises libsodium; throws std::runtime_error if it cannot. Idempotent.
void crypto_init();

std::string new_token(std::string_view prefix);
// Lower-case hex SHA-256 of `data`.
std::string sha256_hex(std::string_view data);
// Equality of two equal-length strings in time independent of their contents.
bool constant_time_equal(std::string_view a, std::string_view b);

std::uint64_t random_seed();
// SHA-256 of the seed's 8 bytes, little-endian, hex: anyone can check it once revealed.
std::string seed_commitment(std::uint64_t seed);

}  // namespace adjutant::service
