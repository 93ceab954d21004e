// SPDX-License-Identifier: Apache-2.0
// The experience module (Lone Warrior 4d and 4e; docs/experience.md): the points of each army by
// class (elite, veteran, trained, raw). Each power starts with its guards or veterans in one
// army (start.cpp); as the week changes an army's points its classes follow (week.cpp), and
// after a tabletop battle the GM's changes of class are applied (the results' `experience`,
// docs/tabletop-battles.md).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "module/rule_module.h"
#include "rules/experience/state.h"
#include "turn/turn_context.h"

namespace adjutant::experience {

extern const RuleModule kModule;

bool enabled(const Variant& variant);
void read_parameters(VariantFields& fields, const nlohmann::json& part, const std::string& at);

// The starting guards or veterans of each power, in the army the variant names.
void start_position(const Variant& variant, Position& position);

// The army of `power` numbered `id` in `position`, on the board or waiting to retreat; nullptr
// when it is gone (state.cpp). Classes are kept by army number, so every step finds armies so.
const Unit* find_army(const Position& position, PowerId power, std::uint32_t id);

// The week's end: the classes of every army follow its points, and the GM's changes of class
// are applied (week.cpp).
void end_of_week(TurnContext& context);

// A battle fought on the tabletop this week and the changes of class the GM noted after it (4e:
// "Commanders should note any change in class for experience").
struct NotedChanges {
    ProvinceId battle = kNoProvince;
    std::span<const ClassChange> changes;
};
// Asked of the tabletop battles module, which needs this one for the classes its results name
// and so is not included here: rules/registry.cpp defines it by that module's function
// (docs/rule-modules.md, "Needs"). The GM's changes after each battle the week's `orders` brought
// about from `before`, in the order of the results; none when the variant fights no battles on
// the tabletop.
std::vector<NotedChanges> noted_changes(const Variant& variant, const Position& before,
                                        std::span<const Order> orders);

// The module's part of the position document (position_part.cpp).
extern const std::string_view kPositionKeys[1];
void read_position(PositionReader& reader, const nlohmann::json& document);
void write_position(const Variant& variant, const Position& position, nlohmann::json& document);
std::string check_position(const Variant& variant, const Position& position);

// What a power's view under fog of war keeps of the classes (view.cpp).
void hide(const Variant& variant, const Sight& sight, Position& view);

}  // namespace adjutant::experience
