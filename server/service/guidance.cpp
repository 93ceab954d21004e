// SPDX-License-Identifier: Apache-2.0
#include "service/guidance.h"

#include <algorithm>
#include <set>
#include <string>

#include "resolve/phase_flow.h"

namespace adjutant::service {

namespace {

// The units a movement or retreat phase asks orders for, and how many of them an accepted
// order covers: an order covers the unit standing where it says (orders_a_unit), the same
// test the parser uses when a later order replaces an earlier one.
std::pair<int, int> units_covered(const Position& position, PowerId power, bool retreat,
                                  const std::vector<Order>* accepted) {
    std::set<ProvinceId> own;
    if (retreat) {
        for (const auto& dislodged : position.dislodged)
            if (dislodged.unit.power == power) own.insert(dislodged.unit.location.province);
    } else {
        for (const auto& unit : position.units)
            if (unit.power == power) own.insert(unit.location.province);
    }
    std::set<ProvinceId> covered;
    if (accepted)
        for (const auto& order : *accepted)
            if (order.power == power && orders_a_unit(order) && own.count(order.unit.province))
                covered.insert(order.unit.province);
    return {static_cast<int>(own.size()), static_cast<int>(covered.size())};
}

// Builds (a waive uses one, DATC 4.D.7) or disbands among the accepted orders.
int adjustments_ordered(PowerId power, bool builds, const std::vector<Order>* accepted) {
    if (!accepted) return 0;
    return static_cast<int>(std::count_if(accepted->begin(), accepted->end(), [&](const Order& o) {
        if (o.power != power) return false;
        return builds ? o.type == OrderType::Build || o.type == OrderType::Waive
                      : o.type == OrderType::Disband;
    }));
}

std::string counted(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::int64_t reminder_window(std::int64_t reminder_seconds, std::int64_t phase_seconds) {
    if (phase_seconds <= 0) return reminder_seconds;
    return std::min(reminder_seconds, phase_seconds / 4);
}

Guidance phase_guidance(const Variant& variant, const Position& position, PowerId power,
                        const GuidanceInput& input) {
    Guidance out;
    out.ready = input.ready;
    out.deadline = input.deadline;
    out.kind = "none";
    const char* one = "";
    const char* many = "";
    if (input.open && power != kNoPower) {
        switch (position.phase.kind) {
            case PhaseKind::Movement:
            case PhaseKind::Retreat: {
                const bool retreat = position.phase.kind == PhaseKind::Retreat;
                std::tie(out.to_order, out.ordered) =
                    units_covered(position, power, retreat, input.accepted);
                out.kind = retreat ? "retreats" : "units";
                one = retreat ? "dislodged unit" : "unit";
                many = retreat ? "dislodged units" : "units";
                break;
            }
            case PhaseKind::Adjustment: {
                // The adjudicator's allowance: builds only where a build site (an owned home
                // centre, or any owned centre where the variant builds anywhere) is free.
                const int allowance = adjustment_allowance(variant, position, power);
                const bool builds = allowance > 0;
                out.to_order = builds ? allowance : -allowance;
                out.ordered =
                    std::min(out.to_order, adjustments_ordered(power, builds, input.accepted));
                out.kind = builds ? "builds" : "disbands";
                one = builds ? "build" : "disband";
                many = builds ? "builds" : "disbands";
                break;
            }
        }
    }
    if (out.to_order == 0) {
        out.kind = "none";
        out.ordered = 0;
        out.text = input.open ? "Nothing to order this phase." : "The game has ended.";
        return out;
    }
    out.text = std::to_string(out.ordered) + " of " + counted(out.to_order, one, many) +
               " ordered, " + (input.ready ? "ready." : "not ready.");
    if (input.deadline) {
        out.remind_from =
            *input.deadline - reminder_window(input.reminder_seconds, input.phase_seconds);
        // Within the reminder window, for a seat that has ordered nothing but also for one that
        // has ordered only part of its units or has not said it is ready: on the web a banner
        // costs nothing, and a half-ordered seat loses as much as an empty one.
        out.remind = input.now >= *out.remind_from && input.now < *input.deadline &&
                     (out.ordered < out.to_order || !input.ready);
    }
    return out;
}

}  // namespace adjutant::service
