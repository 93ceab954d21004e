// SPDX-License-Identifier: Apache-2.0
// Random legal movement orders for a position, written as text the way players write them,
// so a benchmark measures parsing and adjudication together. Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <string>

#include "position/position.h"
#include "variant/variant.h"

namespace adjutant::bench {

// splitmix64: small, fast and good enough to generate test positions.
class Random {
  public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

  private:
    std::uint64_t state_;
};

// Orders for every unit: holds, moves, supports of neighbours' moves and holds, and convoys.
std::string random_movement_orders(const Variant& variant, const Position& position,
                                   Random& random);

// The same, except that a unit that does not move tries to support a unit next to it, where
// random_movement_orders tries units drawn from the whole map: there the share of supports
// falls as the map grows, here it stays that of the units' neighbourhoods (the scale bench).
std::string random_local_movement_orders(const Variant& variant, const Position& position,
                                         Random& random);

// Retreat or disband orders for every dislodged unit.
std::string random_retreat_orders(const Variant& variant, const Position& position, Random& random);

// Builds on free home centres or disbands, as the allowance requires.
std::string random_adjustment_orders(const Variant& variant, const Position& position,
                                     Random& random);

// The orders the position's phase asks for: one of the three above.
std::string random_phase_orders(const Variant& variant, const Position& position, Random& random);

}  // namespace adjutant::bench
