// SPDX-License-Identifier: Apache-2.0
#include "orders/order_reader.h"

#include <optional>

namespace adjutant {

namespace {

// A coast's word: "nc", "north" and the like (core/ids.h's coast_from_code, by keyword).
std::optional<Coast> coast_word(const Token& token) {
    switch (static_cast<Keyword>(token.word)) {
        case Keyword::Nc:
        case Keyword::North:
            return Coast::North;
        case Keyword::Sc:
        case Keyword::South:
            return Coast::South;
        case Keyword::Ec:
        case Keyword::East:
            return Coast::East;
        case Keyword::Wc:
        case Keyword::West:
            return Coast::West;
        default:
            return std::nullopt;
    }
}

}  // namespace

// The supported or convoyed unit, optionally preceded by its nationality, which is ignored
// (DATC 4.C.5, 4.C.6).
bool OrderReader::read_target(UnitRef& target, const char* what) {
    if (at_end()) return fail(std::string("missing unit for ") + what);
    if (peek().kind == TokenKind::Word && !names_.province(tokens_, pos_).found) {
        NameIndex::Match power = names_.power(tokens_, pos_);
        if (power.found) pos_ = power.end;
    }
    return read_unit(target, what);
}

bool OrderReader::missing_unit(const char* after) {
    return fail(*after ? std::string("missing unit after ") + after
                       : std::string("missing province"));
}

bool OrderReader::missing_place(const char* what) {
    return fail(what ? std::string("missing destination for ") + what
                     : std::string("missing province"));
}

bool OrderReader::unknown_place() {
    if (peek().kind == TokenKind::Word) return fail("unknown province " + quoted(peek()));
    return fail("expected a province, found " + quoted(peek()));
}

// "/nc", "/north coast", "(nc)", "(north coast)", " nc", " north coast".
bool OrderReader::read_coast(PlaceRef& place) {
    if (at_end()) return true;
    if (peek().kind == TokenKind::Slash) {
        ++pos_;
        return read_coast_words(place);
    }
    if (peek().kind == TokenKind::LParen) {
        ++pos_;
        if (!read_coast_words(place)) return false;
        if (at_end() || peek().kind != TokenKind::RParen) return fail("missing ')' after coast");
        ++pos_;
        return true;
    }
    // A bare coast word. A province name cannot follow a place in any order, so "north"
    // here is a coast even though it is also an alias of the North Sea.
    if (coast_word(peek())) return read_coast_words(place);
    return true;
}

bool OrderReader::read_coast_words(PlaceRef& place) {
    if (at_end() || peek().kind != TokenKind::Word) return fail("missing coast");
    const Token& first = peek();
    const std::optional<Coast> coast = coast_word(first);
    if (!coast) return fail("unknown coast " + quoted(first));
    place.coast = coast;
    // "north coast": the second word belongs to the first.
    pos_ += pos_ + 1 < tokens_.size() && is_word(tokens_[pos_ + 1], Keyword::Coast) ? 2 : 1;
    return true;
}

}  // namespace adjutant
