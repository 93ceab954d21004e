// SPDX-License-Identifier: Apache-2.0
// The one list of rule modules (module/rule_module.h). Their hooks run in this order every
// week: the tabletop battles' losses first (the GM's results are what the week's steps see),
// then the armies' splits (a detachment is an army by the time supply is traced), then the
// troops mustered from the treasury (a raised army is one too), then
// supply lines, then the sieges that read them, then the field works (which give up
// the works of an army that melted away), then the detachments (which ride out once the armies
// and trains have moved, and meet them where the week left them), then rail engineering, which
// reads where the armies ended the week, then the generals, who go where the week took their
// commands and replace those the week cost, then the barge flotillas, bought once the week's
// treasury is known and lost with the cities the week took, then the armies' experience
// classes, which follow the points every other step left (docs/design.md, "Phases";
// docs/campaign.md, "Turns"). Fog of war changes no week: it only says what a power sees of a
// position (position/sight.h).
//
// A module's needs (RuleModule::needs) say whose headers it includes; they form no cycle
// (docs/rule-modules.md, "Needs"). Where a module asks something of one that needs it, it
// declares the function in its own header and this file defines it by the other module's, at
// the end: the one place that names both.
#include <algorithm>
#include <vector>

#include "module/rule_module.h"
#include "rules/army_strength/army_strength.h"
#include "rules/detachments/detachments.h"
#include "rules/experience/experience.h"
#include "rules/field_works/field_works.h"
#include "rules/fog_of_war/fog_of_war.h"
#include "rules/generals/generals.h"
#include "rules/rail/rail.h"
#include "rules/reinforcements/reinforcements.h"
#include "rules/rivers/rivers.h"
#include "rules/sieges/sieges.h"
#include "rules/supply/state.h"
#include "rules/supply/supply.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/module_parts.h"

namespace adjutant {

namespace {

// The library's modules, then any a test registers (ScopedRuleModule).
std::vector<const RuleModule*>& registered() {
    static std::vector<const RuleModule*> modules{
        &tabletop_battles::kModule, &army_strength::kModule, &reinforcements::kModule,
        &supply::kModule,           &sieges::kModule,        &field_works::kModule,
        &detachments::kModule,      &rail::kModule,          &generals::kModule,
        &rivers::kModule,           &experience::kModule,    &fog_of_war::kModule,
    };
    return modules;
}

}  // namespace

std::span<const RuleModule* const> rule_modules() {
    return registered();
}

ScopedRuleModule::ScopedRuleModule(const RuleModule& module) : module_(module) {
    registered().push_back(&module_);
}

ScopedRuleModule::~ScopedRuleModule() {
    std::vector<const RuleModule*>& modules = registered();
    modules.erase(std::remove(modules.begin(), modules.end(), &module_), modules.end());
}

std::vector<ModulePart> module_parts() {
    std::vector<ModulePart> parts;
    for (const RuleModule* module : rule_modules())
        parts.push_back(ModulePart{module->name, module->read_parameters});
    return parts;
}

const RuleModule* find_rule_module(std::string_view name) {
    const auto modules = rule_modules();
    const auto it = std::find_if(modules.begin(), modules.end(),
                                 [&](const RuleModule* m) { return m->name == name; });
    return it == modules.end() ? nullptr : *it;
}

// What a module asks of one that needs it.

void sieges::garrison_falls(TurnContext& context, std::size_t index, bool safe_conduct) {
    supply::garrison_falls(context, index, safe_conduct);
}

void sieges::forget_supply_line(UnitStats& stats) {
    supply::forget_line(stats);
}

const std::vector<std::int64_t>& rivers::treasury(const Position& position) {
    return supply::state(position).treasury;
}

std::vector<std::int64_t>& rivers::treasury(Position& position) {
    return supply::state(position).treasury;
}

std::vector<experience::NotedChanges> experience::noted_changes(const Variant& variant,
                                                                const Position& before,
                                                                std::span<const Order> orders) {
    return tabletop_battles::noted_changes(variant, before, orders);
}

}  // namespace adjutant
