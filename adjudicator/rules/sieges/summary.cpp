// SPDX-License-Identifier: Apache-2.0
// The sieges module's part of the week's summary (report/week_summary.h; RuleModule::summary):
// the sieges a power lays and their stage, those that ended this week, and for its player the
// sieges laid to its own fortresses, which its garrisons see.
#include <algorithm>

#include "report/week_summary.h"
#include "rules/sieges/sieges.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace {

std::string siege_stage(const Siege& siege) {
    static const char* const kLines[] = {"outer defences", "inner defences", "citadel"};
    if (siege.weeks < 2) return "laying siege, week " + std::to_string(siege.weeks) + " of 2";
    const char* line = kLines[std::clamp(siege.line, 0, 2)];
    std::string stage;
    if (siege.breached)
        stage = std::string("the ") + line + " breached";
    else if (siege.breach_weeks > 0)
        stage = std::string("breaching the ") + line + ", " + std::to_string(siege.breach_weeks) +
                " of " + std::to_string(siege.breach_needed) + " weeks";
    else
        stage = std::string("laid, before the ") + line;
    if (siege.assaults > 0)
        stage += ", " + std::to_string(siege.assaults) +
                 (siege.assaults == 1 ? " assault" : " assaults");
    if (siege.abandoning) stage += ", being abandoned";
    if (siege.sick) stage += ", disease in the camp";
    return stage;
}

// The power whose garrison holds `province`; empty when none does.
std::string garrison_power(const Variant& variant, const SiegeState& sieges, ProvinceId province) {
    for (const Garrison& g : sieges.garrisons)
        if (g.province == province && g.power < variant.powers.size())
            return variant.powers[g.power].name;
    return {};
}

SummarySiege under_way(const Variant& variant, const SiegeState& sieges, const Siege& siege) {
    return {variant.provinces[siege.province].abbr, variant.powers[siege.power].name,
            garrison_power(variant, sieges, siege.province), siege_stage(siege)};
}

}  // namespace

void summary(const Variant& variant, const Position& next, std::span<const Event> events,
             PowerId power, bool player, PowerSummary& out) {
    const SiegeState& sieges = state(next);
    const std::string& name = variant.powers[power].name;
    std::vector<SummarySiege> laid;
    for (const Siege& siege : sieges.sieges)
        if (siege.power == power) laid.push_back(under_way(variant, sieges, siege));
    // Sieges that ended this week leave the position; their events say how.
    for (const Event& e : events)
        if (e.power == power &&
            (e.kind == "siege.fell" || e.kind == "siege.lifted" || e.kind == "siege.raised"))
            laid.push_back({e.province != kNoProvince ? variant.provinces[e.province].abbr : "",
                            name, std::nullopt, e.text});
    out.sieges = std::move(laid);
    if (!player) return;
    // Laid by the other powers, besieger by besieger in the order of their names.
    std::vector<const Siege*> against;
    for (const Siege& siege : sieges.sieges)
        if (siege.power != power && garrison_power(variant, sieges, siege.province) == name)
            against.push_back(&siege);
    std::stable_sort(against.begin(), against.end(), [&](const Siege* a, const Siege* b) {
        return variant.powers[a->power].name < variant.powers[b->power].name;
    });
    std::vector<SummarySiege> besieged;
    for (const Siege* siege : against) besieged.push_back(under_way(variant, sieges, *siege));
    out.besieged = std::move(besieged);
}

}  // namespace adjutant::sieges
