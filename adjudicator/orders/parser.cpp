// SPDX-License-Identifier: Apache-2.0
// The driver: splits text into lines, reads power prefixes and blocks, hands each order to the
// syntax and legality stages, and applies the one-order-per-unit rule.
#include "orders/parser.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>

#include "core/text.h"
#include "module/rule_module.h"
#include "orders/classic_line.h"
#include "orders/common_order.h"
#include "orders/legality.h"
#include "orders/lexer.h"
#include "orders/module_hooks.h"
#include "orders/names.h"
#include "orders/syntax.h"
#include "orders/tokenize_rest.h"
#include "position/position.h"
#include "variant/variant.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace adjutant {

namespace {

// Longer lines are rejected before any parsing: no order is near this long, and the limit
// keeps hostile input cheap.
constexpr std::size_t kMaxLineBytes = 1000;
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// Whether none of the eight bytes of `word` is below 0x20 or above 0x7E: printable ASCII, as
// nearly every byte of an order is, checked eight at a time.
bool all_printable_ascii(std::uint64_t word) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    const std::uint64_t below_space = (word - kOnes * 0x20) & ~word;  // high bit: byte < 0x20
    const std::uint64_t from_delete = word + kOnes * (0x80 - 0x7F);   // high bit: byte >= 0x7F
    return ((below_space | from_delete | word) & kHigh) == 0;
}

bool valid_printable_utf8(std::string_view s) {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, s.data() + i, 8);
        if (!all_printable_ascii(word)) break;
    }
    while (i < s.size()) {
        // Printable ASCII and tabs, nearly every byte of an order, without the call.
        const auto c = static_cast<unsigned char>(s[i]);
        if ((c >= 0x20 && c < 0x7F) || c == '\t') {
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

// Whether a[0, n) and b[0, n) are the same bytes. A power's name, the prefix compared on nearly
// every line, is four to eight bytes: two overlapping four-byte compares, no call to memcmp.
bool same_bytes(const char* a, const char* b, std::size_t n) {
    if (n < 4 || n > 8) return std::memcmp(a, b, n) == 0;
    std::uint32_t a_head, b_head, a_tail, b_tail;
    std::memcpy(&a_head, a, 4);
    std::memcpy(&b_head, b, 4);
    std::memcpy(&a_tail, a + n - 4, 4);
    std::memcpy(&b_tail, b + n - 4, 4);
    return a_head == b_head && a_tail == b_tail;
}

// Whether trim() would return `line` as it is: neither end is a byte at or below a space
// (trim's spaces are among them). Most lines are, and this is two bytes looked at where trim()
// is a call; a line ending in another control byte is asked of trim(), which keeps it.
bool untrimmed(std::string_view line) {
    return !line.empty() && static_cast<unsigned char>(line.front()) > ' ' &&
           static_cast<unsigned char>(line.back()) > ' ';
}

// Its first byte, nearly never '#' or '/', is all most lines are asked.
bool is_comment(std::string_view line) {
    const char first = line.front();
    return first == '#' || (first == '/' && line.size() > 1 && line[1] == '/');
}

// orders_a_unit() without its call for the core's unit orders, nearly every line; the
// others (a module's order asks its kind) are asked of it.
bool names_a_unit(const Order& order) {
    return order.type <= OrderType::Retreat || order.type == OrderType::RailMove ||
           orders_a_unit(order);
}

void add_note(std::string& note, const std::string& more) {
    if (more.empty()) return;
    if (!note.empty()) note += "; ";
    note += more;
}

// Where each '\n' of a text stands, in room kept from text to text (a thread's Scratch): written
// through a pointer, with the room checked once per sixteen bytes, not on every line.
struct LineEnds {
    std::unique_ptr<const char*[]> at;
    std::size_t room = 0;
    std::size_t count = 0;

    // Room for `size` ends, the first `count` kept.
    void make_room(std::size_t size) {
        if (size <= room) return;
        const std::size_t bigger = std::max(size, 2 * room);
        auto more = std::make_unique_for_overwrite<const char*[]>(bigger);
        std::copy_n(at.get(), count, more.get());
        at = std::move(more);
        room = bigger;
    }

    // The ends of `text`. Sixteen bytes a step where the processor has SSE2 (every x86-64): one
    // compare marks every '\n' among them, and each is taken from the mask. memchr, called once
    // per line, cost some 22 instructions a line with its call, and its loop 15 more; a text
    // shorter than sixteen bytes, and one on another processor, is still searched by it.
    void find(std::string_view text) {
        count = 0;
        const char* from = text.data();
        const char* const end = from + text.size();
#if defined(__SSE2__)
        if (text.size() >= 16) {
            const __m128i newline = _mm_set1_epi8('\n');
            const auto newlines = [&](const char* bytes) {
                const __m128i word = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
                return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(word, newline)));
            };
            // In locals: the compiler cannot keep members in registers across the stores.
            const char** out = at.get();
            std::size_t n = 0;
            std::size_t left = room;  // room after the n written
            const auto keep = [&](const char* bytes, unsigned mask) {
                if (mask == 0) return;
                if (left < 16) {  // a sixteen bytes' ends at most
                    count = n;
                    make_room(n + 16);
                    out = at.get();
                    left = room - n;
                }
                const std::size_t first = n;
                do {
                    out[n++] = bytes + std::countr_zero(mask);
                    mask &= mask - 1;
                } while (mask != 0);
                left -= n - first;
            };
            for (; end - from >= 16; from += 16) keep(from, newlines(from));
            // The last bytes: the text's last sixteen read again, those already seen shifted out.
            if (from != end) keep(from, newlines(end - 16) >> (16 - (end - from)));
            count = n;
            return;
        }
#endif
        while (from != end) {
            const auto* found = static_cast<const char*>(
                std::memchr(from, '\n', static_cast<std::size_t>(end - from)));
            if (found == nullptr) break;
            make_room(count + 1);
            at[count++] = found;
            from = found + 1;
        }
    }
};

struct Block {
    PowerId power = kNoPower;
    int line = 0;
    std::string error;  // the block header was refused; its lines are refused too
};

// A parse's working vectors, which hold nothing a later parse reads (the tokens' buffer keeps
// its size, not its use): kept by each thread from call to call (parse() may run on several
// threads at once), so a parse allocates only its output.
struct Scratch {
    std::vector<Token> tokens;
    // Per province: the number of its order in force, from the numbers the parses issue in
    // increasing order (one per line they read) and never again. A slot is the running parse's
    // when it holds at least that parse's first number: an earlier parse's slots hold less, so
    // none is cleared per parse (the server parses each of seven seats on its own).
    std::vector<std::size_t> in_force;
    std::size_t issued = 1;  // the next number to issue; 0, a new slot's value, never is
    // Per order of the running parse: its verdict's index (Driver::order_verdicts_), in room
    // made for the parse's lines before it reads them, so each is written without a push.
    std::unique_ptr<std::size_t[]> order_verdicts;
    std::size_t order_verdicts_room = 0;
    LineEnds line_ends;
    // The buffer the last submission without an owner was copied into, `text_room` bytes: the
    // next such parse copies its text into it when no verdict shares it any more (a caller
    // that parses into the same lists again, or dropped the last result, released them), with
    // no allocation and no release. Only this thread's parses hand it out, and a count of one
    // means no verdict anywhere holds it, so none can read it while it is written.
    std::shared_ptr<char[]> text;
    std::size_t text_room = 0;
};

// A submission longer than this is copied into a buffer of its own, not kept by the thread.
constexpr std::size_t kKeptTextBytes = 64 * 1024;

// The thread's scratch, kept from parse to parse, and whether a parse on this thread is using
// it: a parse inside a parse (a module's hook) makes a scratch of its own.
Scratch& thread_scratch() {
    thread_local Scratch kept;
    return kept;
}
bool& thread_scratch_busy() {
    thread_local bool busy = false;
    return busy;
}

class Driver {
  public:
    Driver(const Variant& v, const NameIndex& names, const Position& pos, PowerId as_power,
           std::span<const RuleModule* const> conflict_modules,
           std::span<const RuleModule* const> refuse_modules, Scratch& scratch, ParsedOrders& out,
           std::shared_ptr<const char[]> owner)
        : v_(v),
          pos_(pos),
          units_(pos.unit_lookup(v.provinces.size())),
          as_power_(as_power),
          seat_power_(as_power < v.powers.size() ? as_power : kNoPower),
          names_(names),
          tokens_(scratch.tokens),
          in_force_(scratch.in_force),
          issued_(scratch.issued),
          scratch_(scratch),
          line_ends_(scratch.line_ends),
          conflict_modules_(conflict_modules),
          refuse_modules_(refuse_modules),
          out_(out),
          base_(out.verdicts.size()),
          orders_base_(out.orders.size()),
          verdict_count_(base_),
          provinces_(v.provinces.size()) {
        submission_ = std::move(owner);
        movement_ = pos.phase.kind == PhaseKind::Movement;
        no_module_hooks_ = conflict_modules.empty() && refuse_modules.empty();
        if (in_force_.size() < provinces_) in_force_.resize(provinces_);
        in_force_slots_ = in_force_.data();
    }

    // The next seat of OrderParser::parse_seats: its submission is read onto the end of the
    // same lists as a driver made for it would read it. What is the submission's is set anew;
    // the position's (the unit lookup, the in-force slots' numbers, the scratch) is kept.
    void next_seat(PowerId as_power, bool caller_owns_texts) {
        as_power_ = as_power;
        seat_power_ = as_power < v_.powers.size() ? as_power : kNoPower;
        if (!caller_owns_texts) submission_.reset();  // each seat's text copied on its own
        shift_ = 0;
        token_count_ = 0;
        tokens_line_ = nullptr;
        kept_tokens_ = 0;
        kept_bytes_ = 0;
        prefix_kept_ = false;
        ledger_.reset();  // its builds and disbands are counted per submission
        any_replaced_ = false;
        last_prefix_ = {};
        last_power_ = {};
        block_ = Block{};
        base_ = out_.verdicts.size();
        orders_base_ = out_.orders.size();
        verdict_count_ = base_;
        own_orders_ = 0;
    }

    void run(std::string_view text) {
        text_ = text;
        if (submission_) shift_ = static_cast<std::size_t>(text.data() - submission_.get());
        // Each line's end found once and kept: their count gives the output its room (growing
        // a step at a time cost an allocation per doubling), and they split the lines, which
        // were searched for a second time.
        line_ends_.find(text);
        const std::size_t lines = line_ends_.count + 1;
        // A line after the text's last '\n' is empty and has no verdict.
        const std::size_t written = text.empty() || text.back() == '\n' ? lines - 1 : lines;
        // A number for each line that may give an order in force (accept()).
        first_ = issued_;
        issued_ += written;
        make_room(out_.verdicts, base_ + written);
        make_room(out_.orders, orders_base_ + written);
        if (scratch_.order_verdicts_room < written) {  // nothing in it is kept
            const std::size_t room = std::max(written, 2 * scratch_.order_verdicts_room);
            scratch_.order_verdicts = std::make_unique_for_overwrite<std::size_t[]>(room);
            scratch_.order_verdicts_room = room;
        }
        order_verdicts_ = scratch_.order_verdicts.get();
        // The submission kept before the first line, not asked for on every verdict (a test a
        // line); an empty text makes none. (A text of blank lines or comments alone is now
        // copied though it has no verdict: rare, and a copy of a few bytes.)
        if (written != 0) keep_submission();
        origin_ = text_.data() - shift_;
        // By pointers: a line cut from the text by substr had its bounds checked.
        // The ends in a local: through the member, reloaded on every line after the calls.
        const char* begin = text.data();
        const char* const* const ends = line_ends_.at.get();
        for (std::size_t i = 0; i + 1 < lines; ++i) {
            const char* end = ends[i];
            line_(std::string_view(begin, static_cast<std::size_t>(end - begin)),
                  static_cast<int>(i + 1));
            begin = end + 1;
        }
        // The line after a last '\n', empty in nearly every submission, is nothing to read.
        if (const char* const end = text.data() + text.size(); begin != end)
            line_(std::string_view(begin, static_cast<std::size_t>(end - begin)),
                  static_cast<int>(lines));
        // The orders were added as they were accepted; those replaced by a later line go now,
        // the others keeping their order. Most submissions replace none: no pass over them.
        if (any_replaced_) {
            std::size_t kept = orders_base_;
            for (std::size_t i = orders_base_; i < out_.orders.size(); ++i)
                if (order_verdicts_[i - orders_base_] != kNone)
                    out_.orders[kept++] = out_.orders[i];
            out_.orders.erase(out_.orders.begin() + static_cast<std::ptrdiff_t>(kept),
                              out_.orders.end());
        }
    }

  private:
    // Room for `size` elements: what a list holds already is kept, and a list the caller
    // parses several submissions onto grows by doubling, not by each one's lines.
    template <typename T>
    static void make_room(std::vector<T>& list, std::size_t size) {
        if (size > list.capacity()) list.reserve(std::max(size, 2 * list.capacity()));
    }

    void line_(std::string_view raw, int number) {
        if (raw.size() > kMaxLineBytes) return too_long(number, raw);  // before trimming
        const std::string_view line = untrimmed(raw) ? raw : trim(raw);
        if (line.empty() || is_comment(line)) return;
        // A classic line is read from its bytes (orders/classic_line.h): no tokens, and a
        // prefix, when it has one, that names a power and is followed by an order.
        if (!read_classic_line(names_, line, classic_)) return tokenized_line(number, line);
        PowerId power = classic_.power;
        // The seat's own power for a line that names none outside a block, as a seat's lines do.
        if (power == kNoPower && block_.line == 0) power = seat_power_;
        if (power == kNoPower || (as_power_ != kNoPower && power != as_power_)) {
            power = other_power(number, line, classic_.power);
            if (power == kNoPower) return;  // refused
        }
        // A classic line's syntax is read already: no syntax result made and dropped for it.
        judge(number, line, power, classic_.order);
    }

    // The rest of the line's reading, apart from the classic line's (nearly every line), and
    // out of line: inline, its tokens, strings and syntax result made the function that
    // reads every line save and spill more.
    [[gnu::noinline]] void too_long(int number, std::string_view raw) {
        reject(number, raw, kNoPower,
               "line too long (" + std::to_string(raw.size()) + " bytes; the limit is " +
                   std::to_string(kMaxLineBytes) + ")");
    }

    // The power of a classic line that named `named` (kNoPower for none) when it is not the
    // line's own one allowed: another power's, refused, or the block's or the seat's. kNoPower
    // when the line is refused (its verdict written).
    [[gnu::noinline]] PowerId other_power(int number, std::string_view line, PowerId named) {
        if (named == kNoPower) return unnamed_power(number, line);
        reject(number, line, named, permission_error(named));
        return kNoPower;
    }

    // The power of a line that names none: its block's, or the seat's. kNoPower when the line
    // is refused (its verdict written).
    PowerId unnamed_power(int number, std::string_view line) {
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

    [[gnu::noinline]] void tokenized_line(int number, std::string_view line) {
        std::span<const Token> order_tokens;
        PowerId power = kNoPower;
        if (const std::size_t colon = tokenize_line(line); colon < token_count_) {
            const NameIndex::Match m = power_prefix(line, colon);
            order_tokens = line_tokens().subspan(colon + 1);
            if (colon == 0 || !m.found || m.end != colon)
                return refuse_prefix(number, line, colon, order_tokens.empty());
            power = static_cast<PowerId>(m.id);
            if (as_power_ != kNoPower && power != as_power_) {
                std::string error = permission_error(power);
                if (order_tokens.empty()) block_ = Block{power, number, error};
                return reject(number, line, power, std::move(error));
            }
            if (order_tokens.empty()) {  // "France:" starts a block
                block_ = Block{power, number, {}};
                return;
            }
        } else {
            order_tokens = line_tokens();
        }
        if (power == kNoPower) {
            power = unnamed_power(number, line);
            if (power == kNoPower) return;  // refused
        }
        SyntaxResult syntax = read_order(names_, order_tokens);
        if (!syntax.order) return reject(number, line, power, std::move(syntax.error));
        judge(number, line, power, *syntax.order);
    }

    // The order read on line `number` judged in the phase, straight into its verdict.
    void judge(int number, std::string_view line, PowerId power, const OrderSyntax& syntax) {
        OrderVerdict& verdict = add_verdict(number, line, power);
        // The movement phase's common orders judged inline, in this function's frame: a
        // function of their own saved and restored six registers on nearly every line. Such
        // an order (a hold, a move or a support) is no ride, and asks for no rail line.
        const bool common = movement_ && common_order(v_, units_, power, syntax, verdict);
        // On a map whose modules neither refuse nor conflict (nearly every line), a taken
        // order is accepted as it is: one test, not the three below.
        if (common && no_module_hooks_) return accept(number, verdict, true);
        if (!common)
            check_in_phase(power, syntax, number, verdict);
        else if (!refuse_modules_.empty())
            refuse_by_modules(v_, pos_, refuse_modules_, verdict);
        if (!verdict.order) return;  // refused: its error is written
        // Only a ride on a named line can find its line taken: other orders skip the call.
        if (!common && verdict.order->type == OrderType::RailMove && verdict.order->kind == nullptr)
            if (std::string busy = rail_line_taken(*verdict.order); !busy.empty())
                return refuse(verdict, std::move(busy));
        if (!conflict_modules_.empty())
            if (std::string busy = module_conflict(*verdict.order); !busy.empty())
                return refuse(verdict, std::move(busy));
        accept(number, verdict, common);
    }

    // A line whose prefix before the colon at `colon` names no power. Apart from the lines
    // that read, so that their strings are made only for them.
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

    // The line's tokens into tokens_; the index of its first colon, or the token count if none.
    // A submission heads line after line with the same "Austria:": a line that begins with the
    // bytes before the last tokenized line's first colon, and then a colon, keeps that line's
    // tokens up to its colon (the same bytes make the same tokens, and a colon ends any token)
    // and tokenizes only the rest.
    std::size_t tokenize_line(std::string_view line) {
        // Room for any line's tokens (a token is a byte or more), made once for the longest
        // line yet: the tokenizer writes each token in its place.
        if (tokens_.size() < line.size()) tokens_.resize(line.size());
        if (kept_tokens_ != 0 && line.size() > kept_bytes_ && line[kept_bytes_] == ':' &&
            same_bytes(line.data(), tokens_line_, kept_bytes_)) {
            for (std::size_t i = 0; i < kept_tokens_; ++i) {  // they view the earlier line's bytes
                Token& token = tokens_[i];
                token.text = std::string_view(line.data() + (token.text.data() - tokens_line_),
                                              token.text.size());
            }
            const Token* end =
                tokenize_rest(line, kept_bytes_ + 1, tokens_.data() + kept_tokens_, false);
            token_count_ = static_cast<std::size_t>(end - tokens_.data());
            tokens_line_ = line.data();
            prefix_kept_ = true;
            return kept_tokens_ - 1;
        }
        prefix_kept_ = false;
        token_count_ =
            static_cast<std::size_t>(tokenize_rest(line, 0, tokens_.data(), true) - tokens_.data());
        tokens_line_ = line.data();
        std::size_t colon = 0;
        while (colon < token_count_ && tokens_[colon].kind != TokenKind::Colon) ++colon;
        kept_tokens_ = colon < token_count_ ? colon + 1 : 0;
        kept_bytes_ = kept_tokens_ != 0
                          ? static_cast<std::size_t>(tokens_[colon].text.data() - line.data())
                          : 0;
        return colon;
    }

    // The tokens of the line last tokenized.
    std::span<const Token> line_tokens() const { return {tokens_.data(), token_count_}; }

    // The power named before the colon at `colon`. A submission heads line after line with the
    // same "Austria:": the same bytes make the same tokens and the same match, so the line
    // before's is kept.
    NameIndex::Match power_prefix(std::string_view line, std::size_t colon) {
        const std::string_view prefix =
            line.substr(0, static_cast<std::size_t>(tokens_[colon].text.data() - line.data()));
        // The tokens kept from the line before (tokenize_line) were its prefix, just read.
        if (!prefix_kept_ && prefix != last_prefix_) {
            last_prefix_ = prefix;
            last_power_ = names_.power(line_tokens(), 0);
        }
        return last_power_;
    }

    // The order judged by the rules of the position's phase, into `out`, when common_order
    // (judge()) did not take it. The movement phase's writes there; the retreat and adjustment
    // phases' are moved in.
    void check_in_phase(PowerId power, const OrderSyntax& syntax, int number, Checked& out) {
        if (pos_.phase.kind != PhaseKind::Movement)
            return check_other_phase(power, syntax, number, out);
        check_movement_in_full(v_, pos_, power, syntax, refuse_modules_, out);
    }

    // The retreat and adjustment phases' judgement, moved in. Out of line: its results made
    // apart, inline in the judging of every line, enlarged that function's frame.
    [[gnu::noinline]] void check_other_phase(PowerId power, const OrderSyntax& syntax, int number,
                                             Checked& out) {
        switch (pos_.phase.kind) {
            case PhaseKind::Movement:
                return check_movement_in_full(v_, pos_, power, syntax, refuse_modules_, out);
            case PhaseKind::Retreat:
                out = check_retreat(v_, pos_, power, syntax);
                return;
            case PhaseKind::Adjustment:
                if (!ledger_) ledger_.emplace(v_, pos_);  // its tables, only where it is used
                out = ledger_->check(power, syntax, number);
                return;
        }
        out.error = "unknown phase";
    }

    // A module's refusal of a line against the lines before it. Out of line, as the rail rule
    // below: asked of few lines, and inline its strings made the judging of every line heavier.
    [[gnu::noinline]] std::string module_conflict(const Order& order) const {
        // Only this submission's lines (the lists may hold other seats' before them), and not
        // the line judged, whose verdict is the last.
        const std::span<const OrderVerdict> before =
            std::span<const OrderVerdict>(out_.verdicts).subspan(base_, verdict_count_ - 1 - base_);
        for (const RuleModule* module : conflict_modules_) {
            std::string why = module->conflict(v_, order, before);
            if (!why.empty()) return why;
        }
        return {};  // not "": a string made from a literal measures it first
    }

    // Only one unit may use a rail line per turn (Colonial rule 9.22): a second unit's order is
    // refused and that unit holds; the same unit ordered again replaces its order as usual.
    [[gnu::noinline]] std::string rail_line_taken(const Order& order) const {
        // A module's rides keep the module's own limits (ModuleOrderKind::ride).
        if (order.type != OrderType::RailMove || order.kind != nullptr) return {};
        for (std::size_t i = orders_base_; i < out_.orders.size(); ++i) {
            const std::size_t at = order_verdicts_[i - orders_base_];
            if (at == kNone) continue;  // replaced
            const OrderVerdict& earlier = out_.verdicts[at];
            const Order& o = out_.orders[i];
            if (o.type == OrderType::RailMove && o.kind == nullptr && o.line == order.line &&
                o.unit.province != order.unit.province)
                return "only one unit may use the " + v_.rail_lines[order.line].name +
                       " per turn; line " + std::to_string(earlier.line) + " already moves " +
                       describe_unit(v_, o.unit_type, o.unit) + " on it";
        }
        return {};
    }

    std::string permission_error(PowerId power) const {
        if (as_power_ == kNoPower || power == as_power_) return {};
        return "you may only order for " + v_.power_name(as_power_) + ", not " +
               v_.power_name(power);
    }

    // The verdicts are made in place in the output, with no judgement yet (legality writes
    // it there): a verdict is two strings and an order, which a local built and then moved in
    // cost as much again. Made by a conversion whose result the compiler (GCC 12, measured)
    // builds straight in the output's storage. Default-initialised there, then its fields
    // written: `emplace_back()` value-initialises, zeroing all of the verdict first, and a
    // verdict made from braces had its judgement's 120 bytes cleared by a store loop.
    // Inline in the judging of every line: a call of its own saved and restored six registers.
    [[gnu::always_inline]] OrderVerdict& add_verdict(int number, std::string_view line,
                                                     PowerId power) {
        struct Made {
            int number;
            PowerId power;
            const std::shared_ptr<const char[]>& submission;
            std::size_t at;
            std::size_t size;
            operator OrderVerdict() const {
                OrderVerdict verdict;  // no braces: nothing cleared first
                verdict.line = number;
                verdict.power = power;
                // The line's place before the shared reference, whose test of its count
                // splits the writes: after it, the place's defaults were written first and
                // then the place again.
                verdict.input_at = at;
                verdict.input_size = size;
                verdict.submission = submission;
                return verdict;
            }
        };
        ++verdict_count_;
        return out_.verdicts.emplace_back(
            Made{number, power, submission_, offset(line), line.size()});
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

    // The submission, copied once for a text with lines (run()) unless the caller's buffer
    // holds it: the verdicts' echoes are spans of it.
    void keep_submission() {
        if (submission_) return;
        const std::size_t size = text_.size();
        if (size > kKeptTextBytes) {
            std::shared_ptr<char[]> copy = std::make_shared_for_overwrite<char[]>(size);
            std::memcpy(copy.get(), text_.data(), size);
            submission_ = std::move(copy);
        } else {
            // The thread's buffer again when no verdict holds it and the text fits, else a new
            // one kept in its place (the verdicts that hold the old one keep it alive).
            if (scratch_.text.use_count() != 1 || scratch_.text_room < size) {
                const std::size_t room = std::max(size, kKeptTextRoom);
                scratch_.text = std::make_shared_for_overwrite<char[]>(room);
                scratch_.text_room = room;
            }
            // A verdict released on another thread read the old bytes before its release;
            // the count read above is relaxed, so this orders that read before the writes.
            std::atomic_thread_fence(std::memory_order_acquire);
            std::memcpy(scratch_.text.get(), text_.data(), size);
            submission_ = scratch_.text;
        }
        shift_ = 0;
    }
    // The least a kept buffer is made with, so that a longer text than the last rarely needs
    // a new one.
    static constexpr std::size_t kKeptTextRoom = 1024;

    // Where `line` stands in the submission's buffer.
    std::size_t offset(std::string_view line) const {
        return static_cast<std::size_t>(line.data() - origin_);
    }

    // The line's verdict, the last, accepted: its order is put in force. `unit_order`: the
    // common path (common_order) took it, an order of a unit standing on the map, so the two
    // tests below are known to hold (≈ 5 instructions a line).
    void accept(int number, OrderVerdict& verdict, bool unit_order) {
        const std::size_t index = verdict_count_ - 1;
        const Order& order = *verdict.order;
        // The order in force at once, not found again among the verdicts when the lines are
        // read (a pass over them that cost as much as this).
        const std::size_t own = own_orders_++;
        out_.orders.push_back(order);
        order_verdicts_[own] = index;
        // One order per unit: the later one wins (a player by mail resends orders; see
        // docs/orders.md on DATC 4.D.3). Builds, waives and permits name no existing unit.
        if (unit_order || (names_a_unit(order) && order.unit.province < provinces_)) {
            std::size_t& slot = in_force_slots_[order.unit.province];
            if (slot >= first_) replace(slot - first_, number, verdict);  // this parse's
            slot = first_ + own;
        }
    }

    // The order `replaced` of this submission (from orders_base_) replaced by the verdict of
    // line `number`. Rare, and out of line: its strings inline made the judging of every line
    // save more registers.
    [[gnu::noinline]] void replace(std::size_t replaced, int number, OrderVerdict& verdict) {
        std::size_t& at = order_verdicts_[replaced];
        OrderVerdict& earlier = out_.verdicts[at];
        add_note(earlier.note, "replaced by line " + std::to_string(number));
        add_note(verdict.note, "replaces line " + std::to_string(earlier.line));
        at = kNone;
        any_replaced_ = true;
    }

    const Variant& v_;
    const Position& pos_;
    // The position's units by province, taken once: the position is not edited in a parse.
    const UnitLookup units_;
    std::string_view text_;  // the submission being read
    // The caller's buffer, or a copy made before the first line; text_ starts shift_ bytes in.
    std::shared_ptr<const char[]> submission_;
    std::size_t shift_ = 0;
    // Where offset 0 of the submission's buffer stands among the text's bytes: the caller's
    // buffer's start, or the text's for a copy. One load and a subtraction a verdict.
    const char* origin_ = nullptr;
    PowerId as_power_;
    PowerId seat_power_;  // as_power_ when it is a power of the variant, else kNoPower
    const NameIndex& names_;
    std::vector<Token>& tokens_;         // reused for every line: room for its tokens
    std::size_t token_count_ = 0;        // how many tokens the line has
    const char* tokens_line_ = nullptr;  // the line tokens_ were made of
    std::size_t kept_tokens_ = 0;        // its tokens up to its first colon, the colon included
    std::size_t kept_bytes_ = 0;         // its bytes before that colon
    bool prefix_kept_ = false;           // this line's tokens up to its colon are those kept
    std::optional<AdjustmentLedger> ledger_;
    // Per province: the number of its order in force (Scratch::in_force); this parse's are
    // first_ + the order's place among this submission's orders (from orders_base_).
    std::vector<std::size_t>& in_force_;
    std::size_t* in_force_slots_ = nullptr;  // its slots: not loaded through the vector per line
    std::size_t& issued_;                    // the scratch's next number
    std::size_t first_ = 0;                  // this parse's first number
    // Per order of this submission (from orders_base_): its verdict's index, kNone once replaced.
    std::size_t* order_verdicts_ = nullptr;
    Scratch& scratch_;
    bool any_replaced_ = false;
    LineEnds& line_ends_;                                  // where each '\n' of the text stands
    std::span<const RuleModule* const> conflict_modules_;  // the parser's (OrderParser)
    std::span<const RuleModule* const> refuse_modules_;    // the same
    bool no_module_hooks_ = true;                          // both lists are empty, as on most maps
    bool movement_ = false;         // the position's phase is a movement phase
    std::string_view last_prefix_;  // the last power prefix read, up to its colon
    NameIndex::Match last_power_;   // and what it named (nothing for an empty prefix)
    ClassicLine classic_;           // the line read by read_classic_line, when it was
    Block block_;
    ParsedOrders& out_;        // the caller's: this submission's lists are appended, its room kept
    std::size_t base_;         // where this submission's verdicts begin in out_
    std::size_t orders_base_;  // and its orders in force
    // out_'s sizes, counted as they grow: size() divides by an element's size (an order's
    // and a verdict's are not powers of two) on every line.
    std::size_t verdict_count_;
    std::size_t own_orders_ = 0;  // this submission's orders in force so far (from orders_base_)
    std::size_t provinces_;       // the variant's provinces; in_force_ has a slot for each
};

}  // namespace

std::string OrderVerdict::input() const {
    if (!submission) return {};
    return echo(std::string_view(submission.get() + input_at, input_size));
}

std::string OrderVerdict::canonical(const Variant& variant) const {
    return accepted() ? order->text(variant) : std::string();
}

OrderParser::OrderParser(const Variant& variant)
    : variant_(variant), names_(std::make_shared<const NameIndex>(variant)) {
    // Asked of every accepted line (none in most variants): found once per parser, not once
    // per parse, since the server parses each seat's submission on its own.
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
        bool& busy = thread_scratch_busy();
        if (busy) {  // a parse inside a parse on this thread (a module's hook) uses its own
            Scratch own;
            Driver(variant_, *names_, position, as_power, conflict_modules_, refuse_modules_, own,
                   out, std::move(owner))
                .run(text);
            return;
        }
        busy = true;
        struct Release {
            bool& busy;
            ~Release() { busy = false; }
        } release{busy};
        Driver(variant_, *names_, position, as_power, conflict_modules_, refuse_modules_,
               thread_scratch(), out, std::move(owner))
            .run(text);
    } catch (...) {
        // The lines read before the throw taken off again: the caller's lists are as they were.
        out.verdicts.erase(out.verdicts.begin() + static_cast<std::ptrdiff_t>(verdicts),
                           out.verdicts.end());
        out.orders.erase(out.orders.begin() + static_cast<std::ptrdiff_t>(orders),
                         out.orders.end());
        throw;
    }
}

void OrderParser::parse_seats(ParsedOrders& out, const Position& position,
                              std::span<SeatSubmission> seats,
                              const std::shared_ptr<const char[]>& owner) const {
    bool& busy = thread_scratch_busy();
    std::optional<Scratch> own;  // only for a parse inside a parse (a module's hook)
    if (busy) own.emplace();
    const bool nested = busy;
    busy = true;
    struct Release {
        bool& busy;
        bool nested;
        ~Release() { busy = nested; }
    } release{busy, nested};
    Driver driver(variant_, *names_, position, kNoPower, conflict_modules_, refuse_modules_,
                  own ? *own : thread_scratch(), out, owner);
    const bool caller_owns_texts = owner != nullptr;
    for (SeatSubmission& seat : seats) {
        const std::size_t verdicts = out.verdicts.size();
        const std::size_t orders = out.orders.size();
        seat.error.clear();
        try {
            driver.next_seat(seat.power, caller_owns_texts);
            driver.run(seat.text);
        } catch (const std::exception& error) {
            // As parse_onto: the seat's lines read before the throw taken off again.
            out.verdicts.erase(out.verdicts.begin() + static_cast<std::ptrdiff_t>(verdicts),
                               out.verdicts.end());
            out.orders.erase(out.orders.begin() + static_cast<std::ptrdiff_t>(orders),
                             out.orders.end());
            seat.error = error.what();
            if (seat.error.empty()) seat.error = "the parse failed";
        }
        seat.verdicts_end = out.verdicts.size();
        seat.orders_end = out.orders.size();
    }
}

bool OrderParser::is_supply_order(std::string_view order) const {
    const std::vector<Token> tokens = tokenize(order);
    const SyntaxResult syntax = read_order(*names_, tokens);
    return syntax.order && syntax.order->kind == SyntaxKind::Module &&
           syntax.order->module_kind->supply;
}

ParsedOrders parse_orders(const Variant& variant, const Position& position, std::string_view text,
                          PowerId as_power) {
    return OrderParser(variant).parse(position, text, as_power);
}

}  // namespace adjutant
