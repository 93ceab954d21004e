// SPDX-License-Identifier: Apache-2.0
// The keyed dice stream (docs/design.md, "The adjudicator contract"): every roll is a function of
// the game's seed, the phase, the roll's purpose, its subject and a counter — nothing else. Adding
// one roll never shifts another, and anyone who knows the seed (revealed when the game ends) can
// recompute every roll by hand. Two seed versions (docs/campaign.md, "Dice"):
//
//   v2, 256-bit seeds (every game created since 64-bit seeds were retired, as one can be found
//   from its public commitment): the seed's 32 bytes are the key of
//   digest = HMAC-SHA-256(seed, "adjutant-roll-v2|" phase "|" purpose "|" subject "|" n)
//   v1, 64-bit seeds (games created before, kept as they were; the CLI's --seed N):
//   digest = SHA-256("adjutant-roll-v1|" seed-in-decimal "|" phase "|" purpose "|" subject "|" n)
//
//   value  = first 8 bytes of digest, big-endian, as an unsigned integer
//   d10    = value mod 10, read as 1..10 (0 counts as 10), rejecting the few values above
//            the largest multiple of 10 below 2^64 (then n+1000 is tried) so every face is
//            exactly equally likely.
//
// Tests inject fixed dice through the same Dice interface.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/sha256.h"

namespace adjutant {

class Dice {
  public:
    virtual ~Dice() = default;
    // A d10, 1..10 (a rolled 0 reads as 10), for `purpose` about `subject`; `n` numbers the
    // rolls of one purpose and subject within the phase.
    virtual int d10(std::string_view purpose, std::string_view subject, int n) = 0;
};

// A game's seed: 32 bytes (v2), or a 64-bit number (v1). Implicit from a number, so
// `adjudicate(..., 7)` and the CLI's `--seed 7` keep meaning what they meant.
class DiceSeed {
  public:
    DiceSeed(std::uint64_t legacy = 0) : legacy_(legacy) {}  // NOLINT: implicit on purpose
    explicit DiceSeed(const std::array<std::uint8_t, 32>& bytes) : bytes_(bytes) {}
    // 64 hex digits (either case) -> a v2 seed; nullopt for anything else.
    static std::optional<DiceSeed> from_hex(std::string_view hex);

    int version() const { return bytes_ ? 2 : 1; }
    std::uint64_t legacy() const { return legacy_; }
    const std::optional<std::array<std::uint8_t, 32>>& bytes() const { return bytes_; }
    // What is revealed when the game ends: 64 lower-case hex digits (v2) or decimal (v1).
    std::string text() const;

  private:
    std::uint64_t legacy_ = 0;
    std::optional<std::array<std::uint8_t, 32>> bytes_;
};

// HMAC-SHA-256 (RFC 2104) over the adjudicator's own SHA-256.
std::array<std::uint8_t, 32> hmac_sha256(std::string_view key, std::string_view message);

class KeyedDice final : public Dice {
  public:
    KeyedDice(const DiceSeed& seed, std::string_view phase);
    int d10(std::string_view purpose, std::string_view subject, int n) override;

  private:
    std::array<std::uint8_t, 32> digest(std::string_view purpose, std::string_view subject,
                                        int attempt) const;
    // Every roll's message begins with the same bytes (the version, the seed for v1, the
    // phase), and for v2 the HMAC's key pads come before them: absorbed once here, so a roll
    // hashes only its own purpose, subject and counter (two compressions instead of four).
    bool keyed_ = false;
    Sha256 prefix_;  // v1: the message's prefix; v2: key ^ ipad, then the prefix
    Sha256 outer_;   // v2: key ^ opad
};

// Plays back a fixed sequence (tests): the k-th roll asked for gets values[k]; past the end, 10.
class FixedDice final : public Dice {
  public:
    explicit FixedDice(std::vector<int> values) : values_(std::move(values)) {}
    int d10(std::string_view, std::string_view, int) override;

  private:
    std::vector<int> values_;
    std::size_t next_ = 0;
};

}  // namespace adjutant
