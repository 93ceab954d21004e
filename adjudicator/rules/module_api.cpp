// SPDX-License-Identifier: Apache-2.0
// The server's questions to the modules (rules/module_api.h), answered from the registry.
#include "rules/module_api.h"

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The module that declares the action called `action`, whatever the variant, or nullptr.
const RuleModule* module_of(std::string_view action) {
    for (const RuleModule* module : rule_modules())
        for (const ModuleGmAction& a : module->gm_actions)
            if (a.name == action) return module;
    return nullptr;
}

// The registered action called `action`, whatever the variant, or nullptr.
const ModuleGmAction* find_gm_action(std::string_view action) {
    for (const RuleModule* module : rule_modules())
        for (const ModuleGmAction& a : module->gm_actions)
            if (a.name == action) return &a;
    return nullptr;
}

}  // namespace

bool is_module_gm_action(std::string_view action) {
    return find_gm_action(action) != nullptr;
}

std::string read_gm_action(std::string_view action, const nlohmann::json& body) {
    const ModuleGmAction* a = find_gm_action(action);
    if (a == nullptr) return "no GM action '" + std::string(action) + "'";
    return a->read != nullptr ? a->read(body) : std::string();
}

std::string apply_gm_action(const Variant& variant, std::string_view action,
                            std::span<const Order> orders, const nlohmann::json& body,
                            Position& position) {
    const ModuleGmAction* a = find_gm_action(action);
    if (a == nullptr || a->apply == nullptr) return "no GM action '" + std::string(action) + "'";
    return a->apply(variant, orders, body, position);
}

nlohmann::json gm_action_record(const Variant& variant, std::string_view action,
                                const Position& position) {
    const ModuleGmAction* a = find_gm_action(action);
    if (a == nullptr || a->record == nullptr) return nlohmann::json::object();
    return a->record(variant, position);
}

std::vector<std::string_view> gm_action_names() {
    std::vector<std::string_view> names;
    for (const RuleModule* module : rule_modules())
        for (const ModuleGmAction& a : module->gm_actions) names.push_back(a.name);
    return names;
}

std::string_view gm_action_subject(std::string_view action) {
    const ModuleGmAction* a = find_gm_action(action);
    return a != nullptr ? a->what : std::string_view();
}

void keep_gm_input(const Position& from, Position& to) {
    for (const RuleModule* module : rule_modules())
        for (const ModuleGmAction& a : module->gm_actions)
            if (a.keep != nullptr) a.keep(from, to);
}

bool may_wait_for_gm(const Variant& variant) {
    for (const RuleModule* module : rule_modules()) {
        if (!module->enabled(variant)) continue;
        for (const ModuleGmAction& a : module->gm_actions)
            if (a.pending != nullptr) return true;
    }
    return false;
}

std::optional<GmInputPending> gm_input_pending(const Variant& variant, const Position& position,
                                               std::span<const Order> orders,
                                               std::string_view phase) {
    for (const RuleModule* module : rule_modules()) {
        if (!module->enabled(variant)) continue;
        for (const ModuleGmAction& a : module->gm_actions) {
            if (a.pending == nullptr) continue;
            std::string message = a.pending(variant, position, orders, phase);
            if (!message.empty())
                return GmInputPending{std::string(a.name) + "_pending", std::move(message)};
        }
    }
    return std::nullopt;
}

bool gm_action_enabled(const Variant& variant, std::string_view action) {
    const RuleModule* module = module_of(action);
    return module != nullptr && module->enabled(variant);
}

std::optional<nlohmann::json> gm_action_view(const Variant& variant, std::string_view action,
                                             const Position& position,
                                             std::span<const Order> orders) {
    const ModuleGmAction* a = find_gm_action(action);
    if (a == nullptr || a->view == nullptr) return std::nullopt;
    return a->view(variant, position, orders);
}

}  // namespace adjutant
