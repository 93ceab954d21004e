// SPDX-License-Identifier: Apache-2.0
// What the server asks of the rule modules, naming none (docs/rule-modules.md, "What the server
// asks"): the registry's hooks (module/rule_module.h, which is private) behind calls that take
// a variant and an action's word. A new module's GM action reaches the API without a line of
// the server changed. (The week's summary is report/week_summary.h's.)
//
// Pure, as the whole library is: the server loads and stores, these functions only answer.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "orders/order.h"
#include "position/position.h"

namespace adjutant {

struct Variant;

// The GM's actions the modules declare (ModuleGmAction), whatever the variant: the word in the
// API's path names one ("interdict", "battles"). Each holds what the GM enters into the current
// phase's position; `apply_gm_action` refuses it where the module is not enabled.
bool is_module_gm_action(std::string_view action);
// Why `body` is not a form of `action`'s input, or empty.
std::string read_gm_action(std::string_view action, const nlohmann::json& body);
// Puts the GM's input into `position`, the current phase's with `orders`; why not, or empty.
std::string apply_gm_action(const Variant& variant, std::string_view action,
                            std::span<const Order> orders, const nlohmann::json& body,
                            Position& position);
// The input of `action` that `position` holds, as the action's audit records it.
nlohmann::json gm_action_record(const Variant& variant, std::string_view action,
                                const Position& position);

// For replay: every module's GM action, in the registry's order, and what each enters
// ("interdiction marks").
std::vector<std::string_view> gm_action_names();
std::string_view gm_action_subject(std::string_view action);
// The GM's input of every action, copied from `from` into `to`: a recomputed position takes
// the stored one's before the two are compared.
void keep_gm_input(const Position& from, Position& to);

// Whether a phase of `variant` may wait for the GM's input before it resolves (a module with a
// pending action is enabled): only then need the server gather the phase's orders to ask.
bool may_wait_for_gm(const Variant& variant);
// What the phase, with `orders`, waits for: the 409's code ("battles_pending") and words.
struct GmInputPending {
    std::string code;
    std::string message;
};
std::optional<GmInputPending> gm_input_pending(const Variant& variant, const Position& position,
                                               std::span<const Order> orders,
                                               std::string_view phase);

// What the GM reads before he takes `action` on the current phase, `position` with `orders`
// (the tabletop battles the orders bring about, with the results entered so far): the module's
// own document, which the server sends as it is beside the phase (GET /games/{id}/battles).
// None when no module's `action` has a view. The orders matter only where the action's module
// is enabled (gm_action_enabled): elsewhere the server need not gather them.
bool gm_action_enabled(const Variant& variant, std::string_view action);
std::optional<nlohmann::json> gm_action_view(const Variant& variant, std::string_view action,
                                             const Position& position,
                                             std::span<const Order> orders);

}  // namespace adjutant
