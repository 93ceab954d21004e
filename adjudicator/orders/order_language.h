// SPDX-License-Identifier: Apache-2.0
// The order language one parser reads: the vocabulary of the core's words and of every
// registered rule module's (RuleModule::words), and the modules' syntax readers by the first
// token of the lines they may read (RuleModule::order_start, unit_action_start).
//
// Each OrderParser builds its own from the registry when it is built, so a module a test
// registers first (ScopedRuleModule) adds its words and its orders; nothing is shared between
// parsers or threads. A line is offered to no reader whose words it cannot begin with: most
// lines to none.
#pragma once

#include <span>
#include <vector>

#include "module/rule_module.h"
#include "orders/lexer.h"
#include "orders/vocabulary.h"

namespace adjutant {

// A module's syntax reader as the parser offers it a line: the module, and the ids its words
// (RuleModule::words, by place) have in the parser's vocabulary, for OrderReader::next_is.
struct ModuleReader {
    const RuleModule* module;
    std::span<const WordId> words;
};

class OrderLanguage {
  public:
    explicit OrderLanguage(std::span<const RuleModule* const> modules);
    // The readers point into the language's own lists.
    OrderLanguage(const OrderLanguage&) = delete;
    OrderLanguage& operator=(const OrderLanguage&) = delete;

    const Vocabulary& words() const { return words_; }
    // The modules whose read_order, or read_unit_action, may read a line beginning with
    // `first`, in the registry's order.
    std::span<const ModuleReader> order_readers(const Token& first) const {
        return order_readers_[token_class(first)];
    }
    std::span<const ModuleReader> unit_action_readers(const Token& first) const {
        return unit_action_readers_[token_class(first)];
    }
    // The ids of `module`'s words (RuleModule::words, by place); empty for a module it was not
    // built with.
    std::span<const WordId> words_of(const RuleModule& module) const;

  private:
    // A token's class for the readers' starts: its word's id (kNoWord: a word of none), or
    // one of two more.
    std::size_t dash_class() const { return words_.size(); }
    std::size_t other_token_class() const { return words_.size() + 1; }  // a slash, a bracket
    std::size_t token_class(const Token& token) const {
        if (token.kind == TokenKind::Word) return token.word;
        return token.kind == TokenKind::Dash ? dash_class() : other_token_class();
    }
    using Readers = std::vector<std::vector<ModuleReader>>;  // by token class
    Readers readers_by_class(SyntaxMatch (*RuleModule::*hook)(OrderReader&, OrderSyntax&),
                             const SyntaxStart* RuleModule::*start) const;
    bool begins(const SyntaxStart& start, std::span<const WordId> words, std::size_t c) const;

    std::vector<const RuleModule*> modules_;
    Vocabulary words_;
    std::vector<std::vector<WordId>> module_words_;  // per module of modules_, by place
    Readers order_readers_;
    Readers unit_action_readers_;
};

}  // namespace adjutant
