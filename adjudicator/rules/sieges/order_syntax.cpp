// SPDX-License-Identifier: Apache-2.0
// The siege orders as players write them (docs/sieges.md, "Orders"), and their canonical text:
//   A VER BESIEGE | LIFT [SIEGE] | ASSAULT (STORM) | BREACH   the besieging army's orders
//   G VER SORTIE | HALF RATIONS | STAND                      the garrison's
//   G REI S A CHA - REI                                      the garrison aids a relief (5n)
#include "orders/order_reader.h"
#include "rules/sieges/sieges.h"
#include "rules/sieges/words.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace {

SyntaxMatch read_kind(OrderReader& r, OrderSyntax& order, const ModuleOrderKind& kind,
                      std::size_t words = 1) {
    r.advance(words);
    set_module_kind(order, kind);
    return SyntaxMatch::Read;
}

// After "G VER": the garrison's order.
SyntaxMatch read_garrison_order(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["sortie"], kWords["sorties"])) return read_kind(r, order, kSortie);
    if (r.next_is(kWords["half"]) && r.ahead_is(1, kWords["rations"]))
        return read_kind(r, order, kHalfRations, 2);
    if (r.next_is(kWords["stand"], kWords["stands"])) return read_kind(r, order, kStand);
    // "G REI S A CHA - REI": the garrison comes out to aid a relieving army (5n).
    if (r.next_is(kWords["s"], kWords["support"], kWords["supports"])) {
        read_kind(r, order, kGarrisonSupport);
        if (!r.read_target(order.target, "the garrison's support")) return SyntaxMatch::Failed;
        if (!r.read_move_operator()) {
            r.fail(
                "a garrison supports only a relieving move into its fortress, e.g. "
                "G REI S A CHA - REI");
            return SyntaxMatch::Failed;
        }
        order.target_destination.emplace();
        return r.read_place(*order.target_destination, "the supported move") ? SyntaxMatch::Read
                                                                             : SyntaxMatch::Failed;
    }
    r.fail("a garrison may only SORTIE, go on HALF RATIONS, STAND or support a relieving move (S)");
    return SyntaxMatch::Failed;
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["g"], kWords["garrison"]};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(kWords["g"], kWords["garrison"])) return SyntaxMatch::NotMine;
    r.advance();
    if (!r.read_place(order.unit.place, nullptr)) return SyntaxMatch::Failed;
    return read_garrison_order(r, order);
}

constexpr ModuleWord kUnitActionWords[] = {
    kWords["besiege"],  kWords["besieges"], kWords["lift"],   kWords["lifts"],  kWords["assault"],
    kWords["assaults"], kWords["storm"],    kWords["storms"], kWords["breach"], kWords["breaches"]};
const SyntaxStart kUnitActionStart{kUnitActionWords};

SyntaxMatch read_unit_action(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["besiege"], kWords["besieges"])) return read_kind(r, order, kBesiege);
    if (r.next_is(kWords["lift"], kWords["lifts"])) {
        read_kind(r, order, kLiftSiege);
        if (r.next_is(kWords["siege"])) r.advance();
        return SyntaxMatch::Read;
    }
    if (r.next_is(kWords["assault"], kWords["assaults"], kWords["storm"], kWords["storms"]))
        return read_kind(r, order, kAssault);
    if (r.next_is(kWords["breach"], kWords["breaches"])) return read_kind(r, order, kBreach);
    return SyntaxMatch::NotMine;
}

std::string besieger_text(const Variant& v, const Order& o) {
    const char* word = is(o, kBesiege)     ? " BESIEGE"
                       : is(o, kLiftSiege) ? " LIFT"
                       : is(o, kAssault)   ? " ASSAULT"
                                           : " BREACH";
    return unit_text(v, o.unit_type, o.unit) + word;
}

std::string garrison_text(const Variant& v, const Order& o) {
    const std::string garrison = "G " + v.location_text(o.unit);
    if (is(o, kSortie)) return garrison + " SORTIE";
    if (is(o, kHalfRations)) return garrison + " HALF RATIONS";
    if (is(o, kStand)) return garrison + " STAND";
    return garrison + " S " + unit_text(v, o.target_type, Location{o.target, Coast::None}) + " - " +
           v.location_text(Location{o.target_destination, Coast::None});
}

}  // namespace adjutant::sieges
