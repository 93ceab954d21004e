// SPDX-License-Identifier: Apache-2.0
#include "rules/rail/rail.h"

#include <algorithm>

#include "module/scratch.h"
#include "rules/rail/parameters.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::rail {

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("rail_network");
}

std::string_view state_name(RailState state) {
    switch (state) {
        case RailState::NonOperational:
            return "non-operational";
        case RailState::Controlled:
            return "controlled";
        case RailState::Capacity1:
            return "capacity 1";
        case RailState::Capacity2:
            return "capacity 2";
        case RailState::Capacity3:
            return "capacity 3";
        case RailState::Exceptional:
            return "exceptional capacity";
    }
    return "?";
}

bool side_map_edge(const Variant& v, PowerId power, ProvinceId province) {
    const CampaignMap& map = *v.campaign;
    // The port of the port exception serves the rest of its side only inside the region (18.2);
    // reach() and the LOC allocation handle it as the port.
    const bool shared = province != parameters(map).port;
    // An ally: a power of the same (named) side as `power`, which is what !enemies says of two
    // different powers.
    return std::any_of(map.map_edge[province].begin(), map.map_edge[province].end(),
                       [&](PowerId p) { return p == power || (shared && !map.enemies(p, power)); });
}

bool source(const Variant& v, PowerId power, ProvinceId province) {
    const CampaignMap& map = *v.campaign;
    if (side_map_edge(v, power, province)) return true;
    const RailNetworkRules& rules = parameters(map);
    return province == rules.port && !rules.port_side.empty() && map.side[power] == rules.port_side;
}

bool demolished(const Position& pos, std::uint16_t index) {
    const std::vector<std::uint16_t>& gone = state(pos).demolished;
    return std::binary_search(gone.begin(), gone.end(), index);
}

bool double_source(const Variant& v, const Position& pos, PowerId power, ProvinceId province) {
    const CampaignMap& map = *v.campaign;
    return std::any_of(map.rail_links_at[province].begin(), map.rail_links_at[province].end(),
                       [&](std::uint16_t i) {
                           return map.rail_links[i].track == Track::Double &&
                                  gauge_fits(v, pos, power, i);
                       });
}

int exceptional_capacity(const Variant& v, ProvinceId province) {
    const CampaignMap& map = *v.campaign;
    int best = 0;
    // Only the links at the province (rail_links_at), not every link of the map: this is asked
    // for each province in each week's engineering.
    for (const std::uint16_t index : map.rail_links_at[province]) {
        const RailLink& link = map.rail_links[index];
        if (link.line.empty()) continue;
        int armies = 3;
        for (const auto& [name, n] : parameters(map).exceptional_lines)
            if (name == link.line) armies = n;
        best = std::max(best, armies);
    }
    return best;
}

int loc_capacity(const Variant& v, ProvinceId province, RailState state) {
    switch (state) {
        case RailState::Capacity1:
            return 1;
        case RailState::Capacity2:
            return 2;
        case RailState::Capacity3:
            return 3;
        case RailState::Exceptional:
            return std::max(3, exceptional_capacity(v, province));
        default:
            return 0;
    }
}

void initialise(const Variant& v, Position& pos) {
    if (!enabled(v)) return;
    const CampaignMap& map = *v.campaign;
    const std::size_t n = v.provinces.size();
    if (state(pos).control.empty()) {
        // Armies hold the ground they stand on; cities belong to their owners; the rest is as
        // the variant starts it, or as the rail states written in the position show.
        state(pos).control.assign(n, kNoPower);
        for (std::size_t p = 0; p < n && p < map.start_control.size(); ++p)
            state(pos).control[p] = map.start_control[p];
        for (std::size_t p = 0; p < n && p < pos.owner.size(); ++p)
            if (pos.owner[p] != kNoPower) state(pos).control[p] = pos.owner[p];
        for (std::size_t w = 0; w < state(pos).rail.size(); ++w)
            for (std::size_t p = 0; p < n && p < state(pos).rail[w].size(); ++p)
                if (state(pos).control[p] == kNoPower &&
                    state(pos).rail[w][p] != RailState::NonOperational)
                    state(pos).control[p] = static_cast<PowerId>(w);
        for (const Unit& u : pos.units)
            if (u.type == UnitType::Army) state(pos).control[u.location.province] = u.power;
    }
    if (!state(pos).rail.empty()) return;
    state(pos).rail.assign(v.powers.size(), std::vector<RailState>(n, RailState::NonOperational));
    // The friendly ground and map edges as the week's steps read them (week.h).
    RailWeek week;
    week.start(v, pos, pos);
    std::vector<std::uint8_t> held;
    std::vector<std::uint8_t> by_double;
    for (std::size_t w = 0; w < v.powers.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        reach(
            week, power, [&](ProvinceId p) { return week.friendly[w][p] != 0; }, false, held);
        reach(
            week, power, [&](ProvinceId p) { return held[p] != 0; }, true, by_double);
        for (std::size_t p = 0; p < n; ++p) {
            if (!held[p]) continue;
            state(pos).rail[w][p] =
                unmarked_state(v, static_cast<ProvinceId>(p), true, by_double[p] != 0);
        }
    }
}

void after_movement(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    // The cargo of the modules before this one has been paid for: the ledger lasts no longer
    // than their steps (arrival.cpp).
    state(next).cargo_spent.clear();
    for (const Order& o : ctx.orders) {
        if (!is(o, kDemolish) && !is(o, kRepair)) continue;
        const ProvinceId at = o.unit.province;
        const Unit* army = next.unit_at(at);
        // A dislodged army's engineers had no time for the work.
        if (army == nullptr || army->power != o.power) continue;
        const auto link = v.campaign->rail_link(at, o.target);
        if (!link) continue;
        std::string what;
        for (const RailStructure& s : v.campaign->rail_links[*link].structures)
            what += (what.empty() ? "" : ", ") + s.name;
        const std::string between = v.provinces[at].abbr + "-" + v.provinces[o.target].abbr;
        if (is(o, kDemolish) && !demolished(next, *link)) {
            state(next).demolished.push_back(*link);
            ctx.event("rail.demolished", o.power, at,
                      "the engineers of A " + v.provinces[at].abbr + " demolished " + what +
                          " on the line " + between);
        } else if (is(o, kRepair) && demolished(next, *link)) {
            std::erase(state(next).demolished, *link);
            ctx.event("rail.repaired", o.power, at,
                      "the engineers of A " + v.provinces[at].abbr + " repaired " + what +
                          " on the line " + between + "; rail engineering may cross it again");
        }
        next.normalise();
    }
    convert_gauges(ctx);
}

void end_of_week(TurnContext& ctx) {
    initialise(ctx.variant, ctx.result.next);
    update_control(ctx);
    RailWeek& week = ctx.scratch.get<RailWeek>();
    week.start(ctx.variant, ctx.before, ctx.result.next);
    apply_enemy_effects(ctx, week);
    engineer(ctx, week);
    allocate_loc(ctx, week);
}

}  // namespace adjutant::rail
