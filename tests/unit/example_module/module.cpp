// SPDX-License-Identifier: Apache-2.0
// The example module's hooks (example_module.h): its parameter, its order word, its step of the
// week and its part of the position document, each in a few lines.
#include <nlohmann/json.hpp>
#include <string>

#include "example_module.h"
#include "orders/order_reader.h"
#include "orders/parser.h"
#include "position/position.h"
#include "position/position_reader.h"
#include "turn/turn_context.h"
#include "variant/variant_fields.h"

namespace adjutant::example_module {

namespace {

using nlohmann::json;

bool enabled(const Variant& variant) {
    return variant.campaign.has_value() && variant.campaign->modules.enabled("example");
}

void read_parameters(VariantFields& fields, const json& part, const std::string& at) {
    fields.check().only_fields(part, at, {"step"});
    fields.campaign().modules.get<ExampleRules>().step =
        static_cast<int>(fields.bounded(part, at, "step", 1, 10, 1));
}

// Its order, "TALLY": a word of its own, which no core file lists.
constexpr ModuleWords kWords{"tally"};
constexpr ModuleWord kOrderWords[] = {kWords["tally"]};
const SyntaxStart kOrderStart{kOrderWords};

Checked check_tally(const Variant& variant, const Position&, PowerId power, const OrderSyntax&) {
    if (!enabled(variant)) return Checked::refused("this map does not count weeks");
    return Checked{module_order(kTally, power), "", ""};
}

std::string tally_text(const Variant&, const Order&) {
    return "TALLY";
}

SyntaxMatch read_order(OrderReader& r, OrderSyntax& order) {
    if (!r.next_is(kWords["tally"])) return SyntaxMatch::NotMine;
    r.advance();
    set_module_kind(order, kTally);
    return SyntaxMatch::Read;
}

void end_of_week(TurnContext& context) {
    ExampleState& state = context.result.next.modules.get<ExampleState>();
    state.weeks += parameters(context.variant).step;
    context.event("example.week", kNoPower, kNoProvince,
                  "the example module counts " + std::to_string(state.weeks));
}

const std::string_view kPositionKeys[1] = {"example"};

void read_position(PositionReader& reader, const json& document) {
    const auto it = document.find("example");
    if (it == document.end() || !reader.check().expect(*it, "/example", JsonKind::Object)) return;
    reader.check().only_fields(*it, "/example", {"weeks"});
    reader.position().modules.get<ExampleState>().weeks =
        reader.integer<std::int64_t>(*it, "/example", "weeks");
}

void write_position(const Variant&, const Position& position, json& document) {
    const ExampleState* state = position.modules.find<ExampleState>();
    if (state != nullptr && !state->empty()) document["example"] = {{"weeks", state->weeks}};
}

}  // namespace

const ModuleOrderKind kTally{"tally", false, check_tally, tally_text};

const RuleModule kModule{
    .name = "example",
    .enabled = enabled,
    .read_parameters = read_parameters,
    .words = kWords.spellings,
    .read_order = read_order,
    .order_start = &kOrderStart,
    .end_of_week = end_of_week,
    .position_keys = kPositionKeys,
    .read_position = read_position,
    .write_position = write_position,
};

}  // namespace adjutant::example_module
