// SPDX-License-Identifier: Apache-2.0
#include "rules/sieges/sieges.h"

#include <algorithm>
#include <utility>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace detail {

Rolled roll(TurnContext& ctx, std::string purpose, std::string subject, int n) {
    const int value = ctx.dice.d10(purpose, subject, n);
    return Rolled{std::move(purpose), std::move(subject), value};
}

Event& rolled_event(TurnContext& ctx, const Rolled& r, std::string kind, PowerId power,
                    ProvinceId province, std::string text, std::string table,
                    std::string modifiers) {
    Event& e = ctx.event(std::move(kind), power, province, std::move(text));
    e.roll = Roll{r.purpose, r.subject, r.value, std::move(table), std::move(modifiers)};
    return e;
}

std::string face(int value) {
    return std::to_string(value % 10);
}

std::string signed_number(int value) {
    std::string text(1, value < 0 ? '-' : '+');
    text += std::to_string(value < 0 ? -value : value);
    return text;
}

std::string read_die(int value, int modifier, const std::string& why) {
    std::string text = "rolled " + face(value);
    if (modifier != 0) {
        text += ' ';
        text += signed_number(modifier);
        text += ' ';
        text += why;
        text += " = ";
        text += std::to_string(value + modifier);
    }
    return text;
}

std::size_t garrison_index(const Position& pos, ProvinceId province) {
    for (std::size_t i = 0; i < state(pos).garrisons.size(); ++i)
        if (state(pos).garrisons[i].province == province) return i;
    return state(pos).garrisons.size();
}

Garrison* garrison_in(Position& pos, ProvinceId province) {
    const std::size_t i = garrison_index(pos, province);
    return i == state(pos).garrisons.size() ? nullptr : &state(pos).garrisons[i];
}

void end_siege(TurnContext& ctx, ProvinceId province) {
    Position& next = ctx.result.next;
    // Half rations last as long as the siege (5h).
    if (Garrison* g = garrison_in(next, province)) {
        g->half_rations = false;
        g->half_week_eaten = false;
    }
    std::erase_if(state(next).sieges, [&](const Siege& s) { return s.province == province; });
}

bool ordered(const TurnContext& ctx, const ModuleOrderKind& kind, ProvinceId where) {
    return std::any_of(ctx.orders.begin(), ctx.orders.end(),
                       [&](const Order& o) { return is(o, kind) && o.unit.province == where; });
}

std::int64_t percent_up(std::int64_t points, int percent) {
    return (points * percent + 99) / 100;
}

const Order* garrison_support(std::span<const Order> orders, ProvinceId fortress, PowerId power) {
    // A garrison comes out once: its last support order stands, as a unit's last order does.
    const Order* found = nullptr;
    for (const Order& o : orders)
        if (is(o, kGarrisonSupport) && o.unit.province == fortress && o.power == power) found = &o;
    return found;
}

int fortress_of(const TurnContext& ctx, ProvinceId where) {
    return ctx.variant.campaign->fortress_class[where];
}

std::string line_name(const TurnContext& ctx, ProvinceId where, int line) {
    const std::string name = province_abbr(ctx.variant, where);
    if (fortress_of(ctx, where) != 1) return name;
    static const char* const kLines[] = {"the outer defences of ", "the inner defences of ",
                                         "the citadel of "};
    return kLines[std::clamp(line, 0, 2)] + name;
}

void surrender(TurnContext& ctx, const Rolled& r, PowerId defender, ProvinceId where, bool terms,
               const std::string& cause, const std::string& read, std::string row,
               std::string modifiers) {
    rolled_event(ctx, r, "siege.fell", defender, where,
                 cause + "the garrison of " + province_abbr(ctx.variant, where) + " surrenders " +
                     (terms ? "on terms and is given safe conduct"
                            : "unconditionally and is taken prisoner") +
                     " (" + read + ")",
                 std::move(row), std::move(modifiers));
    fortress_falls(ctx, where, terms);
}

void fortress_falls(TurnContext& ctx, ProvinceId where, bool safe_conduct) {
    Position& next = ctx.result.next;
    const std::size_t gi = garrison_index(next, where);
    if (gi == state(next).garrisons.size()) return;
    Garrison& g = state(next).garrisons[gi];
    g.half_rations = false;
    g.half_week_eaten = false;
    career(ctx, g.general, g.general_roll, -2, "Lose fortress", g.power, where);
    if (Unit* army = next.unit_at(where))
        career(ctx, army->stats.general, attributes(army->stats).general_roll, 2, "Take fortress",
               army->power, where);
    garrison_falls(ctx, gi, safe_conduct);
    end_siege(ctx, where);
}

}  // namespace detail

bool enabled(const Variant& variant) {
    if (!variant.campaign.has_value()) return false;
    const auto& classes = variant.campaign->fortress_class;
    return std::any_of(classes.begin(), classes.end(), [](std::uint8_t c) { return c != 0; });
}

std::int64_t fortress_strength(int fortress_class) {
    switch (fortress_class) {
        case 1:
            return 150;
        case 2:
            return 100;
        case 3:
            return 50;
        default:
            return 0;
    }
}

std::int64_t max_garrison(int fortress_class) {
    return 2 * fortress_strength(fortress_class);
}

std::int64_t fighting_points(const Variant& variant, const Garrison& garrison) {
    const std::int64_t most = max_garrison(variant.campaign->fortress_class[garrison.province]);
    return most == 0 ? garrison.points : std::min(garrison.points, most);
}

std::int64_t fortified_points(const Variant& variant, const Position& position,
                              std::span<const Order> orders, const Unit& unit) {
    if (!variant.campaign || !enabled(variant)) return 0;
    const Siege* siege = state(position).siege_of(unit.location.province);
    if (siege == nullptr || !siege->laid() || siege->army != unit.stats.id) return 0;
    for (const Order& o : orders)
        if (o.unit.province == unit.location.province &&
            (o.type == OrderType::Move || o.type == OrderType::Support ||
             o.type == OrderType::Convoy || o.type == OrderType::RailMove))
            return 0;
    return unit.stats.points / 4;
}

std::int64_t relief_points(const Variant& variant, const Position& position,
                           std::span<const Order> orders, const Unit& unit) {
    if (!variant.campaign || !enabled(variant)) return 0;
    const ProvinceId from = unit.location.province;
    const auto move = std::find_if(orders.begin(), orders.end(), [&](const Order& o) {
        return o.type == OrderType::Move && o.unit.province == from;
    });
    if (move == orders.end()) return 0;
    const ProvinceId into = move->destination.province;
    if (state(position).siege_of(into) == nullptr) return 0;
    // The garrison aiding this move: the army's own power's, or an ally's (5n).
    for (const Garrison& g : state(position).garrisons) {
        if (g.province != into || variant.campaign->enemies(g.power, unit.power)) continue;
        const Order* aid = detail::garrison_support(orders, into, g.power);
        if (aid != nullptr && aid->target == from) return fighting_points(variant, g);
    }
    return 0;
}

bool at_least_three_to_two(std::int64_t a, std::int64_t b) {
    return 2 * a >= 3 * b;
}

const Garrison* enemy_garrison(const Variant& variant, const Position& position,
                               ProvinceId province, PowerId power) {
    for (const Garrison& g : state(position).garrisons)
        if (g.province == province && variant.campaign->enemies(g.power, power)) return &g;
    return nullptr;
}

void after_movement(TurnContext& ctx) {
    // The order of 5d, with the once-only checks made when a siege is laid (laying.cpp) and the
    // weekly ones after; docs/sieges.md lists the steps. The relief battle (5n) was fought in the
    // movement resolution, so its aftermath comes first, after the careers of 4g that the
    // week's field battles made.
    detail::field_battles(ctx);
    detail::reliefs(ctx);
    detail::end_sieges(ctx);
    detail::lay_sieges(ctx);
    detail::retire_inward(ctx);
    detail::half_rations(ctx);
    detail::sorties(ctx);
    detail::abandonment(ctx);
    detail::assaults(ctx);
    detail::breaching(ctx);
    detail::disease(ctx);
    detail::repairs(ctx);
    detail::withdrawals(ctx);
}

}  // namespace adjutant::sieges
