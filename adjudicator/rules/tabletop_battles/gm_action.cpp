// SPDX-License-Identifier: Apache-2.0
// The GM's tabletop results (docs/tabletop-battles.md; RuleModule::gm_actions): what a result
// may contain, checked against the battles the phase's orders bring about, before it goes into
// the phase's position; and the week that waits for them.
#include <algorithm>

#include "position/position_json.h"
#include "rules/experience/parameters.h"
#include "rules/experience/state.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/campaign.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

using nlohmann::json;

// Why the GM's results are refused: thrown by the checks below, caught by `enter_results`.
struct Refused {
    std::string why;
};

std::string abbr(const Variant& variant, ProvinceId p) {
    return variant.provinces[p].abbr;
}

// Whether an army of `battle` stands in `province`: losses and changes of class name an army
// by the province it stands in.
bool fights_in(const Battle& battle, ProvinceId province) {
    return std::any_of(battle.armies.begin(), battle.armies.end(),
                       [&](const Unit& u) { return u.location.province == province; });
}

// 4d: "The percentage of guards may never be increased during the campaign but the original
// number may be maintained." Each power's guards after the results' losses (shared out over
// the classes as the week shares them, docs/experience.md) and changes stay within the number
// it started with.
void check_guards(const Variant& variant, const Position& position) {
    const auto& results = state(position).results;
    const auto& classes = experience::state(position);
    for (std::size_t i = 0; i < variant.powers.size(); ++i) {
        const auto p = static_cast<PowerId>(i);
        std::int64_t elite = 0;
        bool raised = false;
        for (const experience::ArmyClasses& a : classes.armies) {
            if (a.power != p || a.elite == 0) continue;
            const Unit* u = nullptr;
            for (const Unit& unit : position.units)
                if (unit.power == p && unit.stats.id == a.army) u = &unit;
            std::int64_t lost = 0;
            for (const auto& r : results)
                for (const auto& [from, points] : r.losses)
                    if (u != nullptr && from == u->location.province) lost += points;
            const std::int64_t points = u == nullptr ? 0 : u->stats.points;
            const std::int64_t left = std::clamp<std::int64_t>(points - lost, 0, points);
            elite += points > 0 ? a.elite * left / points : 0;
        }
        for (const auto& r : results)
            for (const experience::ClassChange& c : r.experience) {
                const Unit* u = position.unit_at(c.army);
                if (u == nullptr || u->power != p) continue;
                if (c.to == experience::Class::Elite) {
                    elite += c.points;
                    raised = true;
                }
                if (c.from == experience::Class::Elite) elite -= c.points;
            }
        const std::int64_t most = experience::parameters(variant).starting_elite(p);
        if (raised && elite > most)
            throw Refused{variant.powers[p].name + " would have " + std::to_string(elite) +
                          " points of guards (elite), more than the " + std::to_string(most) +
                          " it started with: the percentage of guards may never be increased"};
    }
}

// A general dies in the battle his army fights: each name of `killed` is the general of one of
// `battle`'s armies, once. Refused naming the first that is not.
void check_generals_killed(const Variant& variant, const Battle& battle, const json& killed) {
    const std::string where = abbr(variant, battle.province);
    if (!killed.is_array())
        throw Refused{"the generals killed at " + where +
                      " are a list of their names ('generals_killed')"};
    std::vector<std::string> seen;
    for (const auto& entry : killed) {
        const std::string name = entry.is_string() ? entry.get<std::string>() : entry.dump();
        const bool commands_there =
            entry.is_string() &&
            std::any_of(battle.armies.begin(), battle.armies.end(), [&](const Unit& u) {
                return !u.stats.general.empty() && u.stats.general == name;
            });
        if (!commands_there)
            throw Refused{"'" + name + "' commands no army in the battle at " + where +
                          ": only the generals of the armies that fight there can be killed "
                          "there"};
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            throw Refused{"'" + name + "' is killed twice at " + where};
        seen.push_back(name);
    }
}

// The changes of class at `battle`: lists of {"from", "to", "points"} by the province each army
// stands in; the classes themselves the position document reads.
void check_class_changes(const Variant& variant, const Battle& battle, const json& changes) {
    const std::string where = abbr(variant, battle.province);
    if (!variant.campaign->modules.enabled("experience"))
        throw Refused{"this variant has no experience classes: the result at " + where +
                      " can change none"};
    if (!changes.is_object())
        throw Refused{"the changes of class at " + where +
                      " are an object of lists by the province each army stands in"};
    for (const auto& [from, list] : changes.items()) {
        if (!fights_in(battle, variant.find_province(from)))
            throw Refused{"changes of class at " + where +
                          " are for the armies that fight there, by the province each stands "
                          "in: not '" +
                          from + "'"};
        if (!list.is_array())
            throw Refused{"the changes of class of " + from + " at " + where +
                          " are a list of {\"from\", \"to\", \"points\"}"};
        for (const auto& change : list)
            if (!change.is_object() || !change.contains("points") ||
                !change["points"].is_number_integer() || change["points"].get<std::int64_t>() <= 0)
                throw Refused{"each change of class of " + from + " at " + where +
                              " moves a positive whole number of 'points'"};
    }
}

// One result as the GM entered it ({"province", "winner", "losses": {"CHA": 40},
// "generals_killed": [...], "experience": {...}}), for a battle of `fought`: the result as the
// position document holds it, under its winner's name in `by_winner`.
void add_result(const Variant& variant, const std::vector<Battle>& fought, const json& entry,
                json& by_winner) {
    if (!entry.is_object() || !entry.contains("province") || !entry["province"].is_string() ||
        !entry.contains("winner") || !entry["winner"].is_string())
        throw Refused{"each result names its 'province' and its 'winner'"};
    const ProvinceId p = variant.find_province(entry["province"].get<std::string>());
    if (p == kNoProvince)
        throw Refused{"unknown province '" + entry["province"].get<std::string>() + "'"};
    const auto battle = std::find_if(fought.begin(), fought.end(),
                                     [&](const Battle& b) { return b.province == p; });
    if (battle == fought.end())
        throw Refused{"no battle is fought at " + abbr(variant, p) + " this phase"};
    const PowerId winner = variant.find_power(entry["winner"].get<std::string>());
    if (winner == kNoPower || std::none_of(battle->armies.begin(), battle->armies.end(),
                                           [&](const Unit& u) { return u.power == winner; }))
        throw Refused{"the winner at " + abbr(variant, p) +
                      " is one of the powers whose armies fight there"};
    json result = {{"province", abbr(variant, p)}};
    for (const char* key : {"losses", "generals_killed", "experience"})
        if (entry.contains(key)) result[key] = entry[key];
    // Bound to a name: items() of a temporary would outlive it.
    const json losses = result.value("losses", json::object());
    if (!losses.is_object())
        throw Refused{"the losses at " + abbr(variant, p) +
                      " are an object of points by the province each army stands in"};
    for (const auto& [from, _] : losses.items())
        if (!fights_in(*battle, variant.find_province(from)))
            throw Refused{"losses at " + abbr(variant, p) + " are for the armies that " +
                          "fight there, by the province each stands in: not '" + from + "'"};
    if (result.contains("generals_killed"))
        check_generals_killed(variant, *battle, result["generals_killed"]);
    if (result.contains("experience")) check_class_changes(variant, *battle, result["experience"]);
    by_winner[variant.powers[winner].name].push_back(std::move(result));
}

// {"battles": [...]}: the results, [] to clear them.
std::string read_results(const json& body) {
    const auto it = body.is_object() ? body.find("battles") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        return "field 'battles' is required: a list of results, [] to clear them";
    return {};
}

// The phase's position with the GM's results, each for a battle the phase's orders bring
// about; they replace those entered before.
std::string enter_results(const Variant& variant, std::span<const Order> orders, const json& body,
                          Position& position) {
    if (!fights_on_tabletop(variant)) return "this variant fights no battles on the tabletop";
    const json& results = body["battles"];
    try {
        const std::vector<Battle> fought = battles(variant, position, orders);
        json by_winner = json::object();
        for (const auto& entry : results) add_result(variant, fought, entry, by_winner);
        json document = position_to_json(variant, position);
        document.erase("battle_results");
        if (!by_winner.empty()) document["battle_results"] = by_winner;
        PositionLoad load = position_from_json(variant, document);
        if (!load.ok()) return "the battle results are not valid: " + load.errors.front();
        position = std::move(*load.position);
        position.normalise();
        if (variant.campaign->modules.enabled("experience")) check_guards(variant, position);
    } catch (const Refused& refused) {
        return refused.why;
    }
    return {};
}

json results_record(const Variant& variant, const Position& position) {
    json document = json::object();
    write_position(variant, position, document);
    return {{"battle_results",
             document.contains("battle_results") ? document["battle_results"] : json()}};
}

void keep_results(const Position& from, Position& to) {
    state(to) = state(from);
}

// "CHA (France A CHA, Germany A MEA)": what waits for the GM.
std::string battles_text(const Variant& variant, const std::vector<Battle>& list) {
    std::string text;
    for (const auto& b : list) {
        if (!text.empty()) text += "; ";
        text += variant.provinces[b.province].abbr + " (";
        for (std::size_t i = 0; i < b.armies.size(); ++i)
            text += (i ? ", " : "") + variant.powers[b.armies[i].power].name + " " +
                    unit_text(variant, b.armies[i]);
        text += ")";
    }
    return text;
}

// A week whose armies meet waits for the GM's results.
std::string waiting(const Variant& variant, const Position& position, std::span<const Order> orders,
                    std::string_view phase) {
    const auto undecided = undecided_battles(variant, position, orders);
    if (undecided.empty()) return {};
    return "the battles of " + std::string(phase) +
           " wait for the GM's tabletop results: " + battles_text(variant, undecided) +
           " (GET .../battles, then the 'battles' action)";
}

}  // namespace

const ModuleGmAction kGmActions[1] = {{
    .name = "battles",
    .what = "battle results",
    .read = read_results,
    .apply = enter_results,
    .record = results_record,
    .keep = keep_results,
    .pending = waiting,
    .view = battles_view,
}};

}  // namespace adjutant::tabletop_battles
