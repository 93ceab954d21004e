// SPDX-License-Identifier: Apache-2.0
#include "position/sight.h"

#include <algorithm>

#include "module/rule_module.h"
#include "position/position_json.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

template <typename Hook>
bool any_enabled_with(const Variant& variant, Hook RuleModule::*hook) {
    for (const RuleModule* module : rule_modules())
        if (module->*hook != nullptr && module->enabled(variant)) return true;
    return false;
}

}  // namespace

bool hides_positions(const Variant& variant) {
    return any_enabled_with(variant, &RuleModule::sight);
}

std::optional<Sight> sight_of(const Variant& variant, const Position& position, PowerId power) {
    if (!hides_positions(variant)) return std::nullopt;
    Sight sight;
    sight.power = power;
    sight.occupied.assign(variant.province_count(), 0);
    sight.seen.assign(variant.province_count(), 0);
    if (power == kNoPower) return sight;
    auto occupy = [&](ProvinceId p) {
        if (p < sight.occupied.size()) sight.occupied[p] = 1;
    };
    for (const Unit& u : position.units)
        if (u.power == power) occupy(u.location.province);
    for (const DislodgedUnit& d : position.dislodged)
        if (d.unit.power == power) occupy(d.unit.location.province);
    for (const RuleModule* module : rule_modules())
        if (module->occupies != nullptr && module->enabled(variant))
            module->occupies(variant, position, power, sight.occupied);
    for (const RuleModule* module : rule_modules())
        if (module->sight != nullptr && module->enabled(variant))
            module->sight(variant, position, sight);
    for (const RuleModule* module : rule_modules())
        if (module->reveals != nullptr && module->enabled(variant))
            module->reveals(variant, position, sight);
    return sight;
}

Position seen_position(const Variant& variant, const Position& position, const Sight& sight) {
    Position view = position;
    view.suspend_index();  // the modules' hooks edit the units directly
    // The modules first, while every unit is still there: a hidden army's supply line may be
    // the part of it the viewer is told of.
    for (const RuleModule* module : rule_modules())
        if (module->hide != nullptr && module->enabled(variant)) module->hide(variant, sight, view);
    auto hidden = [&](const Unit& u) { return !sight.shows(u.power, u.location.province); };
    std::erase_if(view.units, hidden);
    std::erase_if(view.dislodged, [&](const DislodgedUnit& d) { return hidden(d.unit); });
    // Another power's dislodged unit names where it may retreat to and where its attacker came
    // from: the viewer learns those it sees.
    for (DislodgedUnit& d : view.dislodged) {
        if (sight.power != kNoPower && d.unit.power == sight.power) continue;
        std::erase_if(d.retreats, [&](const Location& to) { return !sight.sees(to.province); });
        if (!sight.sees(d.attacker_from)) d.attacker_from = kNoProvince;
    }
    std::erase_if(view.standoffs, [&](ProvinceId p) { return !sight.sees(p); });
    view.resume_index();
    view.normalise();
    return view;
}

nlohmann::json seen_position_json(const Variant& variant, const Position& position,
                                  const Sight& sight) {
    nlohmann::json document = position_to_json(variant, seen_position(variant, position, sight));
    for (const RuleModule* module : rule_modules())
        if (module->hide_in_document != nullptr && module->enabled(variant))
            module->hide_in_document(variant, sight, document);
    return document;
}

}  // namespace adjutant
