// adjutant adjudicate --variant V [--position P.json] --orders O.txt [--seed N]
// Prints the adjudication report (report/adjudication_json.h) as JSON on standard output.
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string>

#include "adjudicate.h"
#include "cli/commands.h"
#include "cli/variant_files.h"
#include "orders/parser.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"

namespace adjutant::cli {

namespace {
constexpr int kUsage = 64;
constexpr int kDataError = 65;
constexpr int kNoInput = 66;

int usage() {
    std::fputs(
        "usage: adjutant adjudicate --variant NAME|FILE [--position P.json] --orders O.txt"
        " [--seed N]\n",
        stderr);
    return kUsage;
}
}  // namespace

int adjudicate_command(Args args) {
    std::string variant_name;
    std::string position_path;
    std::string orders_path;
    DiceSeed seed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string arg = args[i];
        const bool has_value = i + 1 < args.size();
        if (arg == "--variant" && has_value)
            variant_name = args[++i];
        else if (arg == "--position" && has_value)
            position_path = args[++i];
        else if (arg == "--orders" && has_value)
            orders_path = args[++i];
        else if (arg == "--seed" && has_value) {
            // 64 hex digits: a game's revealed 256-bit seed; a decimal number: a 64-bit one
            // (games created before 256-bit seeds, and hand-picked test seeds).
            const std::string_view text = args[++i];
            if (auto v2 = DiceSeed::from_hex(text)) {
                seed = *v2;
            } else {
                std::uint64_t value = 0;
                const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
                if (ec != std::errc() || end != text.data() + text.size()) {
                    std::fprintf(stderr,
                                 "adjutant: --seed takes 64 hex digits or a decimal number\n");
                    return kUsage;
                }
                seed = value;
            }
        }
        else
            return usage();
    }
    if (variant_name.empty() || orders_path.empty()) return usage();

    std::vector<std::string> errors;
    auto load = load_variant_by_name(variant_name, errors);
    if (!load) {
        for (const auto& e : errors) std::fprintf(stderr, "adjutant: %s\n", e.c_str());
        return kDataError;
    }
    const Variant& variant = *load->variant;

    Position position = starting_position(variant);
    if (!position_path.empty()) {
        std::string text;
        if (!read_file(position_path, text)) {
            std::fprintf(stderr, "adjutant: cannot read %s\n", position_path.c_str());
            return kNoInput;
        }
        const auto json = nlohmann::json::parse(text, nullptr, false);
        if (json.is_discarded()) {
            std::fprintf(stderr, "adjutant: %s: not valid JSON\n", position_path.c_str());
            return kDataError;
        }
        PositionLoad loaded = position_from_json(variant, json);
        if (!loaded.position) {
            for (const auto& e : loaded.errors)
                std::fprintf(stderr, "adjutant: %s: %s\n", position_path.c_str(), e.c_str());
            return kDataError;
        }
        position = *loaded.position;
    }
    std::string orders_text;
    if (!read_file(orders_path, orders_text)) {
        std::fprintf(stderr, "adjutant: cannot read %s\n", orders_path.c_str());
        return kNoInput;
    }
    const ParsedOrders parsed = parse_orders(variant, position, orders_text, kNoPower);
    const Adjudication result = adjudicate(variant, position, parsed.orders, seed);
    std::cout << adjudication_to_json(variant, parsed, result).dump(2) << '\n';
    return 0;
}

}  // namespace adjutant::cli
