// SPDX-License-Identifier: Apache-2.0
// adjutant adjudicate --variant V [--position P.json] --orders O.txt [--seed N]
// Prints the adjudication report (report/adjudication_json.h) as JSON on standard output.
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string>

#include "adjudicate.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/variant_files.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "starting_position.h"

namespace adjutant::cli {

int adjudicate_command(Args args) {
    std::string variant_name;
    std::string position_path;
    std::string orders_path;
    DiceSeed seed;
    // 64 hex digits: a game's revealed 256-bit seed; a decimal number: a 64-bit one (games
    // created before 256-bit seeds, and hand-picked test seeds).
    std::string seed_text;
    CLI::App parser{"Adjudicates one phase and prints the report as JSON.", "adjutant adjudicate"};
    parser
        .add_option("--variant", variant_name,
                    "variant name (looked up in $ADJUTANT_VARIANTS, ./config/variants) or file")
        ->required();
    parser.add_option("--position", position_path,
                      "position document (default: the variant's starting position)");
    parser.add_option("--orders", orders_path, "order file, one order per line")->required();
    parser.add_option("--seed", seed_text,
                      "the game's dice seed: 64 hex digits, or a decimal 64-bit number");
    if (auto code = parse_options(parser, args)) return *code;
    if (!seed_text.empty()) {
        if (auto hex = DiceSeed::from_hex(seed_text)) {
            seed = *hex;
        } else {
            std::uint64_t value = 0;
            const char* end_of_text = seed_text.data() + seed_text.size();
            const auto [end, ec] = std::from_chars(seed_text.data(), end_of_text, value);
            if (ec != std::errc() || end != end_of_text) {
                std::fprintf(stderr, "adjutant: --seed takes 64 hex digits or a decimal number\n");
                return kExUsage;
            }
            seed = value;
        }
    }

    std::vector<std::string> errors;
    auto load = load_variant_by_name(variant_name, errors);
    if (!load) {
        for (const auto& e : errors) std::fprintf(stderr, "adjutant: %s\n", e.c_str());
        return kExDataErr;
    }
    const Variant& variant = *load->variant;

    Position position = starting_position(variant);
    if (!position_path.empty()) {
        std::string text;
        if (!read_file(position_path, text)) {
            std::fprintf(stderr, "adjutant: cannot read %s\n", position_path.c_str());
            return kExNoInput;
        }
        const auto json = nlohmann::json::parse(text, nullptr, false);
        if (json.is_discarded()) {
            std::fprintf(stderr, "adjutant: %s: not valid JSON\n", position_path.c_str());
            return kExDataErr;
        }
        PositionLoad loaded = position_from_json(variant, json);
        if (!loaded.position) {
            for (const auto& e : loaded.errors)
                std::fprintf(stderr, "adjutant: %s: %s\n", position_path.c_str(), e.c_str());
            return kExDataErr;
        }
        position = *loaded.position;
    }
    std::string orders_text;
    if (!read_file(orders_path, orders_text)) {
        std::fprintf(stderr, "adjutant: cannot read %s\n", orders_path.c_str());
        return kExNoInput;
    }
    const ParsedOrders parsed = parse_orders(variant, position, orders_text, kNoPower);
    const Adjudication result = adjudicate(variant, position, parsed.orders, seed);
    std::cout << adjudication_to_json(variant, parsed, result).dump(2) << '\n';
    return 0;
}

}  // namespace adjutant::cli
