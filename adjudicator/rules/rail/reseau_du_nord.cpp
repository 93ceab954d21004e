// SPDX-License-Identifier: Apache-2.0
// 18.3, Réseau du Nord (Oào: "Due to Rule 18.3 Reseau du Nord, the Allied Player does not
// need to mark railheads until GT 13"; docs/rail.md). Before the variant's week
// `railheads_from`, the named side's rail is what Oào's play note calls a stable area: it
// is operational wherever the side holds a line joined to its source, at the capacity its track
// allows, with no railhead to advance. Enemy armies and enemy ground still close it (18.1.4).
// From that week on the side follows the engineering procedure, from the states left here.
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

bool railheads_unmarked(const Variant& v, PowerId power, const Phase& week) {
    const RailNetworkRules& rules = rail::parameters(v);
    if (rules.railheads_from_year == 0 || rules.unmarked_side.empty() ||
        v.campaign->side[power] != rules.unmarked_side)
        return false;
    return std::pair(week.year, week.week) <
           std::pair(rules.railheads_from_year, rules.railheads_from_week);
}

RailState unmarked_state(const Variant& v, ProvinceId province, bool held, bool by_double) {
    if (!held) return RailState::NonOperational;
    if (!by_double) return RailState::Capacity2;
    return exceptional_capacity(v, province) > 0 ? RailState::Exceptional : RailState::Capacity3;
}

void unmarked_network(TurnContext& ctx, RailWeek& week, PowerId power) {
    const Variant& v = ctx.variant;
    const std::size_t n = v.provinces.size();
    auto& rail = state(ctx.result.next).rail[power];
    const std::vector<std::uint8_t>& enemy_army = week.enemy_next[power];
    // Held ground with no enemy army on it (18.1.4 (1) and (2)). An enemy army that stood there
    // as the week began but is gone does not keep the line closed: under the procedure the same
    // ground would become controlled that week (18.2.1 step 5 reads the states after 18.1.4),
    // and with no railheads to mark, controlled ground joined to the source is operational.
    std::vector<std::uint8_t>& usable = week.candidate;
    usable.assign(n, 0);
    for (std::size_t p = 0; p < n; ++p)
        usable[p] = week.friendly[power][p] && !enemy_army[p] ? 1 : 0;
    std::vector<std::uint8_t>& held = week.held;
    reach(
        week, power, [&](ProvinceId p) { return usable[p] != 0; }, false, held);
    std::vector<std::uint8_t>& by_double = week.reached;
    reach(
        week, power, [&](ProvinceId p) { return held[p] != 0; }, true, by_double);
    const RailNetworkRules& rules = rail::parameters(v);
    // Made when a province first needs it: most weeks change no province to an open state.
    std::string why;
    const auto opened_why = [&]() -> const std::string& {
        if (why.empty())
            why = "18.3 Réseau du Nord: no railheads before week " +
                  std::to_string(rules.railheads_from_week) + " of " +
                  std::to_string(rules.railheads_from_year);
        return why;
    };
    static const std::string stopped = "an enemy army stopped there";
    static const std::string behind = "behind the enemy's front line";
    static const std::string cut_off = "cut off from the map edge";
    for (std::size_t p = 0; p < n; ++p) {
        const auto here = static_cast<ProvinceId>(p);
        const RailState to = unmarked_state(v, here, held[p] != 0, by_double[p] != 0);
        if (rail[p] == to) continue;
        // A line closed says what closed it, as 18.1.4's events do.
        const std::string& because = to != RailState::NonOperational ? opened_why()
                                     : enemy_army[p]                 ? stopped
                                     : !week.friendly[power][p]      ? behind
                                                                     : cut_off;
        change_rail_state(ctx, power, here, to, because);
    }
}

}  // namespace adjutant::rail
