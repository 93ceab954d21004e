// SPDX-License-Identifier: Apache-2.0
// The supply module's part of the week's summary (report/week_summary.h; RuleModule::summary):
// how many of a power's armies are supplied, which starve or have none left and why, which draw
// Extended supply.
#include <map>
#include <vector>

#include "report/week_summary.h"
#include "rules/rail/state.h"
#include "rules/supply/supply.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

// The week's events of one power in one province, in the order they ran.
std::vector<const Event*> events_at(std::span<const Event> events, PowerId power,
                                    ProvinceId province) {
    std::vector<const Event*> out;
    for (const Event& e : events)
        if (e.power == power && e.province == province) out.push_back(&e);
    return out;
}

const Event* first_of_kind(const std::vector<const Event*>& events, std::string_view kind) {
    for (const Event* e : events)
        if (e->kind.starts_with(kind)) return e;
    return nullptr;
}

// Why an army that starved this week had nothing: its line, its trains, its LOC.
std::string starving_reason(const Variant& variant, const Unit* unit,
                            const std::vector<const Event*>& here,
                            const std::vector<const SupplyTrain*>& trains) {
    if (first_of_kind(here, "supply.cut"))
        return "its supply line is cut: no road to a friendly base";
    if (unit == nullptr || unit->stats.supply_line.empty())
        return "no supply line to a friendly base";
    const std::vector<ProvinceId>& line = unit->stats.supply_line;
    const std::string& base = variant.provinces[line.back()].abbr;
    const std::uint32_t id = unit->stats.id;
    for (const SupplyTrain* t : trains)
        if (t->target == id && id != 0)
            return "a train from " +
                   (t->base != kNoProvince ? variant.provinces[t->base].abbr : base) +
                   " is on its way (now at " + variant.provinces[t->at].abbr + ")";
    // Whether the base had a train to send tells the GM whose move it was: the player's (a
    // train stood idle) or the treasury's (none left to send).
    int idle = 0;
    for (const SupplyTrain* t : trains)
        if (t->at == line.back() && t->target == 0 && !t->returning) ++idle;
    const std::string in_base =
        idle == 0 ? "no train in " + base + " to send"
                  : "no train was sent (" + std::to_string(idle) + " idle in " + base + ")";
    const std::string roads =
        std::to_string(line.size() - 1) + (line.size() == 2 ? " road" : " roads");
    if (line.size() == 1) return in_base + "; it stands in its base";
    if (rail::attributes(unit->stats).supply_extended)
        return in_base + "; its line to " + base + " (" + roads + ") is Extended";
    return in_base + "; its line runs to " + base + " (" + roads + ")";
}

}  // namespace

void summary(const Variant& variant, const Position& next, std::span<const Event> events,
             PowerId power, bool, PowerSummary& out) {
    std::vector<const SupplyTrain*> trains;
    for (const SupplyTrain& t : state(next).trains)
        if (t.power == power) trains.push_back(&t);
    SummarySupply supply;
    std::map<ProvinceId, const Unit*> by_province;
    for (const Unit& u : next.units) {
        if (u.power != power) continue;
        by_province[u.location.province] = &u;
        if (u.type != UnitType::Army) continue;
        const std::string name = unit_text(variant, u);
        ++supply.armies;
        if (u.stats.supply > 0) ++supply.supplied;
        const auto here = events_at(events, power, u.location.province);
        if (rail::attributes(u.stats).supply_extended) {
            const Event* why = first_of_kind(here, "loc.");
            supply.extended.push_back({name, why ? why->text : "", ""});
        }
        if (u.stats.supply == 0 && !first_of_kind(here, "supply.attrition"))
            supply.no_supply_left.push_back({name, starving_reason(variant, &u, here, trains), ""});
    }
    for (const Event& e : events) {
        if (e.power != power || e.kind != "supply.attrition") continue;
        const auto found = by_province.find(e.province);
        const Unit* unit = found == by_province.end() ? nullptr : found->second;
        // A unit that melted away is no longer in the position: its name opens the event.
        const std::string gone = e.text.substr(0, e.text.find(' ', e.text.find(' ') + 1));
        supply.out_of_supply.push_back(
            {unit ? unit_text(variant, *unit) : gone,
             starving_reason(variant, unit, events_at(events, power, e.province), trains), e.text});
    }
    out.supply = std::move(supply);
}

}  // namespace adjutant::supply
