// SPDX-License-Identifier: Apache-2.0
#include "orders/syntax.h"

#include <array>
#include <cstdint>
#include <optional>

#include "module/rule_module.h"
#include "orders/order_language.h"
#include "orders/order_reader.h"

namespace adjutant {

namespace {

// What a core word may begin: an order (as its first word) or a unit's action (after the unit).
// Found by one look in a table instead of a word compared with each word of each form in
// turn (two dozen compares for a move). The forms' words do not overlap, so the order in which
// the forms are tried does not change which one a word begins.
enum class Begins : std::uint8_t {
    Nothing,
    Waive,
    Permit,
    Build,
    Disband,
    Hold,
    Retreat,
    Support,
    Convoy
};

// By word id: every id a vocabulary gives, so that a module's word looks up Nothing.
using BeginsTable = std::array<Begins, 256>;

template <std::size_t N>
constexpr void mark(BeginsTable& table, Begins what, const Keyword (&words)[N]) {
    for (Keyword k : words) table[static_cast<std::size_t>(k)] = what;
}

// An order's first word: WAIVE, PERMIT, BUILD, DISBAND and their synonyms.
constexpr BeginsTable kOrderWords = [] {
    BeginsTable table{};
    mark(table, Begins::Waive, {Keyword::Waive, Keyword::Waives});
    mark(table, Begins::Permit, {Keyword::Permit, Keyword::Permits});
    mark(table, Begins::Build, {Keyword::Build, Keyword::Builds, Keyword::B});
    mark(table, Begins::Disband,
         {Keyword::Disband, Keyword::Disbands, Keyword::Remove, Keyword::Removes, Keyword::D});
    return table;
}();

// A unit's action: H, D, B, R, S, C and their synonyms.
constexpr BeginsTable kActionWords = [] {
    BeginsTable table{};
    mark(table, Begins::Hold,
         {Keyword::H, Keyword::Hold, Keyword::Holds, Keyword::Stand, Keyword::Stands});
    mark(table, Begins::Disband,
         {Keyword::D, Keyword::Disband, Keyword::Disbands, Keyword::Remove, Keyword::Removes});
    mark(table, Begins::Build, {Keyword::B, Keyword::Build, Keyword::Builds});
    mark(table, Begins::Retreat, {Keyword::R, Keyword::Retreat, Keyword::Retreats});
    mark(table, Begins::Support, {Keyword::S, Keyword::Support, Keyword::Supports});
    mark(table, Begins::Convoy, {Keyword::C, Keyword::Convoy, Keyword::Convoys});
    return table;
}();

Begins begins(const BeginsTable& table, const Token& token) {
    return table[token.word];
}

// The order syntax proper: the classic orders, and the rule modules' words at the two places
// where an order may take them (module/rule_module.h).
class Reader : public OrderReader {
  public:
    Reader(const OrderLanguage& language, const NameIndex& names, std::span<const Token> tokens)
        : OrderReader(names, tokens), language_(language) {}

    // The order is read straight into the result, which is returned from every path: read
    // into a local, it was moved into the result (its path vector, its optionals) per line.
    SyntaxResult run() {
        SyntaxResult out;
        OrderSyntax& order = out.order.emplace();
        if (!read(order)) {
            out.order.reset();
            out.error = error();
        } else if (!at_end()) {
            out.order.reset();
            out.error = "unexpected " + quoted(peek()) + " after the order";
        }
        return out;
    }

  private:
    // Offers the tokens to each of the modules' `readers` (their `Hook`) in the registry's
    // order. Whether one took them, and if so whether it read an order.
    template <auto Hook>
    std::optional<bool> module_order(std::span<const ModuleReader> readers, OrderSyntax& order) {
        // Most lines have no reader to offer them to: nothing below is made for them.
        if (readers.empty()) return std::nullopt;
        const std::size_t start = position();
        // What a reader's try is undone to. The hooks are offered an order with nothing read but
        // its unit (none yet for read_order), and a reader that answers NotMine leaves the order
        // alone, so the unit is all there is to keep: no copy of the whole order per line.
        const UnitRef unit = order.unit;
        std::string unclaimed;  // the first Unclaimed reader's error, if no reader takes it
        for (const ModuleReader& reader : readers) {
            use_module_words(reader.words);
            switch ((reader.module->*Hook)(*this, order)) {
                case SyntaxMatch::Read:
                    return true;
                case SyntaxMatch::Failed:
                    return false;
                case SyntaxMatch::Unclaimed:
                    if (unclaimed.empty()) unclaimed = error();
                    rewind(start);
                    order = OrderSyntax{};
                    order.unit = unit;
                    break;
                case SyntaxMatch::NotMine:
                    break;
            }
        }
        if (!unclaimed.empty()) return fail(std::move(unclaimed));
        return std::nullopt;
    }

    bool read(OrderSyntax& order) {
        if (at_end()) return fail("empty order");
        // A module's reader that declines leaves the reader where it was: the same first word.
        const Begins first = begins(kOrderWords, peek());
        if (first == Begins::Waive) {
            advance();
            order.kind = SyntaxKind::Waive;
            return true;
        }
        if (auto read =
                module_order<&RuleModule::read_order>(language_.order_readers(peek()), order))
            return *read;
        switch (first) {
            case Begins::Permit:
                advance();
                order.kind = SyntaxKind::Permit;
                return read_permit(order);
            case Begins::Build:
                advance();
                order.kind = SyntaxKind::Build;
                return read_unit(order.unit, "BUILD");
            case Begins::Disband:
                advance();
                order.kind = SyntaxKind::Disband;
                return read_unit(order.unit, "DISBAND");
            default:
                break;
        }
        if (!read_unit(order.unit, "")) return false;
        if (at_end()) return fail("no order for the unit: add H, -, S, C, R or D");
        return read_action(order);
    }

    bool read_action(OrderSyntax& order) {
        // Called with a token ahead. A module's reader that declines leaves the reader there.
        const Begins action = begins(kActionWords, peek());
        switch (action) {
            case Begins::Hold:
                advance();
                order.kind = SyntaxKind::Hold;
                return true;
            case Begins::Disband:
                advance();
                order.kind = SyntaxKind::Disband;
                return true;
            case Begins::Build:
                advance();
                order.kind = SyntaxKind::Build;
                return true;
            default:
                break;
        }
        if (auto read = module_order<&RuleModule::read_unit_action>(
                language_.unit_action_readers(peek()), order))
            return *read;
        switch (action) {
            case Begins::Retreat:
                advance();
                if (next_is(Keyword::To)) advance();
                order.kind = SyntaxKind::Retreat;
                return read_place(order.destination, "the retreat");
            case Begins::Support:
                advance();
                order.kind = SyntaxKind::Support;
                if (!read_target(order.target, "the support")) return false;
                if (next_is(Keyword::H, Keyword::Hold, Keyword::Holds)) {
                    advance();
                    return true;
                }
                if (!read_move_operator()) return true;  // support to hold
                order.target_destination.emplace();
                return read_place(*order.target_destination, "the supported move");
            case Begins::Convoy:
                advance();
                order.kind = SyntaxKind::Convoy;
                if (!read_target(order.target, "the convoy")) return false;
                if (!read_move_operator())
                    return fail("a convoy needs the army's destination, e.g. F NTH C A LON - NWY");
                order.target_destination.emplace();
                return read_place(*order.target_destination, "the convoy");
            default:
                break;
        }
        if (read_move_operator()) {
            // "A MOS - TSR - IRK": a named rail line between two dashes.
            if (!at_end() && ahead(1) != nullptr && ahead(1)->kind == TokenKind::Dash) {
                if (auto line = names().rail_line(peek())) {
                    advance(2);
                    order.kind = SyntaxKind::RailMove;
                    order.line = *line;
                    return read_place(order.destination, "the rail move");
                }
            }
            order.kind = SyntaxKind::Move;
            if (!read_place(order.destination, "the move")) return false;
            // "A YOR - NTH - BEL": an old-style convoy path; the last name is the destination.
            while (read_move_operator()) {
                order.path.push_back(order.destination.province);
                if (!read_place(order.destination, "the move")) return false;
            }
            if (next_is(Keyword::Via, Keyword::By)) {
                advance();
                if (!next_is(Keyword::Convoy)) return fail("expected 'convoy' after 'via'");
                advance();
                order.via_convoy = true;
            }
            return true;
        }
        return fail("expected H, -, S, C, R or D after the unit, found " + quoted(peek()));
    }

    // "PERMIT SUEZ Britain"; the canal's name may be left out when the map has only one.
    bool read_permit(OrderSyntax& order) {
        if (at_end()) return fail("PERMIT needs a canal and a power, e.g. PERMIT SUEZ Britain");
        if (auto canal = names().canal(peek())) {
            order.line = *canal;
            advance();
        } else if (names().canal_count() == 1) {
            order.line = 0;
        } else {
            return fail(names().canal_count() == 0 ? "this map has no canal"
                                                   : "PERMIT needs the canal's name");
        }
        if (at_end()) return fail("PERMIT needs the power whose fleets may pass");
        const NameIndex::Match power = power_here();
        if (!power.found) return fail("unknown power " + quoted(peek()));
        order.permitted = static_cast<PowerId>(power.id);
        advance(power.end - position());
        return true;
    }

    const OrderLanguage& language_;
};

}  // namespace

std::string quoted(const Token& token) {
    // Appended rather than "'" + ...: GCC 12 warns falsely (-Wrestrict) on that form.
    std::string out(1, '\'');
    out += printable(token.text);
    out += '\'';
    return out;
}

SyntaxResult read_order(const OrderLanguage& language, const NameIndex& names,
                        std::span<const Token> tokens) {
    return Reader(language, names, tokens).run();
}

}  // namespace adjutant
