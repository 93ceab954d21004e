// SPDX-License-Identifier: Apache-2.0
// The reinforcements orders as players write them, and their canonical text:
//   RAISE 300 A KOL          also "RAISE A KOL 300", "raise an army of 300 at Koln"
//   RAISE 300 A LIE BY RAIL  also "RAISE 300 A KOL - RAIL - LIE" naming the map-edge source
//   REINFORCE A PAR 100      also "REINFORCE A PAR WITH 100"; G PAR for the garrison
#include "orders/order_reader.h"
#include "rules/reinforcements/reinforcements.h"
#include "rules/reinforcements/words.h"
#include "variant/variant.h"

namespace adjutant::reinforcements {

namespace {

// A whole number of points, at most a million, where the reader stands.
bool read_points(OrderReader& r, OrderSyntax& order, const char* example) {
    if (r.at_end() || r.peek().kind != TokenKind::Word || r.peek().text.empty())
        return r.fail(std::string("the points are a number: ") + example);
    std::int64_t points = 0;
    for (char c : r.peek().text) {
        if (c < '0' || c > '9' || points > 1'000'000)
            return r.fail(std::string("the points are a number: ") + example);
        points = points * 10 + (c - '0');
    }
    r.advance();
    order.count = static_cast<std::int32_t>(points);
    return true;
}

bool is_number(const Token* token) {
    return token != nullptr && token->kind == TokenKind::Word && !token->text.empty() &&
           token->text.front() >= '0' && token->text.front() <= '9';
}

// "BY RAIL" after a RAISE: the army comes by rail from the map edge (OCS rail movement).
bool read_by_rail(OrderReader& r) {
    if (!r.next_is(kWords["by"]) || !r.ahead_is(1, kWords["rail"])) return false;
    r.advance(2);
    return true;
}

// "- RAIL - LIE" after the source of a RAISE: the railhead the army comes on to.
SyntaxMatch read_rail_leg(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    if (!r.read_move_operator() || !r.next_is(kWords["rail"]) || r.ahead(1) == nullptr ||
        r.ahead(1)->kind != TokenKind::Dash) {
        r.rewind(start);
        return SyntaxMatch::NotMine;
    }
    r.advance(2);
    order.path.assign(1, order.unit.place.province);  // the source
    set_module_kind(order, kRaiseByRail);
    return r.read_place(order.unit.place, "RAISE") ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

SyntaxMatch read_raise(OrderReader& r, OrderSyntax& order) {
    constexpr const char* kExample = "RAISE 300 A KOL";
    set_module_kind(order, kRaise);
    // "an army of 300 at": the words around the number and the place are optional.
    if (r.next_is(kWords["an"]) && r.ahead_is(1, kWords["army"])) r.advance(2);
    if (r.next_is(kWords["of"])) r.advance();
    const bool number_first = is_number(r.ahead(0));
    if (number_first && !read_points(r, order, kExample)) return SyntaxMatch::Failed;
    if (r.next_is(kWords["a"], kWords["army"])) r.advance();
    if (r.next_is(kWords["at"], kWords["in"])) r.advance();
    if (!r.read_place(order.unit.place, "RAISE")) return SyntaxMatch::Failed;
    const SyntaxMatch leg = read_rail_leg(r, order);
    if (leg == SyntaxMatch::Failed) return leg;
    if (!number_first) {
        if (r.next_is(kWords["with"], kWords["of"])) r.advance();
        if (!read_points(r, order, kExample)) return SyntaxMatch::Failed;
    }
    if (leg == SyntaxMatch::NotMine && read_by_rail(r)) set_module_kind(order, kRaiseByRail);
    return SyntaxMatch::Read;
}

SyntaxMatch read_reinforce(OrderReader& r, OrderSyntax& order) {
    constexpr const char* kExample = "REINFORCE A PAR 100";
    if (r.next_is(kWords["g"], kWords["garrison"]))
        set_module_kind(order, kReinforceGarrison);
    else if (r.next_is(kWords["a"], kWords["army"]))
        set_module_kind(order, kReinforceArmy);
    else {
        r.fail(std::string("REINFORCE names an army or a garrison: ") + kExample);
        return SyntaxMatch::Failed;
    }
    r.advance();
    if (!r.read_place(order.unit.place, "REINFORCE")) return SyntaxMatch::Failed;
    if (r.next_is(kWords["with"], kWords["by"])) r.advance();
    return read_points(r, order, kExample) ? SyntaxMatch::Read : SyntaxMatch::Failed;
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["raise"], kWords["raises"], kWords["reinforce"],
                                      kWords["reinforces"]};
const SyntaxStart kOrderStart{kOrderWords};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (r.next_is(kWords["raise"], kWords["raises"])) {
        r.advance();
        return read_raise(r, order);
    }
    if (r.next_is(kWords["reinforce"], kWords["reinforces"])) {
        r.advance();
        return read_reinforce(r, order);
    }
    return SyntaxMatch::NotMine;
}

std::string order_text(const Variant& v, const Order& o) {
    const std::string points = std::to_string(o.count);
    if (is(o, kRaise)) return "RAISE " + points + " A " + v.location_text(o.unit);
    if (is(o, kRaiseByRail))
        return o.target != kNoProvince
                   ? "RAISE " + points + " A " + v.provinces[o.target].abbr + " - RAIL - " +
                         v.location_text(o.unit)
                   : "RAISE " + points + " A " + v.location_text(o.unit) + " BY RAIL";
    return std::string("REINFORCE ") + (is(o, kReinforceGarrison) ? "G " : "A ") +
           v.location_text(o.unit) + " " + points;
}

}  // namespace adjutant::reinforcements
