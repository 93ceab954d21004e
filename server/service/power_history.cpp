// SPDX-License-Identifier: Apache-2.0
// One power's order history (docs/server.md, "Order history of one power"): each resolved
// phase's stored record, redacted for the reader exactly as a whole phase is (visibility.h),
// then narrowed to the power. Redacting first keeps one rule for who sees a refused line, and
// for what the fog of war hides (service/fog.h).
#include <string>
#include <vector>

#include "service/codec.h"
#include "service/fog.h"
#include "service/game_internal.h"
#include "service/game_views.h"
#include "service/visibility.h"

namespace adjutant::service {

PowerHistory GameViews::power_history(const Caller& caller, std::int64_t game_id,
                                      std::string_view power_name, std::int64_t after_seq,
                                      int limit) {
    const auto locked = context_.lock();
    const LoadedGame game = locked.load(game_id);
    PowerHistory history{game_id, canonical_power(game.variant->variant, power_name), {}, {}};
    const std::string& power = history.power;
    const Viewer who = viewer(caller, game_id);
    for (const auto& phase : locked.store().phases(game_id)) {
        if (!phase.resolved_at || phase.seq <= after_seq) continue;
        if (static_cast<int>(history.phases.size()) == limit) {
            history.next_after = history.phases.back().seq;
            break;
        }
        const auto stored = storage::read_seats(phase.orders.value_or("[]"));
        auto results = storage::read_report(phase.results.value_or("{}"));
        if (!stored || !results)
            throw ApiError(500, "corrupt_state", "phase " + phase.phase + "'s record is not JSON");
        auto orders = *stored;
        redact_record(*game.variant, game.row.status, phase.position, who, orders, *results,
                      nullptr);
        PowerPhase entry;
        entry.seq = phase.seq;
        entry.phase = phase.phase;
        entry.resolved_at = *phase.resolved_at;
        entry.results = results_of(*results, *stored, power);
        for (const auto& seat : orders) {
            if (seat.power != power) continue;
            entry.submitted = true;
            entry.orders = seat.orders.value_or(std::vector<std::string>{});
            entry.source = seat.source.value_or("");
            // The text as sent holds the refused lines: the seat's and the GM's only.
            if (who.gm || who.power == power) entry.text = seat.text.value_or("");
        }
        history.phases.push_back(std::move(entry));
    }
    return history;
}

}  // namespace adjutant::service
