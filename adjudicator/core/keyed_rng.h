// SPDX-License-Identifier: Apache-2.0
// The keyed dice stream (DESIGN.md §3): every roll is a function of the game's seed, the
// phase, the roll's purpose, its subject and a counter — nothing else. Adding one roll never
// shifts another, and anyone who knows the seed (revealed when the game ends) can recompute
// every roll by hand:
//
//   digest = SHA-256("adjutant-roll-v1|" seed "|" phase "|" purpose "|" subject "|" n)
//   value  = first 8 bytes of digest, big-endian, as an unsigned integer
//   d10    = value mod 10, read as 1..10 (0 counts as 10), rejecting the few values above
//            the largest multiple of 10 below 2^64 (then n+1000 is tried) so every face is
//            exactly equally likely.
//
// Tests inject fixed dice through the same Dice interface.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant {

class Dice {
  public:
    virtual ~Dice() = default;
    // A d10, 1..10 (a rolled 0 reads as 10), for `purpose` about `subject`; `n` numbers the
    // rolls of one purpose and subject within the phase.
    virtual int d10(std::string_view purpose, std::string_view subject, int n) = 0;
};

class KeyedDice final : public Dice {
  public:
    KeyedDice(std::uint64_t seed, std::string phase) : seed_(seed), phase_(std::move(phase)) {}
    int d10(std::string_view purpose, std::string_view subject, int n) override;

  private:
    std::uint64_t seed_;
    std::string phase_;
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
