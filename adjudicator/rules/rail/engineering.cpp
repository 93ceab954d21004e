// SPDX-License-Identifier: Apache-2.0
// The states of the rail lines from week to week: what the enemy does to them (18.1.4) and the
// rail engineering procedure (18.2.1), in Oào's order. Each change is an event.
#include <string>
#include <string_view>
#include <utility>

#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

void change_rail_state(TurnContext& ctx, PowerId power, ProvinceId p, RailState to,
                       std::string_view why) {
    const Variant& v = ctx.variant;
    RailState& current = state(ctx.result.next).rail[power][p];
    const char* kind = to == RailState::NonOperational ? "rail.non_operational"
                       : to == RailState::Controlled   ? "rail.controlled"
                       : to == RailState::Exceptional  ? "rail.exceptional"
                                                       : "rail.capacity";
    // "France's rail in LIE: capacity 1 -> capacity 2 (18.2.1 step 3)", in one string given its
    // room first: engineering changes dozens of provinces a week, and a chain of `+` made four
    // or five strings for each.
    static constexpr std::string_view kIn = "'s rail in ";
    const std::string& name = v.powers[power].name;
    const std::string& abbr = v.provinces[p].abbr;
    const std::string_view from = state_name(current);
    const std::string_view into = state_name(to);
    std::string text;
    text.reserve(name.size() + kIn.size() + abbr.size() + 2 + from.size() + 4 + into.size() + 2 +
                 why.size() + 1);
    text += name;
    text += kIn;
    text += abbr;
    text += ": ";
    text += from;
    text += " -> ";
    text += into;
    text += " (";
    text += why;
    text += ')';
    ctx.event(kind, power, p, std::move(text));
    current = to;
}

void apply_enemy_effects(TurnContext& ctx, RailWeek& week) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const std::size_t n = v.provinces.size();
    for (std::size_t w = 0; w < state(next).rail.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        if (railheads_unmarked(v, power, ctx.before.phase)) {
            unmarked_network(ctx, week, power);
            continue;
        }
        auto& rail = state(next).rail[w];
        for (std::size_t i = 0; i < n; ++i) {
            const auto p = static_cast<ProvinceId>(i);
            if (rail[i] == RailState::NonOperational) continue;
            // 18.1.4 (1): an enemy army stopped there this week (or stood there as it began).
            if (week.enemy_next[w][p] || week.enemy_before[w][p])
                change_rail_state(ctx, power, p, RailState::NonOperational,
                                  "an enemy army stopped there");
            // 18.1.4 (2): the ground is the enemy's, behind its front line.
            else if (!week.friendly[w][p])
                change_rail_state(ctx, power, p, RailState::NonOperational,
                                  "behind the enemy's front line");
        }
        // 18.1.1: controlled and operational lines must still reach a friendly map edge.
        std::vector<std::uint8_t>& held = week.reached;
        reach(
            week, power, [&](ProvinceId p) { return rail[p] != RailState::NonOperational; }, false,
            held);
        for (std::size_t i = 0; i < n; ++i)
            if (rail[i] != RailState::NonOperational && !held[i])
                change_rail_state(ctx, power, static_cast<ProvinceId>(i), RailState::NonOperational,
                                  "cut off from the map edge");
        std::vector<std::uint8_t>& open = week.reached;
        reach(
            week, power, [&](ProvinceId p) { return operational(rail[p]); }, false, open);
        for (std::size_t i = 0; i < n; ++i)
            if (operational(rail[i]) && !open[i])
                change_rail_state(ctx, power, static_cast<ProvinceId>(i), RailState::Controlled,
                                  "no operational line to the map edge");
    }
}

void engineer(TurnContext& ctx, RailWeek& week) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const std::size_t n = v.provinces.size();
    for (std::size_t w = 0; w < state(next).rail.size(); ++w) {
        const auto power = static_cast<PowerId>(w);
        // 18.3: a side that marks no railheads yet has no engineering to do.
        if (railheads_unmarked(v, power, ctx.before.phase)) continue;
        // Every step reads the states as the procedure began: a province moves one state a week.
        std::vector<RailState>& was = week.was;
        was = state(next).rail[w];
        const auto provinces = [&](auto each) {
            for (std::size_t i = 0; i < n; ++i) each(static_cast<ProvinceId>(i), was[i]);
        };
        // 1A: this week's DEMOLISH and REPAIR orders are already in `demolished` (rail.cpp);
        // `reach` never crosses a demolished link (nor one of another gauge, OCS rail movement), so
        // the steps below cannot advance past one.
        // 1B: capacity 3 on the named lines becomes their exceptional capacity.
        provinces([&](ProvinceId p, RailState s) {
            if (s == RailState::Capacity3 && exceptional_capacity(v, p) > 0)
                change_rail_state(ctx, power, p, RailState::Exceptional, "18.2.1 step 1B");
        });
        // 2: capacity 2 -> 3 only where double track alone joins it to the map edge.
        std::vector<std::uint8_t>& by_double = week.reached;
        reach(
            week, power, [&](ProvinceId p) { return operational(was[p]); }, true, by_double);
        provinces([&](ProvinceId p, RailState s) {
            if (s == RailState::Capacity2 && by_double[p])
                change_rail_state(ctx, power, p, RailState::Capacity3, "18.2.1 step 2");
        });
        // 3: capacity 1 -> 2.
        provinces([&](ProvinceId p, RailState s) {
            if (s == RailState::Capacity1)
                change_rail_state(ctx, power, p, RailState::Capacity2, "18.2.1 step 3");
        });
        // 4: controlled -> capacity 1.
        provinces([&](ProvinceId p, RailState s) {
            if (s == RailState::Controlled)
                change_rail_state(ctx, power, p, RailState::Capacity1, "18.2.1 step 4");
        });
        // 5: held ground one rail link beyond the railhead (or at a source) becomes controlled,
        // if it still reaches the source that way (from the port only inside its region).
        std::vector<std::uint8_t>& candidate = week.candidate;
        candidate.assign(n, 0);
        provinces([&](ProvinceId p, RailState s) {
            if (s != RailState::NonOperational || !week.friendly[w][p]) return;
            bool next_to_line = source(v, power, p);
            for_each_rail_neighbour(v, week.closed_link[w], p, false, [&](ProvinceId q) {
                next_to_line = next_to_line || was[q] != RailState::NonOperational;
            });
            candidate[p] = next_to_line ? 1 : 0;
        });
        std::vector<std::uint8_t>& joined = week.reached;
        reach(
            week, power,
            [&](ProvinceId p) { return was[p] != RailState::NonOperational || candidate[p]; },
            false, joined);
        provinces([&](ProvinceId p, RailState) {
            if (candidate[p] && joined[p])
                change_rail_state(ctx, power, p, RailState::Controlled, "18.2.1 step 5");
        });
    }
}

}  // namespace adjutant::rail
