// SPDX-License-Identifier: Apache-2.0
#include "service/week_summary.h"

#include "service/codec.h"

namespace adjutant::service {

WeekSummary summarize_week(const Variant& variant, const storage::StoredReport& report,
                           std::string_view power) {
    PowerId only = kNoPower;
    for (std::size_t p = 0; p < variant.powers.size(); ++p)
        if (variant.powers[p].name == power) only = static_cast<PowerId>(p);
    WeekRecord record = decode_week(variant, report);
    // A power the variant lacks reads no group at all, not every power's.
    if (!power.empty() && only == kNoPower) record.next.reset();
    return week_summary(variant, record, only);
}

std::string week_summary_text(const Variant& variant, const WeekSummary& summary) {
    std::string text;
    for (const PowerSummary& g : summary.powers) {
        const SummarySupply supply = g.supply.value_or(SummarySupply{});
        text += variant.powers[g.power].name + ": " + std::to_string(supply.supplied) + " of " +
                std::to_string(supply.armies) + " armies supplied";
        if (const auto& rail = g.rail)
            text += "; rail " + std::to_string(rail->used) + " of " +
                    std::to_string(rail->capacity) + " used (" + std::to_string(rail->rides) +
                    " rides" +
                    (rail->refused > 0 ? ", " + std::to_string(rail->refused) + " refused"
                                       : std::string()) +
                    ")";
        text += "\n";
        for (const SummaryArmy& s : supply.out_of_supply)
            text += "  out of supply: " + s.unit + ": " + s.why + " (" + s.loss + ")\n";
        for (const SummaryArmy& s : supply.no_supply_left)
            text += "  no supply left: " + s.unit + ": " + s.why + "\n";
        for (const SummaryArmy& s : supply.extended)
            text += "  Extended: " + s.unit + ": " + s.why + "\n";
        for (const SummarySiege& s : g.sieges.value_or(std::vector<SummarySiege>{}))
            text += "  siege of " + s.fortress +
                    (s.garrison.value_or("").empty() ? "" : " (" + *s.garrison + ")") + ": " +
                    s.stage + "\n";
        for (const SummarySiege& s : g.besieged.value_or(std::vector<SummarySiege>{}))
            text += "  besieged by " + s.besieger + ": " + s.fortress + ": " + s.stage + "\n";
    }
    return text;
}

}  // namespace adjutant::service
