#include "orders/syntax.h"

#include <initializer_list>

namespace adjutant {

namespace {

bool is_any(const Token& token, std::initializer_list<std::string_view> words) {
    for (std::string_view w : words)
        if (is_word(token, w)) return true;
    return false;
}

// Recursive-descent reader over one order's tokens. Every reader either advances and returns
// true, or sets `error` and returns false; the first error ends the order.
class Reader {
  public:
    Reader(const NameIndex& names, std::span<const Token> tokens)
        : names_(names), tokens_(tokens) {}

    SyntaxResult run() {
        OrderSyntax order;
        if (!read(order)) return SyntaxResult{std::nullopt, error_};
        if (!at_end())
            return SyntaxResult{std::nullopt, "unexpected " + quoted(peek()) + " after the order"};
        return SyntaxResult{order, ""};
    }

  private:
    bool at_end() const { return pos_ >= tokens_.size(); }
    const Token& peek() const { return tokens_[pos_]; }
    bool next_is(std::initializer_list<std::string_view> words) const {
        return !at_end() && is_any(peek(), words);
    }
    bool fail(std::string message) {
        error_ = std::move(message);
        return false;
    }

    bool read(OrderSyntax& order) {
        if (at_end()) return fail("empty order");
        if (next_is({"waive", "waives"})) {
            ++pos_;
            order.kind = SyntaxKind::Waive;
            return true;
        }
        if (next_is({"capture", "destroy"}) && pos_ + 1 < tokens_.size() &&
            is_word(tokens_[pos_ + 1], "trains")) {
            order.kind = SyntaxKind::TrainPolicy;
            order.count = is_word(peek(), "destroy") ? 1 : 0;
            pos_ += 2;
            return true;
        }
        if (next_is({"buy", "buys"})) {
            ++pos_;
            return read_purchase(order);
        }
        // "T BER SUPPLY A DRE": a supply train dispatched to an army.
        if (next_is({"t", "train"}) && pos_ + 2 < tokens_.size()) {
            const std::size_t start = pos_;
            ++pos_;
            PlaceRef city;
            if (read_place(city, "the train") && next_is({"supply", "supplies"})) {
                ++pos_;
                order.kind = SyntaxKind::Dispatch;
                order.unit.place = city;
                if (!read_target(order.target, "the supply train")) return false;
                // A standing order: "... EVERY WEEK" sets it, "... STOP" ends it.
                if (next_is({"every"}) && pos_ + 1 < tokens_.size() &&
                    is_word(tokens_[pos_ + 1], "week")) {
                    pos_ += 2;
                    order.count = 1;
                } else if (next_is({"stop"})) {
                    ++pos_;
                    order.count = -1;
                }
                return true;
            }
            pos_ = start;  // not a dispatch: read it as an ordinary order
            error_.clear();
        }
        // "G VER SORTIE", "G VER HALF RATIONS", "G MET STAND", "G VER S A STM - VER": orders of
        // the garrison inside a fortress.
        if (next_is({"g", "garrison"})) {
            ++pos_;
            if (!read_place(order.unit.place, nullptr)) return false;
            if (next_is({"sortie", "sorties"})) {
                ++pos_;
                order.kind = SyntaxKind::Sortie;
                return true;
            }
            if (next_is({"half"}) && pos_ + 1 < tokens_.size() &&
                is_word(tokens_[pos_ + 1], "rations")) {
                pos_ += 2;
                order.kind = SyntaxKind::HalfRations;
                return true;
            }
            if (next_is({"stand", "stands"})) {
                ++pos_;
                order.kind = SyntaxKind::Stand;
                return true;
            }
            // "G REI S A CHA - REI": the garrison comes out to aid a relieving army (5n).
            if (next_is({"s", "support", "supports"})) {
                ++pos_;
                order.kind = SyntaxKind::GarrisonSupport;
                if (!read_target(order.target, "the garrison's support")) return false;
                if (!read_move_operator())
                    return fail(
                        "a garrison supports only a relieving move into its fortress, e.g. "
                        "G REI S A CHA - REI");
                order.target_destination.emplace();
                return read_place(*order.target_destination, "the supported move");
            }
            return fail(
                "a garrison may only SORTIE, go on HALF RATIONS, STAND or support a relieving "
                "move (S)");
        }
        if (next_is({"permit", "permits"})) {
            ++pos_;
            order.kind = SyntaxKind::Permit;
            return read_permit(order);
        }
        if (next_is({"build", "builds", "b"})) {
            ++pos_;
            order.kind = SyntaxKind::Build;
            return read_unit(order.unit, "BUILD");
        }
        if (next_is({"disband", "disbands", "remove", "removes", "d"})) {
            ++pos_;
            order.kind = SyntaxKind::Disband;
            return read_unit(order.unit, "DISBAND");
        }
        if (!read_unit(order.unit, "")) return false;
        if (at_end()) return fail("no order for the unit: add H, -, S, C, R or D");
        return read_action(order);
    }

    bool read_action(OrderSyntax& order) {
        if (next_is({"h", "hold", "holds", "stand", "stands"})) {
            ++pos_;
            order.kind = SyntaxKind::Hold;
            return true;
        }
        if (next_is({"d", "disband", "disbands", "remove", "removes"})) {
            ++pos_;
            order.kind = SyntaxKind::Disband;
            return true;
        }
        if (next_is({"b", "build", "builds"})) {
            ++pos_;
            order.kind = SyntaxKind::Build;
            return true;
        }
        if (next_is({"demolish", "demolishes", "repair", "repairs"})) {
            order.kind =
                next_is({"demolish", "demolishes"}) ? SyntaxKind::Demolish : SyntaxKind::Repair;
            ++pos_;
            return read_place(order.destination, "the rail works");
        }
        if (next_is({"besiege", "besieges"})) {
            ++pos_;
            order.kind = SyntaxKind::Besiege;
            return true;
        }
        if (next_is({"lift", "lifts"})) {
            ++pos_;
            if (next_is({"siege"})) ++pos_;
            order.kind = SyntaxKind::LiftSiege;
            return true;
        }
        if (next_is({"assault", "assaults", "storm", "storms"})) {
            ++pos_;
            order.kind = SyntaxKind::Assault;
            return true;
        }
        if (next_is({"breach", "breaches"})) {
            ++pos_;
            order.kind = SyntaxKind::Breach;
            return true;
        }
        if (next_is({"r", "retreat", "retreats"})) {
            ++pos_;
            if (next_is({"to"})) ++pos_;
            order.kind = SyntaxKind::Retreat;
            return read_place(order.destination, "the retreat");
        }
        if (next_is({"s", "support", "supports"})) {
            ++pos_;
            order.kind = SyntaxKind::Support;
            if (!read_target(order.target, "the support")) return false;
            if (next_is({"h", "hold", "holds"})) {
                ++pos_;
                return true;
            }
            if (!read_move_operator()) return true;  // support to hold
            order.target_destination.emplace();
            return read_place(*order.target_destination, "the supported move");
        }
        if (next_is({"c", "convoy", "convoys"})) {
            ++pos_;
            order.kind = SyntaxKind::Convoy;
            if (!read_target(order.target, "the convoy")) return false;
            if (!read_move_operator())
                return fail("a convoy needs the army's destination, e.g. F NTH C A LON - NWY");
            order.target_destination.emplace();
            return read_place(*order.target_destination, "the convoy");
        }
        if (read_move_operator()) {
            // "A MOS - TSR - IRK": a named rail line between two dashes.
            if (!at_end() && pos_ + 1 < tokens_.size() &&
                tokens_[pos_ + 1].kind == TokenKind::Dash) {
                if (auto line = names_.rail_line(peek())) {
                    pos_ += 2;
                    order.kind = SyntaxKind::RailMove;
                    order.line = *line;
                    return read_place(order.destination, "the rail move");
                }
                // "A KOL - RAIL - LIE": over the rail network rather than a named line.
                if (is_word(peek(), "rail")) {
                    pos_ += 2;
                    order.kind = SyntaxKind::RailMove;
                    order.line = kNetworkRail;
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
            if (next_is({"via", "by"})) {
                ++pos_;
                if (!next_is({"convoy"})) return fail("expected 'convoy' after 'via'");
                ++pos_;
                order.via_convoy = true;
            }
            return true;
        }
        return fail("expected H, -, S, C, R or D after the unit, found " + quoted(peek()));
    }

    // "BUY 2 T PAR" (the number may be left out: one train).
    bool read_purchase(OrderSyntax& order) {
        order.kind = SyntaxKind::Purchase;
        order.count = 1;
        if (!at_end() && peek().kind == TokenKind::Word && !peek().text.empty() &&
            peek().text.front() >= '0' && peek().text.front() <= '9') {
            order.count = 0;
            for (char c : peek().text) {
                if (c < '0' || c > '9' || order.count > 1000)
                    return fail("BUY takes a number of trains, e.g. BUY 2 T PAR");
                order.count = order.count * 10 + (c - '0');
            }
            ++pos_;
        }
        if (!next_is({"t", "train", "trains"})) return fail("BUY buys supply trains: BUY 2 T PAR");
        ++pos_;
        return read_place(order.unit.place, "BUY");
    }

    // "PERMIT SUEZ Britain"; the canal's name may be left out when the map has only one.
    bool read_permit(OrderSyntax& order) {
        if (at_end()) return fail("PERMIT needs a canal and a power, e.g. PERMIT SUEZ Britain");
        if (auto canal = names_.canal(peek())) {
            order.line = *canal;
            ++pos_;
        } else if (names_.canal_count() == 1) {
            order.line = 0;
        } else {
            return fail(names_.canal_count() == 0 ? "this map has no canal"
                                                  : "PERMIT needs the canal's name");
        }
        if (at_end()) return fail("PERMIT needs the power whose fleets may pass");
        const NameIndex::Match power = names_.power(tokens_, pos_);
        if (!power.found) return fail("unknown power " + quoted(peek()));
        order.permitted = static_cast<PowerId>(power.id);
        pos_ = power.end;
        return true;
    }

    // "-", "->", "to", "move", "moves", "move to", "moves to".
    bool read_move_operator() {
        if (at_end()) return false;
        if (peek().kind == TokenKind::Dash || is_word(peek(), "to")) {
            ++pos_;
            return true;
        }
        if (next_is({"move", "moves"})) {
            ++pos_;
            if (next_is({"to"})) ++pos_;
            return true;
        }
        return false;
    }

    // The supported or convoyed unit, optionally preceded by its nationality, which is ignored
    // (DATC 4.C.5, 4.C.6).
    bool read_target(UnitRef& target, const char* what) {
        if (at_end()) return fail(std::string("missing unit for ") + what);
        if (peek().kind == TokenKind::Word && !names_.province(tokens_, pos_).found) {
            NameIndex::Match power = names_.power(tokens_, pos_);
            if (power.found) pos_ = power.end;
        }
        return read_unit(target, what);
    }

    bool read_unit(UnitRef& unit, const char* after) {
        if (next_is({"a", "army"})) {
            unit.type = UnitType::Army;
            ++pos_;
        } else if (next_is({"f", "fleet"})) {
            unit.type = UnitType::Fleet;
            ++pos_;
        }
        if (at_end())
            return fail(*after ? std::string("missing unit after ") + after
                               : std::string("missing province"));
        return read_place(unit.place, nullptr);
    }

    bool read_place(PlaceRef& place, const char* what) {
        if (at_end())
            return fail(what ? std::string("missing destination for ") + what
                             : std::string("missing province"));
        NameIndex::Match m = names_.province(tokens_, pos_);
        if (!m.found) {
            if (peek().kind == TokenKind::Word) return fail("unknown province " + quoted(peek()));
            return fail("expected a province, found " + quoted(peek()));
        }
        place.province = static_cast<ProvinceId>(m.id);
        pos_ = m.end;
        return read_coast(place);
    }

    // "/nc", "/north coast", "(nc)", "(north coast)", " nc", " north coast".
    bool read_coast(PlaceRef& place) {
        if (at_end()) return true;
        if (peek().kind == TokenKind::Slash) {
            ++pos_;
            return read_coast_words(place);
        }
        if (peek().kind == TokenKind::LParen) {
            ++pos_;
            if (!read_coast_words(place)) return false;
            if (at_end() || peek().kind != TokenKind::RParen)
                return fail("missing ')' after coast");
            ++pos_;
            return true;
        }
        // A bare coast word. A province name cannot follow a place in any order, so "north"
        // here is a coast even though it is also an alias of the North Sea.
        if (peek().kind == TokenKind::Word) {
            std::size_t save = pos_;
            if (read_coast_words(place)) return true;
            pos_ = save;
            error_.clear();
        }
        return true;
    }

    bool read_coast_words(PlaceRef& place) {
        if (at_end() || peek().kind != TokenKind::Word) return fail("missing coast");
        const Token& first = peek();
        if (pos_ + 1 < tokens_.size() && is_word(tokens_[pos_ + 1], "coast")) {
            if (auto coast = coast_from_code(first.text)) {
                place.coast = coast;
                pos_ += 2;
                return true;
            }
        }
        if (auto coast = coast_from_code(first.text)) {
            place.coast = coast;
            ++pos_;
            return true;
        }
        return fail("unknown coast " + quoted(first));
    }

    const NameIndex& names_;
    std::span<const Token> tokens_;
    std::size_t pos_ = 0;
    std::string error_;
};

}  // namespace

std::string quoted(const Token& token) {
    // Appended rather than "'" + ...: GCC 12 warns falsely (-Wrestrict) on that form.
    std::string out(1, '\'');
    out += printable(token.text);
    out += '\'';
    return out;
}

SyntaxResult read_order(const NameIndex& names, std::span<const Token> tokens) {
    return Reader(names, tokens).run();
}

}  // namespace adjutant
