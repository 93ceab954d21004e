// SPDX-License-Identifier: Apache-2.0
#include "orders/order_language.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace adjutant {

namespace {

// Every module's words, one list: the vocabulary keeps each spelling once.
std::vector<std::string_view> all_words(std::span<const RuleModule* const> modules) {
    std::vector<std::string_view> words;
    for (const RuleModule* module : modules)
        words.insert(words.end(), module->words.begin(), module->words.end());
    return words;
}

bool same_word(std::string_view word, std::string_view spelling) {
    return word.size() == spelling.size() &&
           std::equal(word.begin(), word.end(), spelling.begin(), [](char a, char b) {
               return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
           });
}

}  // namespace

OrderLanguage::OrderLanguage(std::span<const RuleModule* const> modules)
    : modules_(modules.begin(), modules.end()), words_(all_words(modules)) {
    for (const RuleModule* module : modules_) {
        std::vector<WordId>& ids = module_words_.emplace_back();
        for (const std::string_view spelling : module->words) ids.push_back(words_.find(spelling));
    }
    order_readers_ = readers_by_class(&RuleModule::read_order, &RuleModule::order_start);
    unit_action_readers_ =
        readers_by_class(&RuleModule::read_unit_action, &RuleModule::unit_action_start);
}

std::span<const WordId> OrderLanguage::words_of(const RuleModule& module) const {
    const auto at = std::find(modules_.begin(), modules_.end(), &module);
    if (at == modules_.end()) return {};
    return module_words_[static_cast<std::size_t>(at - modules_.begin())];
}

OrderLanguage::Readers OrderLanguage::readers_by_class(
    SyntaxMatch (*RuleModule::*hook)(OrderReader&, OrderSyntax&),
    const SyntaxStart* RuleModule::*start) const {
    Readers readers(other_token_class() + 1);
    for (std::size_t m = 0; m < modules_.size(); ++m) {
        const RuleModule* module = modules_[m];
        if (module->*hook == nullptr) continue;
        const std::span<const WordId> words = module_words_[m];
        for (std::size_t c = 0; c < readers.size(); ++c)
            if (module->*start == nullptr || begins(*(module->*start), words, c))
                readers[c].push_back(ModuleReader{module, words});
    }
    return readers;
}

bool OrderLanguage::begins(const SyntaxStart& start, std::span<const WordId> words,
                           std::size_t c) const {
    if (c == kNoWord) return start.other_word;
    if (c == dash_class()) return start.move_operator;
    if (c == other_token_class()) return false;
    if (start.move_operator && (c == static_cast<std::size_t>(Keyword::To) ||
                                c == static_cast<std::size_t>(Keyword::Move) ||
                                c == static_cast<std::size_t>(Keyword::Moves)))
        return true;
    for (const ModuleWord word : start.words) {
        if (word.index >= words.size())
            throw std::logic_error("a syntax start names a word its module does not list");
        if (words[word.index] == c) return true;
    }
    return false;
}

bool is_order_word(std::string_view word) {
    if (keyword_of(word) != Keyword::None) return true;
    for (const RuleModule* module : rule_modules())
        for (const std::string_view spelling : module->words)
            if (same_word(word, spelling)) return true;
    return false;
}

}  // namespace adjutant
