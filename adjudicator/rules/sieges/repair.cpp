// SPDX-License-Identifier: Apache-2.0
// Repairing fortresses (Lone Warrior 5o): a breached fortress is repaired once it has gone a season
// without a siege. A season is 13 weekly turns (a quarter of the year). Until then the breach
// stays open: a new siege finds it (laying.cpp).
#include <algorithm>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {
constexpr std::int32_t kSeasonWeeks = 13;
}

void record_breach(TurnContext& ctx, ProvinceId where) {
    auto& breaches = state(ctx.result.next).breaches;
    for (auto& b : breaches)
        if (b.first == where) {
            b.second = 0;
            return;
        }
    breaches.emplace_back(where, 0);
    std::sort(breaches.begin(), breaches.end());
}

void repairs(TurnContext& ctx) {
    Position& next = ctx.result.next;
    for (std::size_t i = 0; i < state(next).breaches.size();) {
        auto& [where, weeks] = state(next).breaches[i];
        if (state(next).siege_of(where) != nullptr) {
            weeks = 0;
            ++i;
            continue;
        }
        ++weeks;
        if (weeks < kSeasonWeeks) {
            ++i;
            continue;
        }
        ctx.event("siege.repaired", next.owner[where], where,
                  province_abbr(ctx.variant, where) +
                      " has gone a season without a siege: its breach is repaired (5o)");
        state(next).breaches.erase(state(next).breaches.begin() + static_cast<std::ptrdiff_t>(i));
    }
}

}  // namespace adjutant::sieges::detail
