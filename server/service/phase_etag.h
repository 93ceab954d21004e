// SPDX-License-Identifier: Apache-2.0
// The strong ETag of a game's phase `seq`, quoted: "p<game>-<seq>" while it is the phase being
// played, "p<game>-<seq>r" once resolved. A GM's resolve names it in If-Match so that it
// resolves that phase and no other.
#pragma once

#include <cstdint>
#include <string>

namespace adjutant::service {

inline std::string phase_etag(std::int64_t game_id, std::int64_t seq, bool resolved) {
    return "\"p" + std::to_string(game_id) + "-" + std::to_string(seq) + (resolved ? "r" : "") +
           "\"";
}

}  // namespace adjutant::service
