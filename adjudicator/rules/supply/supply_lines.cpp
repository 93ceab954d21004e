// SPDX-License-Identifier: Apache-2.0
// Supply lines (Lone Warrior 4a): each army traces the shortest road route to a friendly supply
// base; a province holding an enemy army cuts it. Where the map has navigable rivers the line may
// end along a river at a city a barge flotilla operates from (rules/rivers/river_route.h). The
// line is kept on the army.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position/sight.h"
#include "rules/rivers/parameters.h"
#include "rules/rivers/river_route.h"
#include "rules/rivers/state.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

void trace_route(const Variant& v, const Position& position, const Unit& u, rivers::Route& line) {
    const auto base = [&](ProvinceId p) { return supply_base(v, position, p, u.power); };
    const auto blocked = [&](ProvinceId p) { return enemy_army_in(v, position, p, u.power); };
    if (!rivers::has_rivers(v)) {
        line = rivers::Route{road_route(v, u.location.province, base, blocked)};
        return;
    }
    rivers::route(v, position, u.power, u.location.province, rivers::RiverUse::LastLegToFlotilla,
                  base, blocked, base, line);
}

void trace_route(const Variant& v, const Position& position, const std::vector<PowerId>& armies,
                 const Unit& u, rivers::Route& line, rivers::SearchSpace& space) {
    const auto base = [&](ProvinceId p) { return supply_base(v, position, armies, p, u.power); };
    const auto blocked = [&](ProvinceId p) { return enemy_army_in(v, armies, p, u.power); };
    if (!rivers::has_rivers(v)) {
        line = rivers::Route{road_route(v, u.location.province, base, blocked)};
        return;
    }
    rivers::route(v, position, u.power, u.location.province, rivers::RiverUse::LastLegToFlotilla,
                  base, blocked, base, line, space);
}

rivers::Route trace_route(const Variant& v, const Position& position, const Unit& u) {
    rivers::Route line;
    trace_route(v, position, u, line);
    return line;
}

std::vector<ProvinceId> trace_line(const Variant& v, const Position& position, const Unit& u) {
    return trace_route(v, position, u).provinces;
}

std::vector<ProvinceId> train_route(const Variant& v, const Position& position, PowerId power,
                                    ProvinceId from, ProvinceId to) {
    const auto goal = [&](ProvinceId p) { return p == to; };
    const auto blocked = [&](ProvinceId p) { return enemy_army_in(v, position, p, power); };
    if (!rivers::has_rivers(v)) return road_route(v, from, goal, blocked);
    return rivers::route(v, position, power, from, rivers::RiverUse::Anywhere, goal, blocked,
                         [&](ProvinceId p) { return supply_base(v, position, p, power); })
        .provinces;
}

namespace {

// " (2 roads)", " (1 road, 3 reaches of the Meuse)": how the line runs.
std::string line_length(const Variant& v, const rivers::Route& line) {
    const std::size_t steps = line.provinces.size() - 1;
    const std::size_t by_river =
        line.river < 0 ? 0 : steps - static_cast<std::size_t>(line.river_from);
    const std::size_t by_road = steps - by_river;
    std::string out = " (";
    if (by_road > 0 || by_river == 0)
        out += std::to_string(by_road) + (by_road == 1 ? " road" : " roads");
    if (by_river > 0) {
        if (by_road > 0) out += ", ";
        out += std::to_string(by_river) + (by_river == 1 ? " reach" : " reaches") + " of the " +
               rivers::parameters(v).rivers[static_cast<std::size_t>(line.river)].name;
    }
    return out + ")";
}

// "A LIE draws its supply from PAR (2 roads)", in one string given its room first: every army
// has this event when its line is new (every army in a game's first week), and a chain of `+`
// made two or three strings for each.
std::string line_text(const Variant& v, const Unit& u, const rivers::Route& line) {
    static constexpr std::string_view kDraws = " draws its supply from ";
    const std::string base = abbr(v, line.provinces.back());
    const std::string length = line_length(v, line);
    std::string text = unit_name(v, u);
    text.reserve(text.size() + kDraws.size() + base.size() + length.size());
    text += kDraws;
    text += base;
    text += length;
    return text;
}

}  // namespace

bool stands_on_line(const Variant& variant, const UnitStats& stats, ProvinceId province) {
    const std::vector<ProvinceId>& line = stats.supply_line;
    for (std::size_t i = 1; i < line.size(); ++i)
        if (line[i] == province && rivers::told_of_line(variant, stats, i)) return true;
    return false;
}

namespace {

// Lone Warrior 4a: "When an army enters a hex which is an enemy supply line hex or crosses a bridge
// over a river being used as a supply line, then that army must be told of the existence of the
// supply line." In the fog of war (docs/fog-of-war.md) an army that came into a province of an
// enemy's line this week, by a move, a ride or new to the board, is told of the line as it ran when
// it entered: before the lines are traced again, since its army there cuts the line, which may then
// run round it and never show in its power's view. It is told the line's provinces within its
// power's sight, in the line's order, as a view lists a line its power stands on.
void tell_enemy_lines(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const Position& next = ctx.result.next;
    if (!hides_positions(v)) return;
    std::vector<std::optional<Sight>> sights(v.powers.size());  // each power's, once asked
    auto tell = [&](const Unit& army, const Unit& owner) {
        std::optional<Sight>& sight = sights[army.power];
        if (!sight) sight = sight_of(v, next, army.power);
        std::string seen;
        for (ProvinceId p : owner.stats.supply_line) {
            if (!sight->sees(p)) continue;
            if (!seen.empty()) seen += '-';
            seen += abbr(v, p);
        }
        ctx.event("supply.enemy_line", army.power, army.location.province,
                  unit_name(v, army) + " entered a supply line of " + v.powers[owner.power].name +
                      ": " + seen + ", as far as " + v.powers[army.power].name + " sees it (4a)");
    };
    for (const Unit& army : next.units) {
        if (army.type != UnitType::Army) continue;
        const ProvinceId here = army.location.province;
        if (ctx.army_still_at(here, army.power) != nullptr) continue;  // it stayed: no entry
        for (const Unit& owner : next.units)
            if (v.campaign->enemies(owner.power, army.power) &&
                stands_on_line(v, owner.stats, here))
                tell(army, owner);
    }
}

}  // namespace

void forget_line(UnitStats& stats) {
    stats.supply_line.clear();
    rivers::attributes(stats) = rivers::UnitAttributes{};
}

void trace_supply_lines(TurnContext& ctx) {
    tell_enemy_lines(ctx);
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    // Each line is traced into one route kept for the week, then copied into the army's own,
    // which has the room of last week's line (the position's copy of it): a line traced into a
    // new vector given to the army was an allocation per army each week.
    rivers::Route line;
    // Who stands where, once: tracing moves no unit.
    std::vector<PowerId> armies;
    armies_by_province(v, next, armies);
    // One search space for every army's search, rather than some ten allocations for each.
    rivers::SearchSpace space;
    for (Unit& u : next.units) {
        if (u.type != UnitType::Army) continue;
        const PowerId power = u.power;
        trace_route(v, next, armies, u, line, space);
        const bool had = !u.stats.supply_line.empty();
        if (line.provinces.empty() && had) {
            ctx.event("supply.cut", power, u.location.province,
                      unit_name(v, u) + "'s supply line is cut: no road to a friendly base");
        } else if (!line.provinces.empty() &&
                   (!had || u.stats.supply_line.back() != line.provinces.back() ||
                    rivers::attributes(u.stats).supply_river != line.river)) {
            ctx.event("supply.line", power, u.location.province, line_text(v, u, line));
        }
        u.stats.supply_line.assign(line.provinces.begin(), line.provinces.end());
        rivers::UnitAttributes& leg = rivers::attributes(u.stats);
        leg.supply_river = line.river;
        leg.supply_river_from = line.river < 0 ? 0 : line.river_from;
    }
}

}  // namespace adjutant::supply
