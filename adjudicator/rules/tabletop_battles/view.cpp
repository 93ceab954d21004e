// SPDX-License-Identifier: Apache-2.0
// What the GM reads to fight the current phase's battles (ModuleGmAction::view; the server sends
// it as GET /games/{id}/battles, docs/tabletop-battles.md): the battles the phase's orders bring
// about, each army with its points, general and experience classes, and the result entered so
// far. Provinces by abbreviation, powers by name.
#include <map>

#include <nlohmann/json.hpp>

#include "rules/experience/state.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/campaign.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

using nlohmann::json;

std::string abbr(const Variant& variant, ProvinceId p) {
    return variant.provinces[p].abbr;
}

// {"power", "unit", "points", "general" (when he has one), "classes" (points by experience
// class, docs/experience.md, in maps whose armies have classes)}.
json army_json(const Variant& variant, const Position& position, const Unit& u) {
    json out = {{"power", variant.powers[u.power].name},
                {"unit", unit_text(variant, u)},
                {"points", u.stats.points}};
    if (!u.stats.general.empty()) out["general"] = u.stats.general;
    if (variant.campaign->modules.enabled("experience")) {
        const auto* r = experience::state(position).of(u);
        std::map<std::string, std::int64_t> classes;
        for (const std::string_view name : experience::kClassNames) {
            const auto c = *experience::class_named(name);
            classes[std::string(name)] = c == experience::Class::Trained
                                             ? u.stats.points - (r != nullptr ? r->recorded() : 0)
                                             : (r != nullptr ? r->of(c) : 0);
        }
        out["classes"] = classes;
    }
    return out;
}

// {"winner", "losses": {province: points}, "generals_killed", "experience" (when the GM noted
// changes of class): {province: [{"from", "to", "points"}]}}.
json result_json(const Variant& variant, const BattleResult& r) {
    std::map<std::string, std::int64_t> losses;
    for (const auto& [from, points] : r.losses) losses[abbr(variant, from)] = points;
    json out = {{"winner", variant.powers[r.winner].name},
                {"losses", json(losses)},
                {"generals_killed", r.generals_killed}};
    if (!r.experience.empty()) {
        json changes = json::object();
        for (const experience::ClassChange& c : r.experience)
            changes[abbr(variant, c.army)].push_back(
                {{"from", std::string(experience::class_name(c.from))},
                 {"to", std::string(experience::class_name(c.to))},
                 {"points", c.points}});
        out["experience"] = std::move(changes);
    }
    return out;
}

}  // namespace

json battles_view(const Variant& variant, const Position& position, std::span<const Order> orders) {
    json list = json::array();
    if (fights_on_tabletop(variant))
        for (const Battle& b : battles(variant, position, orders)) {
            json armies = json::array();
            for (const Unit& u : b.armies) armies.push_back(army_json(variant, position, u));
            const BattleResult* result = state(position).in(b.province);
            list.push_back(
                {{"province", abbr(variant, b.province)},
                 {"armies", std::move(armies)},
                 {"result", result != nullptr ? result_json(variant, *result) : json()}});
        }
    return {{"battles", std::move(list)}};
}

}  // namespace adjutant::tabletop_battles
