// SPDX-License-Identifier: Apache-2.0
// BUY D PAR (Lone Warrior 4e "Detachment (1 Squadron of Light Cavalry) 15"; 4f): a detachment is
// raised in a city its power controls, paid from the treasury as supply trains are. Raised once
// the week's moves are done, so a detachment that left the city makes room for the new one;
// in the order written, while the treasury, the city's room and the power's allowance last.
#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/parameters.h"
#include "rules/detachments/week.h"
#include "rules/supply/state.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

std::size_t standing(const Week& week, PowerId power) {
    std::size_t n = 0;
    for (const Piece& p : week.pieces)
        if (!p.gone && p.at.power == power) ++n;
    return n;
}

// Why the detachment cannot be raised now, or null: static text for the verdict.
const char* refusal(const Week& week, const Order& o) {
    const Variant& v = week.ctx.variant;
    const Position& next = week.ctx.result.next;
    const ProvinceId city = o.unit.province;
    if (next.owner[city] != o.power) return "the city is no longer held";
    if (enemy_army_or_garrison(v, next, city, o.power)) return "an enemy stands in the city";
    if (!week.room_in(city)) return "only one detachment may occupy a hex (4f)";
    if (standing(week, o.power) >= allowed(v, next, o.power))
        return "only two detachments may be deployed per city controlled (4f)";
    const auto& treasury = supply::state(next).treasury;
    if (o.power >= treasury.size() || treasury[o.power] < detachments::parameters(v).cost)
        return "the treasury cannot pay for it";
    return nullptr;
}

}  // namespace

void raise_detachments(Week& week) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    for (const Order& o : ctx.orders) {
        if (!is(o, kRaise)) continue;
        if (const char* why = refusal(week, o)) {
            ctx.event("detachment.not_raised", o.power, o.unit.province,
                      v.powers[o.power].name + " could not raise a detachment in " +
                          abbr(v, o.unit.province) + ": " + why);
            ctx.verdict(o, false, Reason::NotCarriedOut, why);
            continue;
        }
        const int cost = detachments::parameters(v).cost;
        supply::state(ctx.result.next).treasury[o.power] -= cost;
        week.pieces.push_back(Piece{Detachment{o.power, o.unit.province}});
        ctx.event("detachment.raised", o.power, o.unit.province,
                  v.powers[o.power].name + " raised a detachment in " + abbr(v, o.unit.province) +
                      " for " + std::to_string(cost) + " points");
        ctx.verdict(o, true);
    }
}

}  // namespace adjutant::detachments
