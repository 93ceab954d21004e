// SPDX-License-Identifier: Apache-2.0
// Field works at the week's end (Lone Warrior 5b; docs/field-works.md): "Any army which remains in
// a hex for one move may build field fortifications in that hex". Run once the movement phase is
// resolved and the modules before this one have done their week (an army that melted away for want
// of supply is gone):
//   1. works whose army no longer stands in them are given up: it moved, retired before an
//      attack (5b ii), was driven out (5b i) or is no more
//   2. each attack that fell back from an army fighting in its works is told (5b iii)
//   3. ENTRENCH by an army still where it stood digs works there
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "rules/field_works/field_works.h"
#include "rules/field_works/parameters.h"
#include "variant/variant.h"

namespace adjutant::field_works {

namespace {

// The army of `w` where `w` stands, in `pos`, or nullptr.
const Unit* standing(const Position& pos, const Works& w) {
    const Unit* u = pos.unit_at(w.province);
    return u != nullptr && w.dug_by(*u) ? u : nullptr;
}

bool dislodged(const Adjudication& result, const Works& w) {
    return std::any_of(result.dislodged.begin(), result.dislodged.end(),
                       [&](const DislodgedUnit& d) { return w.dug_by(d.unit); });
}

// The settled RETIRE of the army in `province` that was carried out, or nullptr.
const OrderResult* retirement(const Adjudication& result, ProvinceId province) {
    for (const OrderResult& r : result.results)
        if (r.order.type == OrderType::Move && r.order.kind == &kRetire &&
            r.order.unit.province == province && r.succeeded)
            return &r;
    return nullptr;
}

void give_up_works(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    const Position& before = ctx.before;
    std::vector<Works> kept;
    for (const Works& w : state(ctx.result.next).works) {
        if (standing(ctx.result.next, w) != nullptr) {
            kept.push_back(w);
            continue;
        }
        const Unit* army = before.unit_at(w.province);
        const std::string name =
            army != nullptr ? describe_unit(v, army->type, army->location) : "the army";
        const std::string where = province_abbr(v, w.province);
        std::string text;
        if (const OrderResult* r = retirement(ctx.result, w.province))
            text = name + " retired from its field works in " + where + " to " +
                   province_abbr(v, r->order.destination.province) +
                   " as the enemy marched on it; the attacker may occupy " + where + " (5b)";
        else if (dislodged(ctx.result, w))
            text =
                "the field works in " + where + " were carried: " + name + " was driven out (5b)";
        else if (std::any_of(
                     ctx.result.next.units.begin(), ctx.result.next.units.end(),
                     [&](const Unit& u) { return u.power == w.power && u.stats.id == w.army; }))
            text = name + " left its field works in " + where + "; they serve no other army (5b)";
        else
            text = "the field works in " + where + " were given up: " + name + " is no more (5b)";
        ctx.event("works.given_up", w.power, w.province, std::move(text));
    }
    state(ctx.result.next).works = std::move(kept);
}

void tell_repulses(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    for (const OrderResult& r : ctx.result.results) {
        if (r.order.type != OrderType::Move || r.succeeded) continue;
        const ProvinceId into = r.order.destination.province;
        const Works* w = state(ctx.result.next).in(into);
        const Unit* defender = ctx.before.unit_at(into);
        if (w == nullptr || defender == nullptr || !v.campaign->enemies(r.order.power, w->power))
            continue;
        // Nothing when the defender was not fighting from its works (works_points says when).
        const std::int64_t works = works_points(v, ctx.before, ctx.orders, *defender);
        if (works == 0) continue;
        ctx.event("works.held", w->power, into,
                  unit_text(v, r.order.unit_type, r.order.unit) + "'s attack on " +
                      describe_unit(v, defender->type, defender->location) +
                      " in its field works fell back: " + std::to_string(defender->stats.points) +
                      " points fought from the works, which added " + std::to_string(works) +
                      " (5b)");
    }
}

void dig_works(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    for (const Order& o : ctx.orders) {
        if (!is(o, kEntrench)) continue;
        const Unit* army = ctx.before.unit_at(o.unit.province);
        if (army == nullptr || army->power != o.power) continue;
        const Works works{o.unit.province, o.power, army->stats.id};
        const std::string name = describe_unit(v, army->type, army->location);
        const std::string where = province_abbr(v, o.unit.province);
        if (standing(ctx.result.next, works) == nullptr) {
            ctx.event("works.unfinished", o.power, o.unit.province,
                      name + " could not finish its field works in " + where +
                          ": it did not stay the week there (5b)");
            continue;
        }
        FieldWorksState& s = state(ctx.result.next);
        if (s.in(o.unit.province) != nullptr) continue;  // it stands in them already
        s.works.push_back(works);
        s.normalise();
        ctx.event("works.dug", o.power, o.unit.province,
                  name + " dug field works in " + where + ": while it stands in them, its " +
                      "points count " +
                      (field_works::parameters(v).defence_percent == 100
                           ? std::string("twice")
                           : "with " + std::to_string(field_works::parameters(v).defence_percent) +
                                 "% more") +
                      " against an attack (5b)");
    }
}

}  // namespace

void end_of_week(TurnContext& ctx) {
    give_up_works(ctx);
    tell_repulses(ctx);
    dig_works(ctx);
}

}  // namespace adjutant::field_works
