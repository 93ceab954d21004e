// SPDX-License-Identifier: Apache-2.0
#include "turn/turn_context.h"

#include <utility>

namespace adjutant {

Event& TurnContext::event(std::string kind, PowerId power, ProvinceId province, std::string text,
                          std::int64_t supply_change) {
    result.events.push_back(
        Event{std::move(kind), power, province, std::move(text), std::nullopt, supply_change});
    return result.events.back();
}

Unit* TurnContext::army_still_at(ProvinceId province, PowerId power) {
    const Unit* was = before.unit_at(province);
    Unit* now = result.next.unit_at(province);
    if (was == nullptr || now == nullptr || now->power != power || now->type != UnitType::Army ||
        now->stats.id != was->stats.id)
        return nullptr;
    return now;
}

void TurnContext::verdict(const Order& order, bool succeeded, Reason reason, std::string_view why) {
    const auto index = static_cast<std::size_t>(&order - orders.data());
    if (index >= orders.size()) return;
    if (verdicts.size() < orders.size()) verdicts.resize(orders.size());
    OrderResult r;
    r.order = order;
    r.succeeded = succeeded;
    r.reason = succeeded ? Reason::None : reason;
    if (!succeeded) r.why = why;
    verdicts[index] = std::move(r);
}

}  // namespace adjutant
