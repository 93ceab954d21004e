// SPDX-License-Identifier: Apache-2.0
#include "orders/classic_line.h"

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>

#include "module/rule_module.h"
#include "orders/byte_classes.h"
#include "orders/module_hooks.h"

namespace adjutant {

namespace {

// The coast a classic line's one-letter code names ("n" of "/nc", any case), or Coast::None:
// the word-by-word reader and the straight one read the same four codes.
constexpr Coast coast_of_letter(char letter) {
    switch (letter | 0x20) {
        case 'n':
            return Coast::North;
        case 's':
            return Coast::South;
        case 'e':
            return Coast::East;
        case 'w':
            return Coast::West;
        default:
            return Coast::None;
    }
}

// Whether the rule modules' readers, offered the words of a classic line, would all leave it:
// worked out once per process from their starts (module/rule_module.h's SyntaxStart), not from
// their names. A reader offered the unit letter, S or C could take any such line, so none may
// be; one offered the dash of a move takes none of a line without its `move_needs` word, which
// no classic line holds (its words are A, F, H, S, C and names that are no keyword).
struct ModuleGuard {
    bool unit_letters = false;  // A and F begin no module's order
    bool support = false;
    bool convoy = false;
    bool move = false;
};

Token keyword_token(Keyword keyword) {
    Token token;
    token.kind = TokenKind::Word;
    token.keyword = keyword;
    return token;
}

bool classic_word(Keyword keyword) {
    switch (keyword) {
        case Keyword::None:
        case Keyword::A:
        case Keyword::F:
        case Keyword::H:
        case Keyword::S:
        case Keyword::C:
            return true;
        default:
            return false;
    }
}

ModuleGuard find_module_guard() {
    const auto order_readers = [](Keyword keyword) {
        return modules_for<&RuleModule::read_order, &RuleModule::order_start>(
            keyword_token(keyword));
    };
    const auto action_readers = [](const Token& token) {
        return modules_for<&RuleModule::read_unit_action, &RuleModule::unit_action_start>(token);
    };
    ModuleGuard g;
    g.unit_letters = order_readers(Keyword::A).empty() && order_readers(Keyword::F).empty();
    g.support = action_readers(keyword_token(Keyword::S)).empty();
    g.convoy = action_readers(keyword_token(Keyword::C)).empty();
    Token dash;
    dash.kind = TokenKind::Dash;
    g.move = true;
    for (const RuleModule* module : action_readers(dash)) {
        const SyntaxStart* start = module->unit_action_start;
        if (start == nullptr || classic_word(start->move_needs)) g.move = false;
    }
    return g;
}

// Whether the reader is on (use_classic_lines), whether the module guard has been worked out,
// and its answers, in one byte: a line's entry is one load and one test.
enum Flag : std::uint8_t {
    kOn = 1,
    kKnown = 2,
    kUnitLetters = 4,
    kSupport = 8,
    kConvoy = 16,
    kMove = 32,
};
std::atomic<std::uint8_t> g_flags{kOn};

// The flags, the module guard worked out the first time (once per process, as the modules are
// registered before any parse; two threads working it out at once find the same answers).
[[gnu::noinline]] std::uint8_t known_flags() {
    static const std::uint8_t guard = [] {
        const ModuleGuard g = find_module_guard();
        return static_cast<std::uint8_t>(kKnown | (g.unit_letters ? kUnitLetters : 0) |
                                         (g.support ? kSupport : 0) | (g.convoy ? kConvoy : 0) |
                                         (g.move ? kMove : 0));
    }();
    return static_cast<std::uint8_t>(g_flags.fetch_or(guard, std::memory_order_relaxed) | guard);
}

// Each byte as the order's one-byte words and its dash are compared: a, f, h, s and c in either
// case lowered, the dash itself, 0 for any other byte.
constexpr std::array<char, 256> kFolded = [] {
    std::array<char, 256> folded{};
    for (const char c : {'a', 'f', 'h', 's', 'c'}) {
        folded[static_cast<unsigned char>(c)] = c;
        folded[static_cast<unsigned char>(c - 'a' + 'A')] = c;
    }
    folded[static_cast<unsigned char>('-')] = '-';
    return folded;
}();

// The bytes of one line, read a word or a sign at a time. Every reader answers false for
// anything but the classic form it expects, and the line goes to the general path.
//
// A word or sign is followed by one space nearly always: each reader takes that space with it,
// tested where it stands. Any other separator (a tab, a second space, a full stop) is left
// where it is, and the next reader, finding no word or sign of its own, skips the separators
// then (more_separators) before it looks again.
class Bytes {
  public:
    Bytes(const NameIndex& names, std::string_view line)
        : names_(&names), p_(line.data()), end_(line.data() + line.size()) {}

    bool at_end() { return p_ == end_ || (more_separators() && p_ == end_); }
    // Past `n` bytes already read, and the space after them if there is one.
    void skip(std::size_t n) {
        p_ += n;
        space();
    }
    // The word starting here (a run of word bytes), and the space after it.
    std::string_view word() {
        const char* const start = p_;
        while (p_ != end_ && kByteClasses[static_cast<unsigned char>(*p_)] == kWordClass) ++p_;
        const std::string_view w(start, static_cast<std::size_t>(p_ - start));
        space();
        return w;
    }
    // A sign of one byte (':', or '-' not followed by '>'), and the space after it.
    bool sign(char c) {
        more_separators();
        if (p_ == end_ || *p_ != c) return false;
        ++p_;
        if (c == '-' && p_ != end_ && *p_ == '>') return false;  // "->": the general path's
        space();
        return true;
    }
    // A one-byte word (a, f, h, s or c, lowered) or a dash, and the space after it; 0 for any
    // other word or sign. The common case, that byte and a space or the line's end, is two
    // compares and one look.
    char letter() {
        const std::ptrdiff_t room = end_ - p_;
        if (room >= 2 ? p_[1] == ' ' : room == 1) {
            const char c = kFolded[static_cast<unsigned char>(*p_)];
            p_ += room >= 2 ? 2 : 1;
            return c;
        }
        return other_letter();
    }
    // A unit: its letter (the type) and its abbreviation.
    bool unit(UnitRef& unit) {
        const char type = letter();
        if (type == 'a')
            unit.type = UnitType::Army;
        else if (type == 'f')
            unit.type = UnitType::Fleet;
        else
            return false;
        return place(unit.place);
    }
    // A province by a one-word name: a three-letter abbreviation by one look
    // (NameIndex::classic_abbreviation), any other by the table of such names.
    bool place(PlaceRef& place) {
        const std::ptrdiff_t room = end_ - p_;
        // Three letters and a space, nearly every place.
        if (room >= 4 && p_[3] == ' ') {
            if (const std::size_t id = names_->classic_abbreviation(p_)) {
                p_ += 4;
                place.province = static_cast<ProvinceId>(id - 1);
                return p_ == end_ || *p_ != '/' || coast(place);
            }
        }
        // Three letters at the line's end or before another byte of no word ("/sc").
        if (room >= 3 && ends_word(p_ + 3)) {
            if (const std::size_t id = names_->classic_abbreviation(p_)) {
                p_ += 3;
                place.province = static_cast<ProvinceId>(id - 1);
                more_separators();
                return p_ == end_ || *p_ != '/' || coast(place);
            }
        }
        return other_place(place);
    }
    // Whether the room from `word` to the end of the line holds eight bytes.
    bool eight_bytes_from(const char* word) const { return end_ - word >= 8; }

  private:
    // The one space after a word or a sign, when it is there.
    void space() {
        if (p_ != end_ && *p_ == ' ') ++p_;
    }
    // Any separators here, skipped; whether there were any.
    bool more_separators() {
        return p_ != end_ && kByteClasses[static_cast<unsigned char>(*p_)] == kSeparator &&
               separator_run();
    }
    [[gnu::noinline]] bool separator_run() {
        while (p_ != end_ && kByteClasses[static_cast<unsigned char>(*p_)] == kSeparator) ++p_;
        return true;
    }
    // letter() for anything but the common case: separators first, a dash not followed by
    // '>', a one-byte word followed by another separator.
    [[gnu::noinline]] char other_letter() {
        more_separators();
        if (p_ == end_) return 0;
        if (*p_ == '-') {
            ++p_;
            if (p_ != end_ && *p_ == '>') return 0;  // "->": the general path's
            space();
            return '-';
        }
        if (kByteClasses[static_cast<unsigned char>(*p_)] != kWordClass || !ends_word(p_ + 1))
            return 0;
        const char c = kFolded[static_cast<unsigned char>(*p_++)];
        space();
        return c;
    }
    // Any other one-word name. Out of line, so that the three-letter path above stays small
    // where it is inlined.
    [[gnu::noinline]] bool other_place(PlaceRef& place) {
        more_separators();
        const std::string_view w = word();
        const std::size_t id = w.empty()       ? 0
                               : w.size() <= 8 ? short_word(w)
                                               : names_->classic_word(w);
        if (id == 0) return false;
        place.province = static_cast<ProvinceId>(id - 1);
        more_separators();
        return p_ == end_ || *p_ != '/' || coast(place);
    }
    // A coast written "/nc", "/sc", "/ec" or "/wc" (any case) after a place, and the space
    // after it; read_coast's other spellings are the general path's. A word that follows it
    // is never "coast" in a classic line, so the code is the whole coast.
    [[gnu::noinline]] bool coast(PlaceRef& place) {
        ++p_;  // the slash
        more_separators();
        if (end_ - p_ < 2 || (p_[1] | 0x20) != 'c' || !ends_word(p_ + 2)) return false;
        const Coast named = coast_of_letter(*p_);
        if (named == Coast::None) return false;
        place.coast = named;
        skip(2);
        return true;
    }
    // A word of one to eight bytes by NameIndex::classic_short_word: its bytes loaded at once
    // when the line holds eight from it (else one by one), the rest masked off, and lowered.
    std::size_t short_word(std::string_view w) const {
        if (std::endian::native != std::endian::little) return names_->classic_word(w);
        std::uint64_t bytes = 0;
        if (end_ - w.data() >= 8) {
            std::memcpy(&bytes, w.data(), 8);
            if (w.size() < 8) bytes &= (std::uint64_t{1} << (8 * w.size())) - 1;
        } else {
            std::memcpy(&bytes, w.data(), w.size());
        }
        return names_->classic_short_word(NameIndex::lower_eight(bytes));
    }
    // Whether a word ends before `p`: the line's end or a byte of no word.
    bool ends_word(const char* p) const {
        return p == end_ || kByteClasses[static_cast<unsigned char>(*p)] != kWordClass;
    }

  public:
    // A power prefix read the slower way (power_prefix found none): a word of two bytes
    // or more before a colon; a unit letter is one. False when the prefix names no power.
    [[gnu::noinline]] bool prefix(const NameIndex& names, PowerId& power) {
        more_separators();
        Bytes look = *this;
        const std::string_view first = look.word();
        if (first.size() > 1) {
            if (!look.sign(':')) return false;
            const std::optional<std::size_t> found = eight_bytes_from(first.data())
                                                         ? names.power_word_in_eight(first)
                                                         : names.power_word(first);
            if (!found) return false;
            power = static_cast<PowerId>(*found);
            *this = look;
        }
        return true;
    }

  private:
    const NameIndex* names_;
    const char* p_;
    const char* end_;
};

// The line read word by word (Bytes), for any line the straight reader does not take whole.
[[gnu::noinline]] bool read_carefully(const NameIndex& names, std::string_view line,
                                      ClassicLine& out, std::uint8_t flags) {
    Bytes bytes(names, line);
    out.power = kNoPower;
    // Only the parts this reader writes are set back: the rest of `out.order` keeps the values
    // OrderSyntax{} gives them (the caller reads it, never writes it), and a whole new order
    // written over it cost a tenth of the line's reading.
    OrderSyntax& order = out.order;
    order.kind = SyntaxKind::Hold;
    order.unit = UnitRef{};
    order.destination = PlaceRef{};
    order.target = UnitRef{};
    order.target_destination.reset();
    // The power prefix: nearly always a name and a colon within the line's first eight bytes,
    // found there at once; a line whose second byte is a space begins with its unit letter
    // (a trimmed line's first byte is no separator, and a one-byte word is no prefix).
    std::size_t length = 0;
    if (std::endian::native == std::endian::little && line.size() >= 8) {
        std::uint64_t eight;
        std::memcpy(&eight, line.data(), 8);
        length = names.power_prefix(eight, out.power);
        if (length != 0) bytes.skip(length);
    }
    if (length == 0 && !(line.size() >= 2 && line[1] == ' ') && !bytes.prefix(names, out.power))
        return false;
    if (!bytes.unit(order.unit)) return false;
    switch (bytes.letter()) {
        case '-':
            if ((flags & kMove) == 0) return false;
            order.kind = SyntaxKind::Move;
            return bytes.place(order.destination) && bytes.at_end();
        case 'h':
            order.kind = SyntaxKind::Hold;
            return bytes.at_end();
        case 's':
            if ((flags & kSupport) == 0) return false;
            order.kind = SyntaxKind::Support;
            if (!bytes.unit(order.target)) return false;
            if (bytes.at_end()) return true;  // support to hold
            switch (bytes.letter()) {
                case '-':
                    order.target_destination.emplace();
                    return bytes.place(*order.target_destination) && bytes.at_end();
                case 'h':
                    return bytes.at_end();
                default:
                    return false;
            }
        case 'c':
            if ((flags & kConvoy) == 0) return false;
            order.kind = SyntaxKind::Convoy;
            if (!bytes.unit(order.target) || bytes.letter() != '-') return false;
            order.target_destination.emplace();
            return bytes.place(*order.target_destination) && bytes.at_end();
        default:
            return false;
    }
}

// The straight reader: a line of the one spacing nearly every line has, each word followed by one
// space or the line's end, read with no word walked and no separator looked for. It takes a line
// only when every part is as it expects, and then reads it as read_carefully does; any other line
// (other spacing, a slip) read_carefully reads from its start. It is tried twice: first with
// three-letter names only, calling nothing, so that its state stays in the registers a call
// would not keep; then, for a line with a name of another length ("LON10", "Paris"), again with
// any one-word name.
//
// What an optional is set back to: an assignment of a trivially copied value, where reset()
// tests whether it holds one first.
constexpr std::optional<Coast> kNoCoast;
constexpr std::optional<PlaceRef> kNoPlace;

// Each byte as the unit's letter: 1 for an army (a, A), 2 for a fleet (f, F), 0 otherwise.
constexpr std::array<std::uint8_t, 256> kUnitLetter = [] {
    std::array<std::uint8_t, 256> letters{};
    letters[static_cast<unsigned char>('a')] = letters[static_cast<unsigned char>('A')] = 1;
    letters[static_cast<unsigned char>('f')] = letters[static_cast<unsigned char>('F')] = 2;
    return letters;
}();

// A coast written "/nc" at `p` (the slash), then the line's end or a space: past them, the
// coast in `place`; or nullptr.
[[gnu::always_inline]] inline const char* straight_coast(const char* p, const char* end,
                                                         PlaceRef& place) {
    const std::ptrdiff_t room = end - p;
    if (room < 3 || (p[2] | 0x20) != 'c' || (room > 3 && p[3] != ' ')) return nullptr;
    const Coast named = coast_of_letter(p[1]);
    if (named == Coast::None) return nullptr;
    place.coast = named;
    return room > 3 ? p + 4 : p + 3;
}

// Any other one-word name ("LON10", "Paris") and the line's end or a space, by the tables
// read_carefully's Bytes::other_place reads it by; no coast. Past it, or nullptr.
[[gnu::noinline]] const char* straight_other_place(const NameIndex& names, const char* p,
                                                   const char* end, PlaceRef& place) {
    // Nearly always a word of seven bytes or fewer and a space, eight bytes that the line holds:
    // the first space found at once, the bytes before it lowered and looked up. They are the
    // word when they are all word bytes: a key holds no other byte (NameIndex::short_words_),
    // and lowering ASCII bytes changes only 'A' to 'Z'. But for NUL, which the key cannot tell
    // from the zeros after a shorter word ("LON\0" would be LON): tested apart.
    if (std::endian::native == std::endian::little && end - p >= 8) {
        constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
        std::uint64_t bytes;
        std::memcpy(&bytes, p, 8);
        const std::uint64_t x = bytes ^ (kOnes * ' ');
        const std::uint64_t spaces = (x - kOnes) & ~x & (kOnes * 0x80);  // the lowest one exact
        if (spaces != 0) {
            const auto size = static_cast<unsigned>(std::countr_zero(spaces)) / 8;
            const std::uint64_t in_word = (std::uint64_t{1} << (8 * size)) - 1;
            bytes &= in_word;
            // Zero bytes of the word: the lowest is flagged exactly, and none is flagged
            // wrongly below it (a borrow only carries upwards).
            const std::uint64_t nuls = (bytes - kOnes) & ~bytes & (kOnes * 0x80) & in_word;
            if (size == 0 || (bytes & (kOnes * 0x80)) != 0 || nuls != 0) return nullptr;
            const std::size_t id = names.classic_short_word(NameIndex::lower_eight(bytes));
            if (id == 0) return nullptr;
            place.province = static_cast<ProvinceId>(id - 1);
            place.coast = kNoCoast;
            return p + size + 1;
        }
    }
    const char* q = p;
    while (q != end && kByteClasses[static_cast<unsigned char>(*q)] == kWordClass) ++q;
    if (q == p || (q != end && *q != ' ')) return nullptr;
    const auto size = static_cast<std::size_t>(q - p);
    std::size_t id = 0;
    if (std::endian::native == std::endian::little && size <= 8) {
        std::uint64_t bytes = 0;
        if (end - p >= 8) {
            std::memcpy(&bytes, p, 8);
            if (size < 8) bytes &= (std::uint64_t{1} << (8 * size)) - 1;
        } else {
            std::memcpy(&bytes, p, size);
        }
        id = names.classic_short_word(NameIndex::lower_eight(bytes));
    } else {
        id = names.classic_word(std::string_view(p, size));
    }
    if (id == 0) return nullptr;
    place.province = static_cast<ProvinceId>(id - 1);
    place.coast = kNoCoast;
    return q == end ? q : q + 1;
}

// A place at `p`: a three-letter name (NameIndex::classic_place), then the line's end, a space
// or a coast; with kAnyName any other one-word name too. Past it, or nullptr.
template <bool kAnyName>
[[gnu::always_inline]] inline const char* straight_place(const NameIndex& names, const char* p,
                                                         const char* end, PlaceRef& place) {
    const std::ptrdiff_t room = end - p;
    if (room >= 3) {
        if (names.classic_place(p, place.province)) {
            if (room == 3 || p[3] == ' ') {
                place.coast = kNoCoast;
                return room == 3 ? end : p + 4;
            }
            if (p[3] == '/') return straight_coast(p + 3, end, place);
        }
    }
    if constexpr (kAnyName)
        return straight_other_place(names, p, end, place);
    else
        return nullptr;
}

// A one-byte word or a dash at `p` (kFolded), then the line's end or a space; 0 otherwise.
// `p` is moved past them.
[[gnu::always_inline]] inline char straight_letter(const char*& p, const char* end) {
    const std::ptrdiff_t room = end - p;
    if (room == 0 || (room >= 2 && p[1] != ' ')) return 0;
    const char c = kFolded[static_cast<unsigned char>(*p)];
    p += room >= 2 ? 2 : 1;
    return c;
}

// A unit's letter and its space at `p`, the type in `unit`: past them, or nullptr.
[[gnu::always_inline]] inline const char* straight_unit_letter(const char* p, const char* end,
                                                               UnitRef& unit) {
    if (end - p < 3 || p[1] != ' ') return nullptr;
    const std::uint8_t letter = kUnitLetter[static_cast<unsigned char>(*p)];
    if (letter == 0) return nullptr;
    unit.type = letter == 1 ? UnitType::Army : UnitType::Fleet;
    return p + 2;
}

// Where a straight reading stands: the place it goes on from, or how it ended.
enum class Stage : std::uint8_t {
    kUnit,       // the order's first byte
    kUnitPlace,  // the places, by what they are
    kDestination,
    kTargetPlace,
    kTargetDestination,
    kTaken,  // the whole line read
    kOther,  // a line the straight reader does not take
};
struct Reading {
    const char* at;  // the place to go on from
    Stage stage;
};

// The order after the prefix, read straight from `stage` on (at `p`). Without kAnyName a place
// of another name than three letters ends the reading at that place (its stage), where the
// reading with kAnyName goes on: a line with such names (the larger maps' "LON10") reads
// nothing twice.
template <bool kAnyName>
[[gnu::always_inline]] inline Reading read_order(const NameIndex& names, const char* p,
                                                 const char* const end, OrderSyntax& order,
                                                 std::uint8_t flags, Stage stage) {
    // Where a place of another name ends the reading without kAnyName; any slip ends it.
    constexpr auto left = [](Stage here) { return kAnyName ? Stage::kOther : here; };
    const char* next = nullptr;
    switch (stage) {
        case Stage::kUnitPlace:
            goto unit_place;
        case Stage::kDestination:
            goto destination;
        case Stage::kTargetPlace:
            goto target_place;
        case Stage::kTargetDestination:
            goto target_destination;
        default:
            break;
    }
    p = straight_unit_letter(p, end, order.unit);
    if (p == nullptr) return {p, Stage::kOther};
unit_place:
    next = straight_place<kAnyName>(names, p, end, order.unit.place);
    if (next == nullptr) return {p, left(Stage::kUnitPlace)};
    p = next;
    switch (straight_letter(p, end)) {
        case '-':
            if ((flags & kMove) == 0) return {p, Stage::kOther};
            order.kind = SyntaxKind::Move;
            order.target = UnitRef{};
            order.target_destination = kNoPlace;
        destination:
            next = straight_place<kAnyName>(names, p, end, order.destination);
            if (next == nullptr) return {p, left(Stage::kDestination)};
            return {next, next == end ? Stage::kTaken : Stage::kOther};
        case 'h':
            order.kind = SyntaxKind::Hold;
            order.destination = PlaceRef{};
            order.target = UnitRef{};
            order.target_destination = kNoPlace;
            return {p, p == end ? Stage::kTaken : Stage::kOther};
        case 's':
            if ((flags & kSupport) == 0) return {p, Stage::kOther};
            order.kind = SyntaxKind::Support;
            break;
        case 'c':
            if ((flags & kConvoy) == 0) return {p, Stage::kOther};
            order.kind = SyntaxKind::Convoy;
            break;
        default:
            return {p, Stage::kOther};
    }
    // A support or a convoy: the other unit.
    order.destination = PlaceRef{};
    p = straight_unit_letter(p, end, order.target);
    if (p == nullptr) return {p, Stage::kOther};
target_place:
    next = straight_place<kAnyName>(names, p, end, order.target.place);
    if (next == nullptr) return {p, left(Stage::kTargetPlace)};
    p = next;
    if (order.kind == SyntaxKind::Support) {
        if (p == end) {  // support to hold
            order.target_destination = kNoPlace;
            return {p, Stage::kTaken};
        }
        switch (straight_letter(p, end)) {
            case '-':
                break;
            case 'h':
                order.target_destination = kNoPlace;
                return {p, p == end ? Stage::kTaken : Stage::kOther};
            default:
                return {p, Stage::kOther};
        }
    } else if (straight_letter(p, end) != '-') {
        return {p, Stage::kOther};
    }
    order.target_destination.emplace();
target_destination:
    next = straight_place<kAnyName>(names, p, end, *order.target_destination);
    if (next == nullptr) return {p, left(Stage::kTargetDestination)};
    return {next, next == end ? Stage::kTaken : Stage::kOther};
}

// The line read straight from its start: the prefix, then the order.
template <bool kAnyName>
[[gnu::always_inline]] inline Reading read_straight(const NameIndex& names, std::string_view line,
                                                    ClassicLine& out, std::uint8_t flags) {
    const char* p = line.data();
    const char* const end = p + line.size();
    // The prefix first: nearly every line has one. A line without one begins with its unit's
    // letter and a space (a one-byte word is no prefix).
    std::size_t length = 0;
    if (std::endian::native == std::endian::little && line.size() >= 8) {
        std::uint64_t eight;
        std::memcpy(&eight, p, 8);
        length = kAnyName ? names.power_prefix(eight, out.power)
                          : names.first_power_prefix(eight, out.power);
    }
    if (length != 0) {
        // The unit after it needs three bytes or more: the byte after the colon may be read.
        p += length;
        if (end - p < 4) return {p, Stage::kOther};
        p += *p == ' ' ? 1 : 0;
    } else if (line.size() >= 2 && p[1] == ' ') {
        out.power = kNoPower;
    } else {
        return {p, Stage::kOther};
    }
    return read_order<kAnyName>(names, p, end, out.order, flags, Stage::kUnit);
}

// The flags of the common case: the reader on, the module guard known, and no module that could
// read a line's unit letter, support, convoy or move. Only then is a line read by
// read_classic_line's first reading and the two below, which take these flags as known rather
// than keep them in a register.
constexpr std::uint8_t kReady = kKnown | kOn | kUnitLetters | kSupport | kConvoy | kMove;

// A line read before the module guard is known, with the reader off, for a variant whose lines
// it may not read, or with a module that could read some classic line.
[[gnu::noinline]] bool read_unready(const NameIndex& names, std::string_view line, ClassicLine& out,
                                    std::uint8_t flags) {
    if ((flags & kKnown) == 0) flags = known_flags();
    if ((flags & (kOn | kUnitLetters)) != (kOn | kUnitLetters) || !names.classic_lines())
        return false;
    return read_straight<true>(names, line, out, flags).stage == Stage::kTaken ||
           read_carefully(names, line, out, flags);
}

// A line the first straight reading did not take (a prefix not the first of its first byte,
// other spacing, a slip), from its start.
[[gnu::noinline]] bool read_rest(const NameIndex& names, std::string_view line, ClassicLine& out) {
    return read_straight<true>(names, line, out, kReady).stage == Stage::kTaken ||
           read_carefully(names, line, out, kReady);
}

// A line the first straight reading left at a place of another name, from that place.
[[gnu::noinline]] bool read_on(const NameIndex& names, std::string_view line, ClassicLine& out,
                               Reading reading) {
    const char* const end = line.data() + line.size();
    return read_order<true>(names, reading.at, end, out.order, kReady, reading.stage).stage ==
               Stage::kTaken ||
           read_carefully(names, line, out, kReady);
}

}  // namespace

void use_classic_lines(bool on) {
    if (on)
        g_flags.fetch_or(kOn, std::memory_order_relaxed);
    else
        g_flags.fetch_and(static_cast<std::uint8_t>(~kOn), std::memory_order_relaxed);
}

bool read_classic_line(const NameIndex& names, std::string_view line, ClassicLine& out) {
    // Every call below the straight reading is a tail call: no register is saved for it.
    const std::uint8_t flags = g_flags.load(std::memory_order_relaxed);
    if ((flags & kReady) != kReady || !names.classic_lines())
        return read_unready(names, line, out, flags);
    const Reading reading = read_straight<false>(names, line, out, kReady);
    if (reading.stage == Stage::kTaken) return true;
    if (reading.stage == Stage::kOther) return read_rest(names, line, out);
    return read_on(names, line, out, reading);
}

}  // namespace adjutant
