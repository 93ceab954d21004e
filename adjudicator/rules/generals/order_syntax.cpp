// SPDX-License-Identifier: Apache-2.0
// The transfer as players write it (docs/orders.md, "Campaign orders"), and its canonical text:
//   G3 - A AAC     (also TRANSFER G3 TO A AAC, G3 TRANSFERS TO ARMY AACHEN, GENERAL 3 - G MET)
// 4g "The abbreviation for these for order purposes is G1 to G20": a general is named by his
// rank, G and the number in one word, or GENERAL and the number. (G and a space begin a
// garrison's order, G VER SORTIE.)
#include "orders/order_reader.h"
#include "rules/generals/generals.h"
#include "rules/generals/words.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

// The transfer as written, before legality says whether it goes to an army or a garrison.
const ModuleOrderKind kTransfer{"transfer", false, check_order, order_text};

constexpr const char* kForm = "a general's transfer reads G3 - A AAC (or G3 - G MET)";

// A rank: digits only, 1 to 99.
bool rank_from(std::string_view digits, int& rank) {
    if (digits.empty() || digits.size() > 2) return false;
    rank = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return false;
        rank = rank * 10 + (c - '0');
    }
    return rank > 0;
}

// "G3", or "GENERAL 3" / "GENERAL G3".
bool read_rank(OrderReader& r, int& rank) {
    if (r.at_end() || r.peek().kind != TokenKind::Word) return false;
    std::string_view word = r.peek().text;
    if (r.next_is(kWords["general"])) {
        const Token* number = r.ahead(1);
        if (number == nullptr || number->kind != TokenKind::Word) return false;
        word = number->text;
        if (!word.empty() && (word.front() == 'g' || word.front() == 'G')) word.remove_prefix(1);
        if (!rank_from(word, rank)) return false;
        r.advance(2);
        return true;
    }
    if (word.size() < 2 || (word.front() != 'g' && word.front() != 'G')) return false;
    if (!rank_from(word.substr(1), rank)) return false;
    r.advance();
    return true;
}

}  // namespace

constexpr ModuleWord kOrderWords[] = {kWords["transfer"], kWords["general"]};
const SyntaxStart kOrderStart{.words = kOrderWords, .other_word = true};

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    const std::size_t start = r.position();
    const bool written = r.next_is(kWords["transfer"]);
    if (written) r.advance();
    int rank = 0;
    if (!read_rank(r, rank)) {
        if (!written) {
            r.rewind(start);
            return SyntaxMatch::NotMine;
        }
        r.fail(std::string("TRANSFER takes a general by rank: ") + kForm);
        return SyntaxMatch::Failed;
    }
    set_module_kind(order, kTransfer);
    order.count = rank;
    if (r.next_is(kWords["transfer"], kWords["transfers"])) r.advance();
    if (!r.read_move_operator()) {
        r.fail(kForm);
        return SyntaxMatch::Failed;
    }
    if (r.next_is(kWords["a"], kWords["army"])) {
        order.target.type = UnitType::Army;
    } else if (!r.next_is(kWords["g"], kWords["garrison"])) {
        r.fail(std::string("name the command he goes to, A or G and its province: ") + kForm);
        return SyntaxMatch::Failed;
    }
    r.advance();
    // A garrison is no unit type: the target's type stays unset for one.
    return r.read_place(order.target.place, "the general's transfer") ? SyntaxMatch::Read
                                                                      : SyntaxMatch::Failed;
}

std::string order_text(const Variant& v, const Order& o) {
    return rank_text(o.count) + " - " + command_text(v, is(o, kToGarrison), o.destination.province);
}

}  // namespace adjutant::generals
