// SPDX-License-Identifier: Apache-2.0
// The rail module's part of the week's summary (report/week_summary.h; RuleModule::summary): a
// power's rail capacity and what its rides used of it, read from the rides' events.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "report/week_summary.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

// The number just before `marker` in `text` ("for 113 of" -> 113), or -1: the ride's event
// (ride_events.cpp) says what it cost.
long long number_before(const std::string& text, const std::string& marker) {
    const auto at = text.find(marker);
    if (at == std::string::npos || at == 0) return -1;
    auto start = at;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(text[start - 1]))) --start;
    return start == at ? -1 : std::atoll(text.substr(start, at - start).c_str());
}

}  // namespace

void summary(const Variant& variant, const Position&, std::span<const Event> events, PowerId power,
             bool, PowerSummary& out) {
    const std::string marker = " of " + variant.powers[power].name + "'s rail";
    SummaryRail rail;
    for (const Event& e : events) {
        if (e.power != power) continue;
        if (e.kind == "rail.ride") {
            ++rail.rides;
            rail.used += std::max(0LL, number_before(e.text, marker));
        } else if (e.kind == "rail.over_capacity") {
            ++rail.refused;
        }
    }
    const auto& capacity = parameters(variant).rail_capacity;
    rail.capacity = power < capacity.size() ? capacity[power] : 0;
    out.rail = rail;
}

}  // namespace adjutant::rail
