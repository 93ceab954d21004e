// SPDX-License-Identifier: Apache-2.0
// Relief (Lone Warrior 5n): the aftermath of a relieving attack the garrison was ordered to aid
// (`G REI S A CHA - REI`). The battle itself was fought in the movement resolution, where the
// garrison's fighting points counted in the relieving move's attack (sieges::relief_points);
// here Lone Warrior's sentences decide who came out and what became of them (docs/sieges.md,
// "Relief"):
//   "the garrison may sortie out to aid it unless the besiegers leave an equal number of army
//   points as the garrison in the siegeworks": a besieger that stays in its works with at least
//   the garrison's fighting points keeps that many there, and the garrison stays in; otherwise
//   the garrison sorties.
//   "If the relieving army is victorious any points containing the garrison suffer the same fate
//   as the defeated army": the besieging army is one unit, dislodged whole with them.
//   "if the besieging army wins, any of the garrison which sortied out retreat with the
//   relieving army": the sortied points leave the garrison and join the relieving army.
#include <algorithm>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

// The unit of `power` at `province` in `units`, by id when campaign units carry one.
template <typename Range, typename Get>
Unit* find_unit(Range& units, Get get, const Unit& wanted) {
    for (auto& entry : units) {
        Unit& u = get(entry);
        if (wanted.stats.id != 0 ? u.stats.id == wanted.stats.id
                                 : u.power == wanted.power && u.location == wanted.location)
            return &u;
    }
    return nullptr;
}

bool leaves_works(OrderType type) {
    return type == OrderType::Move || type == OrderType::Support || type == OrderType::Convoy ||
           type == OrderType::RailMove;
}

std::size_t index_at(const Position& pos, ProvinceId province) {
    for (std::size_t i = 0; i < pos.units.size(); ++i)
        if (pos.units[i].location.province == province) return i;
    return pos.units.size();
}

// The names a relief's events use.
struct ReliefNames {
    std::string fortress;  // "VER"
    std::string relief;    // the relieving army: "A CHA"
    std::string besieger;  // "A VER"
};

// 5n: the garrison sorties to aid the relief, unless the besiegers still in their works have at
// least its fighting points and keep it in.
void announce_sortie(TurnContext& ctx, const Order& aid, const ReliefNames& n,
                     std::int64_t fighting, std::int64_t besiegers, bool in_works, bool contained) {
    if (contained) {
        ctx.event("siege.relief", aid.power, aid.unit.province,
                  "the besiegers kept " + std::to_string(fighting) + " of " + n.besieger + "'s " +
                      std::to_string(besiegers) +
                      " points in the siegeworks against the garrison of " + n.fortress +
                      ", which could not sortie; those points did not face " + n.relief +
                      "'s relief (5n)");
        return;
    }
    const std::string why = in_works ? n.besieger + "'s " + std::to_string(besiegers) +
                                           " points could not keep as many in the siegeworks"
                                     : n.besieger + " left its siegeworks";
    ctx.event("siege.relief", aid.power, aid.unit.province,
              "the garrison of " + n.fortress + " sortied with " + std::to_string(fighting) +
                  " points to aid " + n.relief + "'s relief: " + why + " (5n)");
}

std::string relieved_text(const ReliefNames& n, bool besieger_defeated, bool contained) {
    std::string text = n.relief + " relieved " + n.fortress;
    if (besieger_defeated) {
        text += "; ";
        text += n.besieger;
        text += contained ? " is defeated, and the points that contained the garrison with it"
                          : " is defeated";
    }
    if (!contained) text += "; the garrison's sortie returns to its walls";
    return text + " (5n)";
}

// 5n, a failed relief the garrison sortied for: its sortied points retreat with the relieving
// army (or are lost with it), and a garrison left with none loses the fortress.
void sortie_retreats(TurnContext& ctx, const Order& aid, const ReliefNames& n,
                     std::int64_t fighting, const Unit& relieving) {
    const ProvinceId where = aid.unit.province;
    Position& next = ctx.result.next;
    Garrison* g = garrison_in(next, where);
    if (g == nullptr) return;
    const std::int64_t gone = std::min(fighting, g->points);
    g->points -= gone;
    Unit* joined = find_unit(
        next.units, [](Unit& u) -> Unit& { return u; }, relieving);
    if (joined == nullptr)
        joined = find_unit(
            next.dislodged, [](DislodgedUnit& d) -> Unit& { return d.unit; }, relieving);
    // An ally's relief: the points serve in its army from now on (docs/sieges.md, "Relief").
    const bool ally = relieving.power != aid.power;
    std::string text = "the relief of " + n.fortress + " failed: the garrison's " +
                       std::to_string(gone) + " sortied points retreat with " +
                       (ally ? ctx.variant.powers[relieving.power].name + "'s " : std::string()) +
                       n.relief;
    if (joined != nullptr) {
        joined->stats.points += gone;
        text += ally ? " and serve in it, which now has " : ", which now has ";
        text += std::to_string(joined->stats.points);
        text += " points";
    } else {
        text += ", and are lost with it";
    }
    text += "; the garrison keeps ";
    text += std::to_string(g->points);
    text += " (5n)";
    ctx.event("siege.relief", aid.power, where, std::move(text));
    if (g->points == 0 && next.unit_at(where) != nullptr) {
        ctx.event("siege.relief", aid.power, where,
                  "the fortress of " + n.fortress + " is left empty: it falls to " +
                      unit_text(ctx.variant, *next.unit_at(where)) + " (5n)");
        fortress_falls(ctx, where, false);
    }
}

// Returns whether the garrison's aid counted: its army made the relieving move.
bool relief(TurnContext& ctx, const Order& aid) {
    const Variant& v = ctx.variant;
    const Position& before = ctx.before;
    const ProvinceId where = aid.unit.province;
    const Garrison* garrison = nullptr;
    for (const Garrison& g : state(before).garrisons)
        if (g.province == where && g.power == aid.power) garrison = &g;
    const std::size_t r = index_at(before, aid.target);
    const std::size_t b = index_at(before, where);
    if (garrison == nullptr || state(before).siege_of(where) == nullptr ||
        b == before.units.size() || r == before.units.size() ||
        ctx.result.results.size() != before.units.size())
        return false;
    const Unit& relieving = before.units[r];
    const Unit& besieger = before.units[b];
    const ReliefNames n{province_abbr(v, where), unit_text(v, relieving), unit_text(v, besieger)};
    const OrderResult& relief_result = ctx.result.results[r];
    if (relief_result.order.type != OrderType::Move ||
        relief_result.order.destination.province != where) {
        ctx.event("siege.relief", aid.power, where,
                  "the garrison of " + n.fortress + " stayed in: " + n.relief +
                      " made no relieving move into " + n.fortress + " (5n)");
        return false;
    }
    const std::int64_t fighting = fighting_points(v, *garrison);
    const std::int64_t besiegers = besieger.stats.points;
    const bool in_works = !leaves_works(ctx.result.results[b].order.type);
    const bool contained = in_works && besiegers >= fighting;
    announce_sortie(ctx, aid, n, fighting, besiegers, in_works, contained);

    if (relief_result.succeeded) {
        const bool defeated =
            std::any_of(ctx.result.dislodged.begin(), ctx.result.dislodged.end(),
                        [&](const DislodgedUnit& d) { return d.unit.location.province == where; });
        ctx.event("siege.relief", aid.power, where, relieved_text(n, defeated, contained));
        return true;
    }
    if (contained) {
        ctx.event(
            "siege.relief", aid.power, where,
            "the relief of " + n.fortress + " failed; the garrison, kept in, loses nothing (5n)");
        return true;
    }
    sortie_retreats(ctx, aid, n, fighting, relieving);
    return true;
}

}  // namespace

void reliefs(TurnContext& ctx) {
    // A garrison comes out once: its last support order stands, an earlier one is void.
    for (const Order& o : ctx.orders)
        if (is(o, kGarrisonSupport))
            ctx.verdict(
                o, garrison_support(ctx.orders, o.unit.province, o.power) == &o && relief(ctx, o),
                Reason::Void);
}

}  // namespace adjutant::sieges::detail
