// SPDX-License-Identifier: Apache-2.0
// The driver: splits a submission into lines, reads power prefixes and blocks, hands each order
// to the syntax (syntax.cpp) and the legality of its phase (legality_*.cpp), and applies the
// one-order-per-unit rule.
//
// The language, as this file and the ones it calls read it (docs/orders.md says it in prose,
// with every synonym). Case is ignored everywhere; a word is a run of ASCII letters, digits and
// apostrophes (lexer.h); spaces, tabs, '.' and ',' only separate tokens. Alternatives are tried
// in the order written.
//
//   submission   = { line "\n" } [ line ] ;
//   line         = blank | comment | block-header | [ power-prefix ] order ;
//   blank        = { space } ;                            (no verdict)
//   comment      = ( "#" | "//" ) { any byte } ;           (no verdict)
//   block-header = power ":" ;        (sets the power of the unprefixed lines below it)
//   power-prefix = power ":" ;
//   power        = a power's name or adjective ;           (names.h: the longest wins)
//
//   order        = ( "WAIVE" | "WAIVES" )
//                | module-order                            (a module's read_order hook)
//                | ( "PERMIT" | "PERMITS" ) [ canal ] power
//                | build-word unit
//                | disband-word unit
//                | unit action ;
//   action       = hold-word | disband-word | build-word
//                | module-action                           (a module's read_unit_action hook)
//                | retreat-word [ "TO" ] place
//                | support-word target [ ( "H" | "HOLD" | "HOLDS" ) | move-op place ]
//                | convoy-word target move-op place
//                | move-op rail-line dash place             (a named rail line: Colonial)
//                | move-op place { move-op place } [ ( "VIA" | "BY" ) "CONVOY" ] ;
//
//   unit         = [ "A" | "ARMY" | "F" | "FLEET" ] place ;
//   target       = [ power ] unit ;     (a nationality, read when the word names no province)
//   place        = province [ coast ] ;
//   province     = a province's abbreviation, name or alias ;   (names.h: the longest wins;
//                  "Mid-Atlantic": a dash with no space around it joins a name's words)
//   coast        = "/" coast-word | "(" coast-word ")" | coast-word ;
//   coast-word   = ( "NC" | "NORTH" | "SC" | "SOUTH" | "EC" | "EAST" | "WC" | "WEST" )
//                  [ "COAST" ] ;
//   move-op      = dash | "TO" | ( "MOVE" | "MOVES" ) [ "TO" ] ;
//   dash         = "-" | "->" | en dash | em dash | right arrow ;
//
//   hold-word    = "H" | "HOLD" | "HOLDS" | "STAND" | "STANDS" ;
//   retreat-word = "R" | "RETREAT" | "RETREATS" ;
//   support-word = "S" | "SUPPORT" | "SUPPORTS" ;
//   convoy-word  = "C" | "CONVOY" | "CONVOYS" ;
//   build-word   = "B" | "BUILD" | "BUILDS" ;
//   disband-word = "D" | "DISBAND" | "DISBANDS" | "REMOVE" | "REMOVES" ;
//
// The rule modules plug in at two places only: `module-order`, offered every order but WAIVE
// before the core's forms, and `module-action`, offered the tokens after the unit before the
// core's actions but after hold, disband and build. A module's words are its own
// (RuleModule::words; the parser's vocabulary holds them beside the core's, order_language.h).
// Each hook says which first words it may take (SyntaxStart, module/rule_module.h), so a line is
// offered only to the hooks it could concern;
// a hook reads the line, fails it, or leaves it to the next hook and then to the core
// (SyntaxMatch: an Unclaimed hook's error stands when no other hook reads the line).
//
// Which orders a phase takes is legality's: a movement phase holds, moves, supports, convoys,
// rail moves and permits; a retreat phase retreats (a move is read as one) and disbands; an
// adjustment phase builds, disbands and waives. The power of a line: its prefix; else the block
// header above it; else the submitter's (`as_power`). A line longer than kMaxLineBytes is
// refused before it is read.
#include "orders/parser.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <span>

#include "core/text.h"
#include "module/rule_module.h"
#include "orders/legality.h"
#include "orders/lexer.h"
#include "orders/module_hooks.h"
#include "orders/names.h"
#include "orders/order_language.h"
#include "orders/syntax.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// Longer lines are rejected before any parsing: no order is near this long, and the limit
// keeps hostile input cheap.
constexpr std::size_t kMaxLineBytes = 1000;

bool valid_printable_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '\t') {
            ++i;
            continue;
        }
        const std::size_t len = printable_char(s, i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

// The line as written when it is clean UTF-8; otherwise escaped, so it is safe to store and
// echo (JSON, mail).
std::string echo(std::string_view line) {
    if (line.size() > kMaxLineBytes) return printable(line, 80);
    return valid_printable_utf8(line) ? std::string(line) : printable(line, kMaxLineBytes);
}

// Found as the lines are (std::string_view::find), which is quicker than a look at each byte.
std::size_t newlines(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t at = text.find('\n'); at != std::string_view::npos;
         at = text.find('\n', at + 1))
        ++count;
    return count;
}

bool is_comment(std::string_view line) {
    return line.starts_with('#') || line.starts_with("//");
}

void add_note(std::string& note, const std::string& more) {
    if (more.empty()) return;
    if (!note.empty()) note += "; ";
    note += more;
}

// A copy of `text` for the verdicts to share, when the caller gave no buffer of its own.
std::shared_ptr<const char[]> copy_of(std::string_view text) {
    std::shared_ptr<char[]> copy = std::make_shared_for_overwrite<char[]>(text.size());
    std::copy(text.begin(), text.end(), copy.get());
    return copy;
}

// The power of the lines below a block header ("France:"). A refused header refuses its lines.
struct Block {
    PowerId power = kNoPower;
    int line = 0;  // 0: no block yet
    std::string error;
};

// Reads submissions onto the end of one ParsedOrders, one after another (parse_seats reads each
// seat's with the same reader). All it keeps is its own, made per parse: nothing is shared
// between parses or threads.
class SubmissionReader {
  public:
    SubmissionReader(const Variant& v, const OrderLanguage& language, const NameIndex& names,
                     const Position& pos, std::span<const RuleModule* const> conflict_modules,
                     std::span<const RuleModule* const> refuse_modules, ParsedOrders& out)
        : v_(v),
          language_(language),
          names_(names),
          pos_(pos),
          conflict_modules_(conflict_modules),
          refuse_modules_(refuse_modules),
          out_(out) {}

    // One submission, its lines numbered from 1, its verdicts and its orders in force appended
    // to the lists. `owner`, when set, holds `text`'s bytes; otherwise they are copied.
    void read(std::string_view text, PowerId as_power, std::shared_ptr<const char[]> owner) {
        as_power_ = as_power;
        block_ = Block{};
        ledger_.reset();  // builds and disbands are counted per submission
        first_verdict_ = out_.verdicts.size();
        in_force_.clear();
        kept_prefixes_ = 0;
        unit_orders_.assign(v_.provinces.size(), kNone);
        if (owner) {
            submission_ = std::move(owner);
        } else {
            submission_ = text.empty() ? nullptr : copy_of(text);
            text = std::string_view(submission_.get(), text.size());
        }
        // The lists get room for a verdict a line before any is made: there are at most one
        // more lines than newlines. The token list gets room for a long order's tokens once,
        // rather than growing a step at a time on the first lines.
        const std::size_t lines = newlines(text) + 1;
        make_room(out_.verdicts, lines);
        in_force_.reserve(lines);
        tokens_.reserve(kTokensOfALongOrder);
        int number = 0;
        for (std::size_t begin = 0; begin < text.size();) {
            const std::size_t end = std::min(text.find('\n', begin), text.size());
            read_line(text.substr(begin, end - begin), ++number);
            begin = end + 1;
        }
        make_room(out_.orders, in_force_.size());
        for (const std::size_t at : in_force_) out_.orders.push_back(*out_.verdicts[at].order);
    }

  private:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    // "Austria: F TRI S A VEN - TYR" is 9 tokens; a longer line grows the list as it needs.
    static constexpr std::size_t kTokensOfALongOrder = 24;

    // A power prefix read, up to its colon, and what it named.
    struct KeptPrefix {
        std::string_view prefix;
        NameIndex::Match power;
    };

    // Room for `more` elements after those in `list`, growing as push_back grows it: a verdict
    // a line is made in place with no copy of those before, whether the list is new or holds
    // other seats' lines already.
    template <typename T>
    static void make_room(std::vector<T>& list, std::size_t more) {
        const std::size_t size = list.size() + more;
        if (size > list.capacity()) list.reserve(std::max(size, 2 * list.capacity()));
    }

    void read_line(std::string_view raw, int number) {
        if (raw.size() > kMaxLineBytes)  // before trimming
            return reject(number, raw, kNoPower,
                          "line too long (" + std::to_string(raw.size()) + " bytes; the limit is " +
                              std::to_string(kMaxLineBytes) + ")");
        const std::string_view line = trim(raw);
        if (line.empty() || is_comment(line)) return;
        tokenize(line, language_.words(), tokens_);
        const std::span<const Token> tokens = tokens_;
        const auto colon = static_cast<std::size_t>(
            std::find_if(tokens.begin(), tokens.end(),
                         [](const Token& t) { return t.kind == TokenKind::Colon; }) -
            tokens.begin());
        if (colon == tokens.size())
            return read_order_line(number, line, line_power(number, line), tokens);
        // A power prefix, or a block header when nothing follows the colon.
        const std::span<const Token> order = tokens.subspan(colon + 1);
        const NameIndex::Match named = prefix_power(line, tokens[colon]);
        if (colon == 0 || !named.found || named.end != colon)
            return refuse_prefix(number, line, colon, order.empty());
        const auto power = static_cast<PowerId>(named.id);
        if (as_power_ != kNoPower && power != as_power_) {
            std::string error = permission_error(power);
            if (order.empty()) block_ = Block{power, number, error};
            return reject(number, line, power, std::move(error));
        }
        if (order.empty()) {
            block_ = Block{power, number, {}};
            return;
        }
        read_order_line(number, line, power, order);
    }

    // The power named before `colon`, as NameIndex::power reads it from the line's tokens. A
    // submission repeats a few prefixes over its lines, one power's lines among another's
    // ("Austria: ...", "Turkey: ..."): the first prefixes read are kept with what they named,
    // for the lines after them.
    NameIndex::Match prefix_power(std::string_view line, const Token& colon) {
        const std::string_view prefix =
            line.substr(0, static_cast<std::size_t>(colon.text.data() - line.data()));
        // The newest first: a submission that writes a power's lines together finds its prefix
        // at the first look.
        for (std::size_t i = kept_prefixes_; i-- > 0;)
            if (prefixes_[i].prefix == prefix) return prefixes_[i].power;
        const NameIndex::Match power = names_.power(tokens_, 0);
        if (kept_prefixes_ < prefixes_.size()) prefixes_[kept_prefixes_++] = {prefix, power};
        return power;
    }

    // The power of a line that names none: its block's, or the submitter's. kNoPower when the
    // line is refused (its verdict written).
    PowerId line_power(int number, std::string_view line) {
        if (block_.line != 0) {
            if (block_.error.empty()) return block_.power;
            reject(number, line, block_.power,
                   "the power on line " + std::to_string(block_.line) +
                       " was refused: " + block_.error);
            return kNoPower;
        }
        if (as_power_ == kNoPower) {
            reject(number, line, kNoPower,
                   "no power given: write 'France: A PAR H' or a line 'France:' before the "
                   "orders");
            return kNoPower;
        }
        if (as_power_ >= v_.powers.size()) {
            reject(number, line, kNoPower, "unknown power");
            return kNoPower;
        }
        return as_power_;
    }

    // A line whose prefix before the colon at `colon` names no power.
    void refuse_prefix(int number, std::string_view line, std::size_t colon, bool nothing_after) {
        if (colon == 0) return reject(number, line, kNoPower, "missing power before ':'");
        const auto start = static_cast<std::size_t>(tokens_[0].text.data() - line.data());
        const auto stop = static_cast<std::size_t>(tokens_[colon].text.data() - line.data());
        const std::string name = printable(trim(line.substr(start, stop - start)));
        // "Here are my orders:" is a friendly sentence, not a heading: only a known power heads
        // a block, so this line fails alone and the lines below it stand.
        if (nothing_after && !name.empty())
            return reject(number, line, kNoPower,
                          "not an order, and '" + name + "' is not a power to head orders with");
        return reject(number, line, kNoPower, "unknown power '" + name + "'");
    }

    // The order on line `number`, for `power` (kNoPower: the line is refused already), read and
    // judged in the phase.
    void read_order_line(int number, std::string_view line, PowerId power,
                         std::span<const Token> tokens) {
        if (power == kNoPower) return;
        SyntaxResult syntax = read_order(language_, names_, tokens);
        if (!syntax.order) return reject(number, line, power, std::move(syntax.error));
        OrderVerdict& verdict = add_verdict(number, line, power);
        judge(power, *syntax.order, number, verdict);
        if (!verdict.order) return;  // refused: its error is written
        if (std::string taken = rail_line_taken(*verdict.order); !taken.empty())
            return refuse(verdict, std::move(taken));
        if (std::string conflict = module_conflict(*verdict.order); !conflict.empty())
            return refuse(verdict, std::move(conflict));
        put_in_force(number, out_.verdicts.size() - 1);
    }

    // The order judged by the rules of the position's phase, into `out`.
    void judge(PowerId power, const OrderSyntax& syntax, int number, Checked& out) {
        switch (pos_.phase.kind) {
            case PhaseKind::Movement:
                return check_movement(v_, pos_, power, syntax, refuse_modules_, out);
            case PhaseKind::Retreat:
                out = check_retreat(v_, pos_, power, syntax);
                return;
            case PhaseKind::Adjustment:
                if (!ledger_) ledger_.emplace(v_, pos_);
                out = ledger_->check(power, syntax, number);
                return;
        }
        out.error = "unknown phase";
    }

    // A module's refusal of a line against the lines before it in this submission.
    std::string module_conflict(const Order& order) const {
        // Not the line judged, whose verdict is the last.
        const std::span<const OrderVerdict> before(out_.verdicts.data() + first_verdict_,
                                                   out_.verdicts.size() - 1 - first_verdict_);
        for (const RuleModule* module : conflict_modules_)
            if (std::string why = module->conflict(v_, order, before); !why.empty()) return why;
        return {};
    }

    // Only one unit may use a rail line per turn (Colonial rule 9.22): a second unit's order is
    // refused and that unit holds; the same unit ordered again replaces its order as usual. A
    // module's rides keep the module's own limits (ModuleOrderKind::ride).
    std::string rail_line_taken(const Order& order) const {
        if (order.type != OrderType::RailMove || order.kind != nullptr) return {};
        for (const std::size_t at : in_force_) {
            const OrderVerdict& earlier = out_.verdicts[at];
            const Order& o = *earlier.order;
            if (o.type == OrderType::RailMove && o.kind == nullptr && o.line == order.line &&
                o.unit.province != order.unit.province)
                return "only one unit may use the " + v_.rail_lines[order.line].name +
                       " per turn; line " + std::to_string(earlier.line) + " already moves " +
                       describe_unit(v_, o.unit_type, o.unit) + " on it";
        }
        return {};
    }

    // The accepted order of verdict `at` put in force. One order per unit: the later one wins
    // (a player by mail resends orders; see docs/orders.md on DATC 4.D.3), and both verdicts
    // say so. Builds, waives and permits name no existing unit.
    void put_in_force(int number, std::size_t at) {
        const Order& order = *out_.verdicts[at].order;
        if (orders_a_unit(order) && order.unit.province < unit_orders_.size()) {
            std::size_t& slot = unit_orders_[order.unit.province];
            if (slot != kNone) {
                OrderVerdict& earlier = out_.verdicts[slot];
                add_note(earlier.note, "replaced by line " + std::to_string(number));
                add_note(out_.verdicts[at].note, "replaces line " + std::to_string(earlier.line));
                in_force_.erase(std::find(in_force_.begin(), in_force_.end(), slot));
            }
            slot = at;
        }
        in_force_.push_back(at);
    }

    std::string permission_error(PowerId power) const {
        if (as_power_ == kNoPower || power == as_power_) return {};
        return "you may only order for " + v_.power_name(as_power_) + ", not " +
               v_.power_name(power);
    }

    OrderVerdict& add_verdict(int number, std::string_view line, PowerId power) {
        OrderVerdict& verdict = out_.verdicts.emplace_back();
        verdict.line = number;
        verdict.power = power;
        verdict.submission = submission_;
        verdict.input_at = static_cast<std::size_t>(line.data() - submission_.get());
        verdict.input_size = line.size();
        return verdict;
    }

    void reject(int number, std::string_view line, PowerId power, std::string error) {
        add_verdict(number, line, power).error = std::move(error);
    }

    // A line legality accepted, refused against the lines before it: its order and note go.
    static void refuse(OrderVerdict& verdict, std::string&& error) {
        verdict.order.reset();
        verdict.note.clear();
        verdict.error = std::move(error);
    }

    const Variant& v_;
    const OrderLanguage& language_;
    const NameIndex& names_;
    const Position& pos_;
    std::span<const RuleModule* const> conflict_modules_;  // the parser's (OrderParser)
    std::span<const RuleModule* const> refuse_modules_;    // the same
    ParsedOrders& out_;

    // The submission being read.
    PowerId as_power_ = kNoPower;
    std::shared_ptr<const char[]> submission_;  // its bytes, which the verdicts share
    Block block_;
    std::optional<AdjustmentLedger> ledger_;
    std::size_t first_verdict_ = 0;  // where its verdicts begin in out_
    // Its verdicts whose orders are in force, in line order.
    std::vector<std::size_t> in_force_;
    // Per province: the verdict whose order for the unit there is in force, or kNone.
    std::vector<std::size_t> unit_orders_;
    std::vector<Token> tokens_;  // the line being read
    // The first power prefixes read (prefix_power): room for the standard map's seven powers and
    // one more; a later prefix is looked up each time it is read.
    std::array<KeptPrefix, 8> prefixes_;
    std::size_t kept_prefixes_ = 0;
};

// `out` cut back to the sizes it had before a parse that threw.
void take_off(ParsedOrders& out, std::size_t verdicts, std::size_t orders) {
    out.verdicts.erase(out.verdicts.begin() + static_cast<std::ptrdiff_t>(verdicts),
                       out.verdicts.end());
    out.orders.erase(out.orders.begin() + static_cast<std::ptrdiff_t>(orders), out.orders.end());
}

}  // namespace

std::string OrderVerdict::input() const {
    if (!submission) return {};
    return echo(std::string_view(submission.get() + input_at, input_size));
}

std::string OrderVerdict::canonical(const Variant& variant) const {
    return accepted() ? order->text(variant) : std::string();
}

OrderParser::OrderParser(const Variant& variant)
    : variant_(variant),
      names_(std::make_shared<const NameIndex>(variant)),
      language_(std::make_shared<const OrderLanguage>(rule_modules())) {
    for (const RuleModule* module : modules_with<&RuleModule::conflict>())
        if (module->enabled(variant)) conflict_modules_.push_back(module);
    for (const RuleModule* module : modules_with<&RuleModule::refuse>())
        if (module->enabled(variant)) refuse_modules_.push_back(module);
}

ParsedOrders OrderParser::parse(const Position& position, std::string_view text,
                                PowerId as_power) const {
    ParsedOrders out;
    parse_into(out, position, text, as_power);
    return out;
}

void OrderParser::parse_into(ParsedOrders& out, const Position& position, std::string_view text,
                             PowerId as_power, std::shared_ptr<const char[]> owner) const {
    out.verdicts.clear();
    out.orders.clear();
    parse_onto(out, position, text, as_power, std::move(owner));
}

void OrderParser::parse_onto(ParsedOrders& out, const Position& position, std::string_view text,
                             PowerId as_power, std::shared_ptr<const char[]> owner) const {
    const std::size_t verdicts = out.verdicts.size();
    const std::size_t orders = out.orders.size();
    try {
        SubmissionReader(variant_, *language_, *names_, position, conflict_modules_,
                         refuse_modules_, out)
            .read(text, as_power, std::move(owner));
    } catch (...) {
        take_off(out, verdicts, orders);
        throw;
    }
}

void OrderParser::parse_seats(ParsedOrders& out, const Position& position,
                              std::span<SeatSubmission> seats,
                              const std::shared_ptr<const char[]>& owner) const {
    SubmissionReader reader(variant_, *language_, *names_, position, conflict_modules_,
                            refuse_modules_, out);
    for (SeatSubmission& seat : seats) {
        const std::size_t verdicts = out.verdicts.size();
        const std::size_t orders = out.orders.size();
        seat.error.clear();
        try {
            reader.read(seat.text, seat.power, owner);
        } catch (const std::exception& error) {
            take_off(out, verdicts, orders);
            seat.error = error.what();
            if (seat.error.empty()) seat.error = "the parse failed";
        }
        seat.verdicts_end = out.verdicts.size();
        seat.orders_end = out.orders.size();
    }
}

bool OrderParser::is_supply_order(std::string_view order) const {
    const std::vector<Token> tokens = tokenize(order, language_->words());
    const SyntaxResult syntax = read_order(*language_, *names_, tokens);
    return syntax.order && syntax.order->kind == SyntaxKind::Module &&
           syntax.order->module_kind->supply;
}

ParsedOrders parse_orders(const Variant& variant, const Position& position, std::string_view text,
                          PowerId as_power) {
    return OrderParser(variant).parse(position, text, as_power);
}

}  // namespace adjutant
