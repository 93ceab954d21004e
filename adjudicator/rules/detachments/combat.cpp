// SPDX-License-Identifier: Apache-2.0
// 4f "If the enemy is another detachment then they will engage each other. Roll to see the
// outcome": the Detachment Combat table, one d10 (a 0 reads 10), for the detachment that enters.
//   1-3 Attacker eliminated   4-5 Attacker retires 1 hex   6-7 Defender retires 1 hex
//   8-0 Defender eliminated
// The attacker "retires 1 hex" back to the province it came from: it never left it. The defender
// retires as Week::fallback says (where it came from this week, else the first free neighbour by
// abbreviation, never the attacker's province), and is eliminated when it has nowhere to go. The
// attacker takes the province its defender left and meets any trains there (trains.cpp).
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "variant/variant.h"

namespace adjutant::detachments {

bool detachment_combat(Week& week, Piece& attacker, Piece& defender, ProvinceId to) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    const ProvinceId from = attacker.at.province;
    const Rolled r = roll(ctx, "detachment-combat", abbr(v, from) + "-" + abbr(v, to));
    const std::string fight = named(v, attacker.at.power, from) + " engaged " +
                              named(v, defender.at.power, to) + ": " + read_die(r.value, 0, "") +
                              ", ";
    if (r.value <= 3) {
        attacker.gone = true;
        rolled_event(ctx, r, "detachment.combat", attacker.at.power, to,
                     fight + "attacker eliminated (4f)", "1-3 Attacker eliminated");
        return false;
    }
    if (r.value <= 5) {
        rolled_event(ctx, r, "detachment.combat", attacker.at.power, to,
                     fight + "attacker retires 1 hex, back to " + abbr(v, from) + " (4f)",
                     "4-5 Attacker retires 1 hex");
        return false;
    }
    std::string outcome;
    std::string row;
    if (r.value <= 7) {
        const ProvinceId back = week.fallback(defender, from);
        row = "6-7 Defender retires 1 hex";
        if (back == kNoProvince) {
            defender.gone = true;
            outcome = "defender retires 1 hex, but has nowhere to go and is eliminated (4f)";
        } else {
            defender.came_from = kNoProvince;
            defender.at.province = back;
            outcome = "defender retires 1 hex, to " + abbr(v, back) + " (4f)";
        }
    } else {
        defender.gone = true;
        row = "8-0 Defender eliminated";
        outcome = "defender eliminated (4f)";
    }
    rolled_event(ctx, r, "detachment.combat", attacker.at.power, to, fight + outcome, row);
    attacker.came_from = from;
    attacker.at.province = to;
    trains_contacted(week, attacker, to);
    equipment_contacted(week, attacker, to);
    return true;
}

}  // namespace adjutant::detachments
