// SPDX-License-Identifier: Apache-2.0
// The movement phase's common orders judged inline, in the caller's frame (the parser's driver):
// a function of their own, on nearly every line, saved and restored six registers.
#pragma once

#include <cstring>

#include "orders/parser.h"
#include "orders/syntax.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

// An order with its defaults (Order{}), defined in another file (legality_common.cpp) so that
// the compiler copies its bytes into a new order, three loads and three stores, instead of
// writing each default from constants and then the fields over them (≈ 3 instructions a line).
extern const Order kBlankOrder;

// The orders most lines carry, judged with no message built and no call made: a hold, a move
// to a neighbour (a fleet's to a province without coasts), a support of a neighbour's hold or
// of its move to a neighbour, each by the power's own unit written with its own letter (or
// none). Each is accepted here only where the full judgement (check_movement, legality.h) would
// accept it with the same order and no note; anything else (every refusal, a note, a coast, a
// convoy, a rail line or canal that could matter) returns false with no order in `out`, for
// the full judgement to judge as before. The modules' refusals are the caller's to ask.
// `units` is the position's lookup (Position::unit_lookup), taken once a parse.
// Inline in the caller's frame even as it grew: called, it cost ≈ 28 instructions a line more.
[[gnu::always_inline]] inline bool common_order(const Variant& v, const UnitLookup& units,
                                                PowerId power, const OrderSyntax& s, Checked& out) {
    if (s.kind != SyntaxKind::Hold && s.kind != SyntaxKind::Move && s.kind != SyntaxKind::Support)
        return false;
    const Unit* unit = units.at(s.unit.place.province);
    if (unit == nullptr || unit->power != power || (s.unit.type && *s.unit.type != unit->type))
        return false;
    const Location at = unit->location;
    const auto land = [&](ProvinceId p) {
        const Terrain t = v.provinces[p].terrain;
        return t == Terrain::Land || t == Terrain::Coast;
    };
    // The order made as soon as its unit is known, each kind's fields written where they are
    // found, and taken back on a refusal (one store; nearly every line is taken). Made after
    // the three paths, the values the kinds found were kept in locals across them, and the
    // hold's and the move's paths wrote the support's defaults to the stack.
    Order& order = out.order.emplace(kBlankOrder);
    // The fields in their order in memory: the type written last, GCC built the type's and the
    // power's bytes into one store through a second register.
    order.type = s.kind;
    order.power = power;
    order.unit_type = unit->type;
    // Its four bytes at once: field by field, the coast was taken apart through the stack.
    std::memcpy(&order.unit, &at, sizeof at);
    const auto refused = [&] {
        out.order.reset();
        return false;
    };
    if (s.kind == SyntaxKind::Move) {
        const ProvinceId d = s.destination.province;
        if (d == at.province || s.via_convoy || !s.path.empty()) return refused();
        if (unit->type == UnitType::Army) {
            if (!land(d) || !v.army_can_move(at.province, d)) return refused();
        } else {
            const Terrain t = v.provinces[d].terrain;
            if ((t != Terrain::Sea && t != Terrain::Coast) || !v.provinces[d].coasts.empty() ||
                !v.fleet_can_reach(at, d))
                return refused();
        }
        order.destination = Location{d, Coast::None};
    } else if (s.kind == SyntaxKind::Support) {
        const ProvinceId t = s.target.place.province;
        if (t == at.province) return refused();
        const Unit* target = units.at(t);
        if (target == nullptr || (s.target.type && *s.target.type != target->type))
            return refused();
        if (!s.target_destination) {
            if (!v.can_reach(unit->type, at, t)) return refused();
        } else {
            const ProvinceId supported_to = s.target_destination->province;
            // A rail line or a canal may make a move possible: those are judged in full.
            if (supported_to == t || supported_to == at.province ||
                !v.can_reach(unit->type, at, supported_to) || !v.rail_lines.empty() ||
                !v.canals.empty())
                return refused();
            if (target->type == UnitType::Fleet) {
                // Reaching it is reaching one of its coasts; none to name where it has none.
                if (!v.provinces[supported_to].coasts.empty() ||
                    !v.fleet_can_reach(target->location, supported_to))
                    return refused();
            } else if (!land(supported_to) ||
                       !v.army_can_move(target->location.province, supported_to)) {
                return refused();
            }
            order.target_destination = supported_to;
        }
        order.target = t;
        order.target_type = target->type;
    }
    return true;
}

}  // namespace adjutant
