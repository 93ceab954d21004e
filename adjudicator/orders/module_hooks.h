// SPDX-License-Identifier: Apache-2.0
// The registered rule modules that fill in one hook, found once per process.
//
// The parser offers every line to the modules' syntax hooks and checks every accepted line
// against their `conflict` and `refuse` hooks; most modules have none of these hooks, so the
// lists are worked out once from the registry (which never changes) rather than per line.
#pragma once

#include <span>
#include <vector>

#include "module/rule_module.h"
#include "orders/keywords.h"
#include "orders/lexer.h"

namespace adjutant {

namespace module_hooks_detail {

// The lists below, worked out on their first use.
template <auto Hook>
std::vector<const RuleModule*> find_modules_with() {
    std::vector<const RuleModule*> found;
    for (const RuleModule* module : rule_modules())
        if (module->*Hook != nullptr) found.push_back(module);
    return found;
}

}  // namespace module_hooks_detail

// The modules whose `Hook` is set, in the registry's order.
template <auto Hook>
std::span<const RuleModule* const> modules_with() {
    static const std::vector<const RuleModule*> modules =
        module_hooks_detail::find_modules_with<Hook>();
    return modules;
}

namespace module_hooks_detail {

// A token's class for the syntax readers' starts: its keyword, or one of three more.
inline constexpr std::size_t kOtherWord = keyword_detail::kCount;  // a word, no keyword
inline constexpr std::size_t kDash = kOtherWord + 1;
inline constexpr std::size_t kOtherToken = kDash + 1;  // a slash, a bracket, a colon
inline constexpr std::size_t kClasses = kOtherToken + 1;

inline std::size_t token_class(const Token& token) {
    if (token.kind == TokenKind::Dash) return kDash;
    if (token.kind != TokenKind::Word) return kOtherToken;
    return token.keyword == Keyword::None ? kOtherWord : static_cast<std::size_t>(token.keyword);
}

inline bool begins(const SyntaxStart& start, std::size_t token_class) {
    if (token_class == kOtherWord) return start.other_word;
    if (token_class == kDash) return start.move_operator;
    if (token_class == kOtherToken) return false;
    const auto keyword = static_cast<Keyword>(token_class);
    if (start.move_operator &&
        (keyword == Keyword::To || keyword == Keyword::Move || keyword == Keyword::Moves))
        return true;
    for (Keyword k : start.keywords)
        if (k == keyword) return true;
    return false;
}

template <auto Hook, auto Start>
std::vector<std::vector<const RuleModule*>> modules_by_class() {
    std::vector<std::vector<const RuleModule*>> modules(kClasses);
    for (const RuleModule* module : modules_with<Hook>()) {
        const SyntaxStart* start = module->*Start;
        for (std::size_t c = 0; c < kClasses; ++c)
            if (start == nullptr || begins(*start, c)) modules[c].push_back(module);
    }
    return modules;
}

}  // namespace module_hooks_detail

// The modules whose syntax reader `Hook` may read a line beginning with `first`, in the
// registry's order (their `Start`: RuleModule::order_start for read_order). Worked out once
// per process for every kind of first token, so a line is offered to no reader whose words it
// cannot begin with: most lines to none.
template <auto Hook, auto Start>
std::span<const RuleModule* const> modules_for(const Token& first) {
    using namespace module_hooks_detail;
    static const std::vector<std::vector<const RuleModule*>> by_class =
        modules_by_class<Hook, Start>();
    return by_class[token_class(first)];
}

}  // namespace adjutant
