// SPDX-License-Identifier: Apache-2.0
// The decoded position of each game's current phase, kept between requests. Every call about
// a game loads it (Locked::load), and decoding the stored JSON was 37% of an order
// submission's instructions, for a text that changes once a phase. An entry is used only for
// the variant and the exact stored text it was decoded from, so a phase resolved or edited
// here, or by another server on the same database, is decoded again; the caller gets its own
// copy, as decoding gave it. Only holders of the service lock use it (service/context.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "position/position.h"
#include "service/variants.h"

namespace adjutant::service {

class PositionCache {
  public:
    // The position `text` (a phase row's) decodes to in `variant`.
    Position decoded(std::int64_t game_id, const std::shared_ptr<const LoadedVariant>& variant,
                     std::string_view text);

  private:
    // Bounded: past this many games, one entry makes room for the next.
    static constexpr std::size_t kMaxGames = 1024;
    struct Entry {
        std::shared_ptr<const LoadedVariant> variant;  // kept alive: compared by address
        std::string text;
        Position position;
    };
    std::unordered_map<std::int64_t, Entry> entries_;
};

}  // namespace adjutant::service
