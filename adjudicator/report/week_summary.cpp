// SPDX-License-Identifier: Apache-2.0
// The week's summary (report/week_summary.h): one group per power, each module's part written by
// its `summary` hook, in the registry's order.
#include "report/week_summary.h"

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

WeekSummary week_summary(const Variant& variant, const WeekRecord& record, PowerId only) {
    WeekSummary out{record.phase, {}};
    if (!variant.campaign || !record.next) return out;
    for (std::size_t i = 0; i < variant.powers.size(); ++i) {
        const auto p = static_cast<PowerId>(i);
        if (only != kNoPower && p != only) continue;
        PowerSummary& group = out.powers.emplace_back();
        group.power = p;
        for (const RuleModule* module : rule_modules())
            if (module->summary != nullptr && module->enabled(variant))
                module->summary(variant, *record.next, record.events, p, only == p, group);
    }
    return out;
}

}  // namespace adjutant
