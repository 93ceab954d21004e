// SPDX-License-Identifier: Apache-2.0
// The reading position over one order's tokens, and the readers of its common parts (units,
// places, coasts, the move operator). The order syntax (syntax.cpp) is written with them, and so
// are the rule modules' own orders (module/rule_module.h's read_order, read_unit_action).
//
// Every reader either advances and returns true, or sets the error and returns false; the first
// error ends the order. The core's syntax tests its words by Keyword; a module's hook tests the
// words it lists (RuleModule::words) by ModuleWord, whose ids the core gives the reader before
// it offers the hook a line (use_module_words).
#pragma once

#include <concepts>
#include <span>
#include <string>
#include <string_view>

#include "module/rule_module.h"
#include "orders/lexer.h"
#include "orders/names.h"
#include "orders/syntax.h"

namespace adjutant {

class OrderReader {
  public:
    OrderReader(const NameIndex& names, std::span<const Token> tokens)
        : names_(names), tokens_(tokens) {}

    const NameIndex& names() const { return names_; }
    bool at_end() const { return pos_ >= tokens_.size(); }
    const Token& peek() const { return tokens_[pos_]; }
    // The token `ahead` places after the current one, or nullptr past the end.
    const Token* ahead(std::size_t ahead) const {
        return pos_ + ahead < tokens_.size() ? &tokens_[pos_ + ahead] : nullptr;
    }
    // Whether there is a token and it is one of the core's words: a byte compared with each.
    template <class... More>
    requires(std::same_as<More, Keyword>&&...) bool next_is(Keyword keyword, More... more) const {
        return !at_end() && (is_word(peek(), keyword) || (is_word(peek(), more) || ...));
    }
    // The same for the words of the module whose hook reads (kWords["besiege"]).
    template <class... More>
    requires(std::same_as<More, ModuleWord>&&...) bool next_is(ModuleWord word,
                                                               More... more) const {
        return !at_end() && (is(peek(), word) || (is(peek(), more) || ...));
    }
    // Whether the token `ahead` places after the current one is one of the module's words.
    template <class... More>
    requires(std::same_as<More, ModuleWord>&&...) bool ahead_is(std::size_t ahead, ModuleWord word,
                                                                More... more) const {
        const Token* token = this->ahead(ahead);
        return token != nullptr && (is(*token, word) || (is(*token, more) || ...));
    }
    // Whether `token` is the module's word `word`.
    bool is(const Token& token, ModuleWord word) const {
        return token.word == module_words_[word.index];
    }
    // The ids of the words of the module whose hook is offered the tokens next, by place
    // (OrderLanguage's ModuleReader).
    void use_module_words(std::span<const WordId> ids) { module_words_ = ids; }
    std::size_t position() const { return pos_; }
    void advance(std::size_t n = 1) { pos_ += n; }
    // Back to `position`, forgetting any error met since: for an order read on trial.
    void rewind(std::size_t position) {
        pos_ = position;
        error_.clear();
    }
    // A power's name starting here (names may take several tokens): the match ends at `end`,
    // where the reader goes on with `advance(end - position())`.
    NameIndex::Match power_here() const { return names_.power(tokens_, pos_); }
    bool fail(std::string message) {
        error_ = std::move(message);
        return false;
    }
    const std::string& error() const { return error_; }

    // "-", "->", "to", "move", "moves", "move to", "moves to".
    bool read_move_operator() {
        if (at_end()) return false;
        if (peek().kind == TokenKind::Dash || is_word(peek(), Keyword::To)) {
            ++pos_;
            return true;
        }
        if (next_is(Keyword::Move, Keyword::Moves)) {
            ++pos_;
            if (next_is(Keyword::To)) ++pos_;
            return true;
        }
        return false;
    }
    // The supported or convoyed unit, optionally preceded by its nationality, which is ignored
    // (DATC 4.C.5, 4.C.6).
    bool read_target(UnitRef& target, const char* what);
    // A unit: an optional letter and its place; `after` names what it follows, for messages.
    bool read_unit(UnitRef& unit, const char* after) {
        if (next_is(Keyword::A, Keyword::Army)) {
            unit.type = UnitType::Army;
            ++pos_;
        } else if (next_is(Keyword::F, Keyword::Fleet)) {
            unit.type = UnitType::Fleet;
            ++pos_;
        }
        if (at_end()) return missing_unit(after);
        return read_place(unit.place, nullptr);
    }
    // A place with its coast as written; `what` names what it is for, for messages.
    bool read_place(PlaceRef& place, const char* what) {
        if (at_end()) return missing_place(what);
        const NameIndex::Match m = names_.province(tokens_, pos_);
        if (!m.found) return unknown_place();
        place.province = static_cast<ProvinceId>(m.id);
        pos_ = m.end;
        // Most places have no coast after them: one look at the next token says so.
        if (at_end() || !may_begin_coast(peek())) return true;
        return read_coast(place);
    }

  private:
    // Whether `token` may begin a coast: "/", "(" or a coast's word (read_coast).
    static bool may_begin_coast(const Token& token) {
        switch (token.kind) {
            case TokenKind::Slash:
            case TokenKind::LParen:
                return true;
            default:
                return coast_keyword(token.word);
        }
    }
    static bool coast_keyword(WordId word) {
        switch (static_cast<Keyword>(word)) {
            case Keyword::Nc:
            case Keyword::North:
            case Keyword::Sc:
            case Keyword::South:
            case Keyword::Ec:
            case Keyword::East:
            case Keyword::Wc:
            case Keyword::West:
                return true;
            default:
                return false;
        }
    }
    // The messages of the readers above, each made only when it is needed.
    [[gnu::cold]] bool missing_unit(const char* after);
    [[gnu::cold]] bool missing_place(const char* what);
    [[gnu::cold]] bool unknown_place();
    bool read_coast(PlaceRef& place);
    bool read_coast_words(PlaceRef& place);

    const NameIndex& names_;
    std::span<const Token> tokens_;
    std::span<const WordId> module_words_;
    std::size_t pos_ = 0;
    std::string error_;
};

}  // namespace adjutant
