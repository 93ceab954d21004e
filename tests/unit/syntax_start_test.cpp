// SPDX-License-Identifier: Apache-2.0
// The rule modules' syntax starts (module/rule_module.h's SyntaxStart): the core offers a line
// only to the readers whose start it matches, which is only right if every reader answers
// NotMine, untouched, to every line that begins otherwise.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "module/rule_module.h"
#include "orders/names.h"
#include "orders/order_language.h"
#include "orders/order_reader.h"
#include "parser_test_support.h"

using namespace adjutant;

namespace {

using ModuleHook = SyntaxMatch (*RuleModule::*)(OrderReader&, OrderSyntax&);
using ModuleStart = const SyntaxStart* RuleModule::*;
using Readers = std::span<const ModuleReader> (OrderLanguage::*)(const Token&) const;

bool offered(std::span<const ModuleReader> readers, const RuleModule* module) {
    for (const ModuleReader& reader : readers)
        if (reader.module == module) return true;
    return false;
}

// First words of every class: each word of the language, a word that is none, a general's rank,
// a dash and the other marks.
std::vector<std::string> first_words(const OrderLanguage& language) {
    std::vector<std::string> words;
    for (std::size_t id = 1; id < language.words().size(); ++id)
        words.emplace_back(language.words().spelling(static_cast<WordId>(id)));
    for (const char* other : {"PAR", "xyzzy", "G3", "-", "->", "/", "(", ")", ":", "%"})
        words.emplace_back(other);
    return words;
}

// What may follow a first word in a module's order, so that a reader that would take the word
// gets as far as it can.
const char* const kRests[] = {"",
                              " PAR",
                              " 3 PAR",
                              " PAR - BUR",
                              " - RAIL - BUR",
                              " - BUR - RAIL - MUN",
                              " TRAINS",
                              " RATIONS",
                              " 300 - BUR",
                              " 2 SIEGE GUNS - BUR",
                              " D PAR",
                              " FLOTILLA PAR",
                              " 3 - A PAR",
                              " BER SUPPLY A MUN",
                              " PAR S A BUR - PAR"};

void check_start(ModuleHook reader, ModuleStart start_of, Readers readers_for, const char* hook) {
    const NameIndex names(parser_test::standard());
    const OrderLanguage language(rule_modules());
    for (const RuleModule* module : rule_modules()) {
        if (module->*reader == nullptr || module->*start_of == nullptr) continue;
        for (const std::string& word : first_words(language)) {
            for (const char* rest : kRests) {
                const std::string line = word + rest;
                const std::vector<Token> tokens = tokenize(line, language.words());
                if (tokens.empty()) continue;
                if (offered((language.*readers_for)(tokens[0]), module)) continue;
                OrderReader r(names, tokens);
                r.use_module_words(language.words_of(*module));
                OrderSyntax order;
                const SyntaxMatch match = (module->*reader)(r, order);
                INFO(module->name, " ", hook, ": '", line, "'");
                CHECK(match == SyntaxMatch::NotMine);
                CHECK(r.position() == 0);
                CHECK(order.kind == SyntaxKind::Hold);
            }
        }
    }
}

}  // namespace

TEST_CASE("syntax start: a module's order reader takes no line that begins outside its start") {
    check_start(&RuleModule::read_order, &RuleModule::order_start, &OrderLanguage::order_readers,
                "read_order");
}

TEST_CASE(
    "syntax start: a module's unit action reader takes no line that begins outside its start") {
    check_start(&RuleModule::read_unit_action, &RuleModule::unit_action_start,
                &OrderLanguage::unit_action_readers, "read_unit_action");
}

TEST_CASE("syntax start: the lines a module reads are still offered to it") {
    // One order of each reader that declares a start, read whole through the parser's syntax.
    const NameIndex names(parser_test::standard());
    const OrderLanguage language(rule_modules());
    for (const char* line : {"A PAR SPLIT 300 - BUR",
                             "A PAR SEND 2 SIEGE GUNS - BUR",
                             "A PAR JOIN BUR",
                             "BUY D PAR",
                             "D PAR - BUR",
                             "A PAR ENTRENCH",
                             "A PAR RETIRE - BUR",
                             "G3 - A PAR",
                             "TRANSFER G3 TO A PAR",
                             "RAISE 300 A PAR",
                             "REINFORCE A PAR 100",
                             "BUY FLOTILLA PAR",
                             "G PAR SORTIE",
                             "A PAR BESIEGE",
                             "T BER SUPPLY A MUN",
                             "BUY 2 T PAR",
                             "CAPTURE TRAINS",
                             "A PAR DEMOLISH BUR",
                             "A PAR CONVERT BUR",
                             "A PAR - RAIL - MUN",
                             "A PAR - BUR - RAIL - MUN"}) {
        const std::vector<Token> tokens = tokenize(line, language.words());
        const SyntaxResult read = read_order(language, names, tokens);
        INFO(line, ": ", read.error);
        REQUIRE(read.order.has_value());
        CHECK(read.order->kind == SyntaxKind::Module);
    }
}
