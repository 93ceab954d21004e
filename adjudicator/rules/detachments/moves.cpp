// SPDX-License-Identifier: Apache-2.0
// Detachments' moves (Lone Warrior 4f; docs/detachments.md, "Moves"). A detachment moves one
// province a week, after the armies: it enters a province as the week's movement left it.
//
// The moves are taken one at a time, in the order of the provinces they start from, each against
// the board as the earlier ones left it: the tabletop's simultaneous hex moves need an order on a
// map that keeps no hexes, and this one is fixed and can be read off the orders. A move into a
// province whose room is taken by a friendly detachment waits until the others have gone (the
// one ahead may move on); those still waiting at the end stay where they are.
//
// Entering, a detachment meets in turn
//   an enemy army, fleet or garrison   the Scouting table (scouting.cpp): it never enters
//   an enemy detachment                the Detachment Combat table (combat.cpp)
//   enemy supply trains alone          captured or destroyed as it enters (trains.cpp)
#include <algorithm>

#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

struct Move {
    const Order* order;
    ProvinceId from;
    ProvinceId to;
    std::size_t piece;  // index in the week's pieces
    bool done = false;
};

// The move's contacts and entry, once the room is free of friends. Whether it ended in `to`.
bool enter(Week& week, Piece& mover, ProvinceId to) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    if (enemy_army_or_garrison(v, ctx.result.next, to, mover.at.power))
        return scouting(week, mover, to);
    if (Piece* defender = week.enemy_detachment_in(to, mover.at.power))
        return detachment_combat(week, mover, *defender, to);
    const ProvinceId from = mover.at.province;
    mover.came_from = from;
    mover.at.province = to;
    ctx.event("detachment.moved", mover.at.power, to,
              "the " + v.powers[mover.at.power].adjective + " detachment in " + abbr(v, from) +
                  " moved to " + abbr(v, to));
    trains_contacted(week, mover, to);
    equipment_contacted(week, mover, to);
    return true;
}

// Whether `to` is taken by detachments that are no enemy's (its own or an ally's).
bool held_by_friends(const Week& week, ProvinceId to) {
    return !week.room_in(to);
}

}  // namespace

void move_detachments(Week& week) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    std::vector<Move> moves;
    for (const Order& o : ctx.orders) {
        if (!is(o, kMove)) continue;
        const auto it = std::find_if(week.pieces.begin(), week.pieces.end(), [&](const Piece& p) {
            return p.at == Detachment{o.power, o.unit.province};
        });
        if (it == week.pieces.end()) {
            ctx.verdict(o, false, Reason::NotCarriedOut, "the detachment is gone");
            continue;
        }
        moves.push_back(Move{&o, o.unit.province, o.destination.province,
                             static_cast<std::size_t>(it - week.pieces.begin())});
    }
    std::sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
        return v.provinces[a.from].abbr < v.provinces[b.from].abbr;
    });
    for (bool progress = true; progress;) {
        progress = false;
        for (Move& m : moves) {
            if (m.done) continue;
            Piece& mover = week.pieces[m.piece];
            // Met by an enemy's move earlier this week: eliminated, or driven off its province.
            if (mover.gone || mover.at.province != m.from) {
                m.done = progress = true;
                ctx.verdict(*m.order, false, Reason::NotCarriedOut,
                            "the detachment was eliminated or driven off before it moved");
                continue;
            }
            const bool enemy_there =
                week.enemy_detachment_in(m.to, mover.at.power) != nullptr ||
                enemy_army_or_garrison(v, ctx.result.next, m.to, mover.at.power);
            if (!enemy_there && held_by_friends(week, m.to)) continue;  // waits for room
            m.done = progress = true;
            const bool entered = enter(week, mover, m.to);
            ctx.verdict(*m.order, entered, Reason::NotCarriedOut,
                        "the detachment met the enemy and did not enter (4f)");
        }
    }
    for (Move& m : moves) {
        if (m.done) continue;
        const Piece& mover = week.pieces[m.piece];
        ctx.event("detachment.blocked", mover.at.power, m.from,
                  named(v, mover.at.power, m.from) + " stays: " + abbr(v, m.to) +
                      " holds a detachment, and only one detachment may occupy a hex (4f)");
        ctx.verdict(*m.order, false, Reason::NotCarriedOut,
                    "only one detachment may occupy a hex (4f)");
    }
}

}  // namespace adjutant::detachments
