// SPDX-License-Identifier: Apache-2.0
// Each order's explanation (result/explanation.h), once every decision is made. The strengths
// are asked again of the functions that decided them (move.cpp), which record what they count
// when given a tally; every decision they ask for is resolved and memoised, so nothing is
// decided anew. The answers stand as run() gave them: where a backup rule settled a decision
// (a circular movement, a convoy paradox), the explanation names the rule.
#include <algorithm>

#include "resolve/movement.h"
#include "variant/variant.h"

namespace adjutant {

NamedUnit MovementResolver::unit_ref(int i) const {
    const Order& o = units_[i].order;
    return NamedUnit{o.power, o.unit_type, o.unit};
}

// Strength `kind` of unit i: for a hold, of the province unit i stands in.
StrengthTally MovementResolver::tally_of(StrengthType kind, int i) {
    StrengthTally tally;
    tally.kind = kind;
    tally.unit = unit_ref(i);
    tally.own = units_[i].base;
    if (kind != StrengthType::Hold) tally.destination = units_[i].order.destination;
    switch (kind) {
        case StrengthType::Attack:
            tally.aid = units_[i].attack_bonus;
            tally.value = attack_strength(i, &tally);
            break;
        case StrengthType::Hold:
            tally.value = hold_strength(origin(i), &tally);
            break;
        case StrengthType::Defend:
            tally.value = defend_strength(i, &tally);
            break;
        case StrengthType::Prevent:
            tally.value = prevent_strength(i, &tally);
            tally.dislodged = tally.value > 0 && units_[i].dislodger >= 0;
            break;
    }
    return tally;
}

SupportTally MovementResolver::support_tally(int s, PowerId excluded_power) {
    SupportTally tally{unit_ref(s), SupportCount::Counted, std::nullopt};
    if (units_[s].order.power == excluded_power) {
        tally.count = SupportCount::OwnUnitTarget;
    } else if (!units_[s].succeeds) {
        SupportFate fate;
        support_given(s, &fate);
        // A support a backup rule failed, though nothing cut it, reads as cut by nobody named.
        tally.count = fate.count == SupportCount::Counted ? SupportCount::Cut : fate.count;
        if (fate.by >= 0) tally.by = unit_ref(fate.by);
    }
    return tally;
}

void MovementResolver::explain(std::size_t index, Explanation& out) {
    const int i = static_cast<int>(index);
    const UnitOrder& u = units_[i];
    out.clear();
    out.made = true;
    if (u.dislodger >= 0) out.dislodged_by = unit_ref(u.dislodger);
    switch (u.order.type) {
        case OrderType::Move:
            explain_move(i, out);
            if (u.succeeds) return;
            break;
        case OrderType::RailMove:
            return;  // its reason and the module's words say why (RidePlan::held)
        case OrderType::Support:
        case OrderType::Convoy:
            explain_support_or_convoy(i, out);
            break;
        default:
            break;
    }
    explain_held(i, out);
}

// A support: void, given (and the rule that spared it from an attack), or cut, and by whom. A
// convoy: void, or failed by the paradox rule.
void MovementResolver::explain_support_or_convoy(int i, Explanation& out) {
    const UnitOrder& u = units_[i];
    if (!u.matched) {
        const int target = unit_in(u.order.target);
        if (target < 0) return;
        out.void_target = unit_ref(target);
        const Order& moved = units_[target].order;
        if (u.order.type == OrderType::Support && u.order.target_destination == kNoProvince)
            out.void_why = VoidWhy::Moved;
        else if (u.order.type == OrderType::Convoy && moved.type == OrderType::Move &&
                 moved.destination.province == u.order.target_destination)
            out.void_why = VoidWhy::WentOverland;
        else
            out.void_why = VoidWhy::NotThatMove;
        return;
    }
    if (u.order.type == OrderType::Convoy) {
        if (u.szykman_failed) out.rules.push_back(DecidingRule::ConvoyParadox);
        return;
    }
    SupportFate fate;
    support_given(i, &fate);
    if (u.succeeds && fate.spared != DecidingRule::None) out.rules.push_back(fate.spared);
    if (!u.succeeds && fate.count == SupportCount::Cut && fate.by >= 0)
        out.cut_by = unit_ref(fate.by);
}

// A move: its attack, then the hold or defend of its destination, then each other move's
// prevent there, as move_wins() weighs them.
void MovementResolver::explain_move(int i, Explanation& out) {
    const UnitOrder& u = units_[i];
    out.strengths.push_back(tally_of(StrengthType::Attack, i));
    explain_sea_choice(i, out);
    if (u.convoyed) explain_route(i, out);
    if (out.strengths.front().zero == ZeroWhy::NoPath) return;
    const ProvinceId to = destination(i);
    if (const int j = unit_in(to); j >= 0) {
        if (head_to_head(i)) {
            out.strengths.push_back(tally_of(StrengthType::Defend, j));
            out.rules.push_back(DecidingRule::HeadToHead);
        } else {
            out.strengths.push_back(tally_of(StrengthType::Hold, j));
        }
    }
    for (int k : attackers(to)) {
        if (k == i) continue;
        if (is_rail(k)) {
            if (!rail_opposes(k, i)) continue;
            StrengthTally contest;
            contest.kind = StrengthType::Prevent;
            contest.unit = unit_ref(k);
            contest.destination = Location{to, Coast::None};
            contest.value = contest.own = rail_strength(k, to);
            out.strengths.push_back(std::move(contest));
            continue;
        }
        out.strengths.push_back(tally_of(StrengthType::Prevent, k));
    }
    if (u.circular) out.rules.push_back(DecidingRule::CircularMovement);
    if (out.strengths.front().zero == ZeroWhy::OwnUnit)
        out.rules.push_back(DecidingRule::OwnUnitNotDislodged);
}

// A unit that stayed in its province: its hold, then each attack on it (a rail move attacks
// nothing, Colonial 9.23). Nothing when nobody attacked it.
void MovementResolver::explain_held(int i, Explanation& out) {
    const std::span<const int> attacks = attackers(origin(i));
    if (std::none_of(attacks.begin(), attacks.end(), [&](int k) { return !is_rail(k); })) return;
    out.held.push_back(tally_of(StrengthType::Hold, i));
    const Strength hold = out.held.front().value;
    bool beaten_but_stood_off = false;
    bool own_unit = false;
    for (int k : attacks) {
        if (is_rail(k)) continue;
        out.held.push_back(tally_of(StrengthType::Attack, k));
        const StrengthTally& attack = out.held.back();
        own_unit = own_unit || attack.zero == ZeroWhy::OwnUnit;
        beaten_but_stood_off = beaten_but_stood_off || (attack.value > hold && !units_[k].succeeds);
    }
    if (units_[i].dislodger >= 0) return;
    if (beaten_but_stood_off)
        out.rules.push_back(DecidingRule::BeleagueredGarrison);
    else if (own_unit && std::find(out.rules.begin(), out.rules.end(),
                                   DecidingRule::OwnUnitNotDislodged) == out.rules.end())
        out.rules.push_back(DecidingRule::OwnUnitNotDislodged);
}

// An army's move to a province it could also reach over land: whether it went by sea, and why
// (DATC 4.A.3, as match_convoys() and take_orders() decided it).
void MovementResolver::explain_sea_choice(int i, Explanation& out) {
    const UnitOrder& u = units_[i];
    if (u.order.unit_type != UnitType::Army || !variant_->army_can_move(origin(i), destination(i)))
        return;
    if (u.convoyed) {
        out.sea = u.order.via_convoy ? SeaChoice::ViaConvoy : SeaChoice::OwnFleet;
        return;
    }
    // Over land: a convoy ordered for this move (by another power's fleet) gives no intent.
    for (const UnitOrder& fleet : units_)
        if (fleet.order.type == OrderType::Convoy && fleet.order.target == origin(i) &&
            fleet.order.target_destination == destination(i)) {
            out.sea = SeaChoice::ForeignFleet;
            return;
        }
}

// A convoyed army: the route that carried it, or why it had none.
void MovementResolver::explain_route(int i, Explanation& out) {
    std::vector<int> route;
    if (convoy_route_exists(i, &route)) {
        out.route_why = RouteWhy::Route;
        for (int f : route) out.route.push_back(unit_ref(f));
        return;
    }
    for (int f : convoyers(i)) {
        if (units_[f].succeeds) continue;
        out.disrupted.push_back(unit_ref(f));
        if (units_[f].szykman_failed && std::find(out.rules.begin(), out.rules.end(),
                                                  DecidingRule::ConvoyParadox) == out.rules.end())
            out.rules.push_back(DecidingRule::ConvoyParadox);
    }
    if (!out.disrupted.empty())
        out.route_why = RouteWhy::Disrupted;
    else
        out.route_why = convoyers(i).empty() ? RouteWhy::NoFleet : RouteWhy::NoChain;
}

}  // namespace adjutant
