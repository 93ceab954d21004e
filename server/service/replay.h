// SPDX-License-Identifier: Apache-2.0
// Replay: recompute every stored phase of a game from its first position, its stored orders
// and its seed, and check each stored document and the hash chain against the recomputation.
// Used by `adjutant replay`; reads only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "service/variants.h"
#include "storage/store.h"

namespace adjutant::service {

struct ReplayProblem {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;  // "F1901M"
    std::string what;   // "results differ", "hash chain broken", ...
    // The game could not be recomputed at all (its variant is not loaded): a problem of the
    // configuration, not evidence against the stored history.
    bool unchecked = false;
};

struct ReplayReport {
    int games = 0;
    int phases = 0;  // resolved phases recomputed
    std::vector<ReplayProblem> problems;
};

// Every game, or only `game_id`. Throws storage::Error on database failure.
ReplayReport replay(storage::Store& store, const VariantRegistry& variants,
                    std::optional<std::int64_t> game_id);

}  // namespace adjutant::service
