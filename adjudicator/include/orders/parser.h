// SPDX-License-Identifier: Apache-2.0
// The order parser: text as players write it -> one verdict per line.
//
// The grammar is written at the top of orders/parser.cpp; docs/orders.md gives the language in
// prose with every synonym.
//
// Every non-blank, non-comment line yields a verdict: accepted with its canonical order, or an
// error naming the problem. Legality is judged against the position and its phase, following
// DATC chapter 4 on illegal versus failing orders. A bad line never discards the others. Two
// orders for one unit: the later one wins and both verdicts say so.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "orders/order.h"

namespace adjutant {

struct Variant;
struct Position;

// An order judged by the rules of its phase: legality writes one (orders/legality.h), a rule
// module's `check` hook returns one (module/rule_module.h), and each line's verdict is one.
struct Checked {
    std::optional<Order> order;  // set when legal (accepted)
    std::string error;           // set when not
    // e.g. a written unit letter that was ignored, or "replaced by line 7"; may accompany an
    // accepted order
    std::string note;

    // A refusal: no order, and why.
    static Checked refused(std::string error) {
        return Checked{std::nullopt, std::move(error), {}};
    }
};

// One line's verdict: the order judged (its order, error and note), and the line. Its texts are
// made when a caller asks: the echo from the submission, which the parse keeps once for all its
// verdicts (so a verdict outlives the caller's text and can be copied or moved into another
// parse's list), and the canonical text from the order.
struct OrderVerdict : Checked {
    int line = 0;  // 1-based line number in the input
    PowerId power = kNoPower;

    bool accepted() const { return order.has_value() && error.empty(); }
    // The line as written, trimmed; escaped (\xNN) where it is not printable UTF-8, so it is
    // safe to store and echo (JSON, mail).
    std::string input() const;
    // The canonical text of the order when accepted ("A PAR - BUR"); empty when rejected.
    std::string canonical(const Variant& variant) const;

    // Where input() reads: the submission's bytes as the parse kept them (shared by the
    // parse's verdicts; immutable) and the line's place in them. Set by the parser.
    std::shared_ptr<const char[]> submission;
    std::size_t input_at = 0;
    std::size_t input_size = 0;
};

struct ParsedOrders {
    std::vector<OrderVerdict> verdicts;  // in input order
    std::vector<Order> orders;           // the accepted orders in force (last one per unit wins)
};

// One seat's submission for OrderParser::parse_seats: what the seat sent, and where its lines
// landed in the phase's lists.
struct SeatSubmission {
    std::string_view text;     // in: the seat's text, in the bytes of parse_seats' `owner`
    PowerId power = kNoPower;  // in: the power the seat orders for
    // out: where the seat's verdicts and orders in force end in the lists (they begin where
    // the seat before ended): a failed seat's end is its beginning.
    std::size_t verdicts_end = 0;
    std::size_t orders_end = 0;
    std::string error;  // out: why the seat's parse failed (its lines taken off), or empty
};

class NameIndex;
class OrderLanguage;
struct RuleModule;

// A parser bound to one variant. Building it indexes every province and power name once, and
// the words and syntax hooks of the rule modules registered then (orders/order_language.h), so
// a server or benchmark keeps one per variant and parses many submissions with it. A parse
// changes nothing in it and keeps nothing between calls, so threads may parse with one parser at
// once; the variant must outlive it.
class OrderParser {
  public:
    explicit OrderParser(const Variant& variant);
    ParsedOrders parse(const Position& position, std::string_view text,
                       PowerId as_power = kNoPower) const;
    // The same into `out`, which is emptied first and keeps its room. When `owner` is given,
    // `text` lies in its bytes (which must not change) and the verdicts share it; otherwise the
    // parse copies `text` once for its verdicts.
    void parse_into(ParsedOrders& out, const Position& position, std::string_view text,
                    PowerId as_power = kNoPower, std::shared_ptr<const char[]> owner = {}) const;
    // The same onto the end of `out`, which is not emptied: the verdicts and the orders in
    // force are appended after those already there, as if this submission had been parsed
    // alone and its lists joined to `out`'s (its lines numbered from 1, its one order per unit
    // among its own lines). The server parses each seat's submission straight onto the phase's
    // lists. When the parse throws, `out` is left as it was.
    void parse_onto(ParsedOrders& out, const Position& position, std::string_view text,
                    PowerId as_power = kNoPower, std::shared_ptr<const char[]> owner = {}) const;
    // Every seat's submission onto the end of `out`, in the seats' order, as parse_onto for
    // each in turn would (the server's resolution parses a phase's seats so). A seat whose
    // parse throws a std::exception has its lines taken off again and the message in its
    // `error`, and the next seat is read: one seat's failure is the resolution's to report, not
    // the phase's.
    // `owner`, when given, holds every seat's text (SharedTexts), and the verdicts share it.
    void parse_seats(ParsedOrders& out, const Position& position, std::span<SeatSubmission> seats,
                     const std::shared_ptr<const char[]>& owner = {}) const;
    // Whether `order`, one order's text without its power ("T LIE SUPPLY A LOU EVERY WEEK", as
    // a phase's record stores it), is of a kind whose content is supply (a rule module's kind
    // that says so: a train's dispatch, a standing supply order, trains or a flotilla bought,
    // the policy for enemy trains, a garrison's half rations). Read by its words alone, not
    // judged against a position: the fog of war keeps such orders to their power
    // (docs/fog-of-war.md, "Orders that carry supply"). False for words that read as no order.
    bool is_supply_order(std::string_view order) const;

  private:
    const Variant& variant_;
    std::shared_ptr<const NameIndex> names_;
    std::shared_ptr<const OrderLanguage> language_;
    std::vector<const RuleModule*> conflict_modules_;  // the enabled modules with `conflict`
    std::vector<const RuleModule*> refuse_modules_;    // and with `refuse`
};

// One-off convenience: builds an OrderParser and parses.
// `as_power`: kNoPower when every line names its power (a GM or the CLI); otherwise the lines
// are that player's orders, a "Power:" prefix naming another power is an error, and orders for
// other powers' units are rejected.
ParsedOrders parse_orders(const Variant& variant, const Position& position, std::string_view text,
                          PowerId as_power = kNoPower);

}  // namespace adjutant
