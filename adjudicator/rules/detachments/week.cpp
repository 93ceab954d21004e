// SPDX-License-Identifier: Apache-2.0
#include "rules/detachments/week.h"

#include <algorithm>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/parameters.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::detachments {

std::size_t Week::count_in(ProvinceId province) const {
    return static_cast<std::size_t>(
        std::count_if(pieces.begin(), pieces.end(),
                      [&](const Piece& p) { return !p.gone && p.at.province == province; }));
}

bool Week::room_in(ProvinceId province) const {
    return count_in(province) <
           static_cast<std::size_t>(detachments::parameters(ctx.variant).per_province);
}

Piece* Week::enemy_detachment_in(ProvinceId province, PowerId power) {
    for (Piece& p : pieces)
        if (!p.gone && p.at.province == province &&
            ctx.variant.campaign->enemies(p.at.power, power))
            return &p;
    return nullptr;
}

ProvinceId Week::fallback(const Piece& piece, ProvinceId avoid) const {
    const Variant& v = ctx.variant;
    const Position& next = ctx.result.next;
    const PowerId power = piece.at.power;
    const auto free = [&](ProvinceId p) {
        return p != avoid && p != piece.at.province && room_in(p) &&
               !enemy_army_or_garrison(v, next, p, power) &&
               std::none_of(pieces.begin(), pieces.end(), [&](const Piece& o) {
                   return !o.gone && o.at.province == p && v.campaign->enemies(o.at.power, power);
               });
    };
    if (piece.came_from != kNoProvince && free(piece.came_from)) return piece.came_from;
    std::vector<ProvinceId> around;
    if (piece.at.province < v.army_adjacency.size()) around = v.army_adjacency[piece.at.province];
    std::sort(around.begin(), around.end(), [&](ProvinceId a, ProvinceId b) {
        return v.provinces[a].abbr < v.provinces[b].abbr;
    });
    for (ProvinceId p : around)
        if (free(p)) return p;
    return kNoProvince;
}

Week start_week(TurnContext& ctx) {
    Week week{ctx, {}};
    for (const Detachment& d : state(ctx.result.next).detachments) week.pieces.push_back(Piece{d});
    return week;
}

void finish_week(Week& week) {
    auto& out = state(week.ctx.result.next).detachments;
    out.clear();
    for (const Piece& p : week.pieces)
        if (!p.gone) out.push_back(p.at);
    state(week.ctx.result.next).normalise();
}

bool enemy_army_or_garrison(const Variant& v, const Position& pos, ProvinceId where,
                            PowerId power) {
    const Unit* u = pos.unit_at(where);
    // Equipment alone is no army to scout or give way to: it is contacted (equipment.cpp).
    if (u != nullptr && v.campaign->enemies(u->power, power) && !army_strength::equipment_only(*u))
        return true;
    for (const Garrison& g : sieges::state(pos).garrisons)
        if (g.province == where && v.campaign->enemies(g.power, power)) return true;
    return false;
}

Rolled roll(TurnContext& ctx, std::string purpose, std::string subject) {
    const int value = ctx.dice.d10(purpose, subject, 0);
    return Rolled{std::move(purpose), std::move(subject), value};
}

Event& rolled_event(TurnContext& ctx, const Rolled& r, std::string kind, PowerId power,
                    ProvinceId province, std::string text, std::string table,
                    std::string modifiers) {
    Event& e = ctx.event(std::move(kind), power, province, std::move(text));
    e.roll = Roll{r.purpose, r.subject, r.value, std::move(table), std::move(modifiers)};
    return e;
}

std::string read_die(int value, int modifier, const std::string& why) {
    std::string text = "rolled " + std::to_string(value % 10);
    if (modifier == 0) return text;
    text += " +";
    text += std::to_string(modifier);
    text += ' ';
    text += why;
    text += " = ";
    text += std::to_string(value + modifier);
    return text;
}

}  // namespace adjutant::detachments
