// SPDX-License-Identifier: Apache-2.0
// The tabletop battles module's part of the position document (docs/positions.md): the GM's
// results for the phase, by the winning power, each with the points every army lost (by the
// province it stood in as the week began) and the generals killed.
//
//   "battle_results": {"Germany": [{"province": "LIE", "losses": {"LIE": 60, "AAC": 120},
//                                   "generals_killed": ["Leman"],
//                                   "experience": {"AAC": [{"from": "trained", "to": "veteran",
//                                                           "points": 100}]}}]}
#include <set>

#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

using nlohmann::json;

experience::Class read_class(PositionReader& r, const json& change, const std::string& at,
                             std::string_view key) {
    const std::optional<std::string> name = r.check().get_string(change, at, key, true);
    if (!name) return experience::Class::Trained;
    const auto c = experience::class_named(*name);
    if (!c)
        r.check().error(
            json_child(at, key),
            "a class is \"elite\", \"veteran\", \"trained\" or \"raw\", not " + quote_text(*name));
    return c.value_or(experience::Class::Trained);
}

// {"AAC": [{"from": "trained", "to": "veteran", "points": 100}]}: the changes of class of each
// army, by the province it stood in as the week began.
void read_class_changes(PositionReader& r, const json& changes, const std::string& at,
                        std::vector<experience::ClassChange>& out) {
    JsonChecker& check = r.check();
    for (const auto& [key, list] : changes.items()) {
        const std::string here = json_child(at, key);
        const ProvinceId army = r.province(json(key), here);
        if (!check.expect(list, here, JsonKind::Array)) continue;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string item = json_child(here, i);
            if (!check.expect(list[i], item, JsonKind::Object)) continue;
            check.only_fields(list[i], item, {"from", "to", "points"});
            experience::ClassChange c;
            c.army = army;
            c.from = read_class(r, list[i], item, "from");
            c.to = read_class(r, list[i], item, "to");
            c.points = r.integer<std::int64_t>(list[i], item, "points");
            if (c.from == c.to)
                check.error(item, "a change of class goes from one class to another");
            if (army != kNoProvince) out.push_back(c);
        }
    }
}

void read_result(PositionReader& r, PowerId winner, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"province", "losses", "generals_killed", "experience"});
    BattleResult result;
    result.winner = winner;
    if (const json* where = check.get(item, at, "province", JsonKind::String, true))
        result.province = r.province(*where, json_child(at, "province"));
    if (const json* losses = check.get(item, at, "losses", JsonKind::Object, false)) {
        const std::string here = json_child(at, "losses");
        for (const auto& [key, value] : losses->items()) {
            const ProvinceId from = r.province(json(key), json_child(here, key));
            const std::int64_t points = r.integer<std::int64_t>(*losses, here, key);
            if (from != kNoProvince) result.losses.emplace_back(from, points);
        }
    }
    if (const json* killed = check.get(item, at, "generals_killed", JsonKind::Array, false)) {
        const std::string here = json_child(at, "generals_killed");
        for (std::size_t i = 0; i < killed->size(); ++i)
            if (check.expect((*killed)[i], json_child(here, i), JsonKind::String))
                result.generals_killed.push_back((*killed)[i].get<std::string>());
    }
    if (const json* changes = check.get(item, at, "experience", JsonKind::Object, false))
        read_class_changes(r, *changes, json_child(at, "experience"), result.experience);
    if (result.province == kNoProvince) return;
    TabletopState& s = state(r.position());
    if (s.in(result.province) != nullptr)
        check.error(at,
                    "two results for the battle at " + r.variant().provinces[result.province].abbr);
    s.results.push_back(std::move(result));
}

}  // namespace

const std::string_view kPositionKeys[1] = {"battle_results"};

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(
        doc, "battle_results",
        [&](PowerId p, const json& item, const std::string& at) { read_result(r, p, item, at); });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (state(position).empty()) return;
    json out = json::object();
    for (const BattleResult& result : state(position).results) {
        json entry = {{"province", variant.provinces[result.province].abbr}};
        if (!result.losses.empty()) {
            json losses = json::object();
            for (const auto& [from, points] : result.losses)
                losses[variant.provinces[from].abbr] = points;
            entry["losses"] = std::move(losses);
        }
        if (!result.generals_killed.empty()) entry["generals_killed"] = result.generals_killed;
        if (!result.experience.empty()) {
            json changes = json::object();
            for (const experience::ClassChange& c : result.experience)
                changes[variant.provinces[c.army].abbr].push_back(
                    {{"from", experience::class_name(c.from)},
                     {"to", experience::class_name(c.to)},
                     {"points", c.points}});
            entry["experience"] = std::move(changes);
        }
        out[variant.powers[result.winner].name].push_back(std::move(entry));
    }
    doc["battle_results"] = std::move(out);
}

// A result is for a battle with armies in it: each army that lost points stood somewhere as
// the week began. Whether a battle is fought there is the orders' to say, which a position
// does not hold; the GM's action checks it when he enters the results (gm_action.cpp).
std::string check_position(const Variant& variant, const Position& position) {
    std::vector<ProvinceId> where;
    for (const BattleResult& r : state(position).results) where.push_back(r.province);
    if (std::string e = one_per_province(variant, where, "battle result"); !e.empty()) return e;
    for (const BattleResult& r : state(position).results) {
        if (r.winner >= variant.powers.size()) return "a battle result names no winner";
        for (const auto& [from, points] : r.losses)
            if (position.unit_at(from) == nullptr)
                return "a battle result gives losses to no army, in " +
                       variant.provinces[from].abbr;
        for (const experience::ClassChange& c : r.experience)
            if (position.unit_at(c.army) == nullptr)
                return "a battle result changes the class of no army, in " +
                       variant.provinces[c.army].abbr;
    }
    Position normal = position;
    normal.normalise();
    return normal_form_error("battle_results", state(normal) == state(position));
}

}  // namespace adjutant::tabletop_battles
