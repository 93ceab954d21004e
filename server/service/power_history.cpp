// SPDX-License-Identifier: Apache-2.0
// One power's order history (docs/server.md, "Order history of one power"): each resolved
// phase's stored record, redacted for the reader exactly as a whole phase is (visibility.h),
// then narrowed to the power. Redacting first keeps one rule for who sees a refused line, and
// for what the fog of war hides (service/fog.h).
#include "core/phase.h"
#include "service/fog.h"
#include "service/game_internal.h"
#include "service/game_views.h"
#include "service/visibility.h"

namespace adjutant::service {

nlohmann::json GameViews::power_history(const Caller& caller, std::int64_t game_id,
                                        std::string_view power_name, std::int64_t after_seq,
                                        int limit) {
    const auto locked = context_.lock();
    const LoadedGame game = locked.load(game_id);
    const std::string power = canonical_power(game.variant->variant, power_name);
    const Viewer who = viewer(caller, game_id);
    nlohmann::json list = nlohmann::json::array();
    std::optional<std::int64_t> next_after;
    for (const auto& phase : locked.store().phases(game_id)) {
        if (!phase.resolved_at || phase.seq <= after_seq) continue;
        if (static_cast<int>(list.size()) == limit) {
            next_after = list.back()["seq"].get<std::int64_t>();
            break;
        }
        const auto stored = nlohmann::json::parse(phase.orders.value_or("[]"), nullptr, false);
        auto results = nlohmann::json::parse(phase.results.value_or("{}"), nullptr, false);
        if (stored.is_discarded() || results.is_discarded())
            throw ApiError(500, "corrupt_state", "phase " + phase.phase + "'s record is not JSON");
        auto orders = stored;
        redact_record(*game.variant, game.row.status, phase.position, who, orders, results,
                      nullptr);
        nlohmann::json entry = {{"seq", phase.seq},
                                {"phase", phase.phase},
                                {"phase_name", phase_name(phase.phase)},
                                {"resolved_at", *phase.resolved_at},
                                {"submitted", false},
                                {"orders", nlohmann::json::array()},
                                {"results", results_of(results, stored, power)}};
        for (const auto& seat : orders.is_array() ? orders : nlohmann::json::array()) {
            if (!seat.is_object() || seat.value("power", "") != power) continue;
            entry["submitted"] = true;
            entry["orders"] = seat.value("orders", nlohmann::json::array());
            entry["source"] = seat.value("source", "");
            // The text as sent holds the refused lines: the seat's and the GM's only.
            if (who.gm || who.power == power) entry["text"] = seat.value("text", "");
        }
        list.push_back(std::move(entry));
    }
    return {{"game", game_id},
            {"power", power},
            {"phases", std::move(list)},
            {"next_after", next_after ? nlohmann::json(*next_after) : nullptr}};
}

}  // namespace adjutant::service
