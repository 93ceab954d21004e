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

// A new game's dice seed: 32 random bytes as 64 lower-case hex digits.
std::string random_seed_hex();
// SHA-256 of the 32 bytes `seed_hex` spells, hex: anyone can check it once the seed is revealed.
std::string seed_commitment_hex(std::string_view seed_hex);

// Games created before 256-bit seeds: the commitment of a 64-bit seed, SHA-256 of its 8
// bytes, little-endian.
std::string seed_commitment(std::uint64_t seed);

}  // namespace adjutant::service
