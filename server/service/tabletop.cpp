// SPDX-License-Identifier: Apache-2.0
#include "service/tabletop.h"

#include <algorithm>

#include "core/phase.h"
#include "position/position_json.h"
#include "rules/experience/parameters.h"
#include "rules/experience/state.h"
#include "service/codec.h"
#include "service/error.h"
#include "service/game_service.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

std::string abbr(const Variant& variant, ProvinceId p) {
    return variant.provinces[p].abbr;
}

BattleResultEntered result_entered(const Variant& variant,
                                   const tabletop_battles::BattleResult& r) {
    BattleResultEntered out;
    out.winner = variant.powers[r.winner].name;
    for (const auto& [from, points] : r.losses) out.losses[abbr(variant, from)] = points;
    out.generals_killed = r.generals_killed;
    for (const experience::ClassChange& c : r.experience)
        out.experience[abbr(variant, c.army)].push_back(
            {std::string(experience::class_name(c.from)), std::string(experience::class_name(c.to)),
             c.points});
    return out;
}

// 4d: "The percentage of guards may never be increased during the campaign but the original
// number may be maintained." Each power's guards after the results' losses (shared out over
// the classes as the week shares them, docs/experience.md) and changes stay within the number
// it started with.
void check_guards(const Variant& variant, const Position& position) {
    const auto& results = tabletop_battles::state(position).results;
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
            throw bad_request(variant.powers[p].name + " would have " + std::to_string(elite) +
                              " points of guards (elite), more than the " + std::to_string(most) +
                              " it started with: the percentage of guards may never be increased");
    }
}

// A general dies in the battle his army fights: each name of `killed` is the general of one of
// `battle`'s armies, once. 400 naming the first that is not.
void check_generals_killed(const Variant& variant, const tabletop_battles::Battle& battle,
                           const nlohmann::json& killed) {
    const std::string where = abbr(variant, battle.province);
    if (!killed.is_array())
        throw bad_request("the generals killed at " + where +
                          " are a list of their names ('generals_killed')");
    std::vector<std::string> seen;
    for (const auto& entry : killed) {
        const std::string name = entry.is_string() ? entry.get<std::string>() : entry.dump();
        const bool commands_there =
            entry.is_string() &&
            std::any_of(battle.armies.begin(), battle.armies.end(), [&](const Unit& u) {
                return !u.stats.general.empty() && u.stats.general == name;
            });
        if (!commands_there)
            throw bad_request("'" + name + "' commands no army in the battle at " + where +
                              ": only the generals of the armies that fight there can be killed "
                              "there");
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            throw bad_request("'" + name + "' is killed twice at " + where);
        seen.push_back(name);
    }
}

}  // namespace

std::vector<tabletop_battles::Battle> pending_battles(const Locked& locked,
                                                      const LoadedGame& game) {
    std::vector<tabletop_battles::Battle> out;
    for (auto& b : phase_battles(locked, game))
        if (tabletop_battles::state(game.position).in(b.province) == nullptr)
            out.push_back(std::move(b));
    return out;
}

PhaseBattles phase_battles_view(const Locked& locked, const LoadedGame& game) {
    const Variant& variant = game.variant->variant;
    PhaseBattles out{game.row.id, game.phase.phase, game.phase.seq, {}};
    for (const auto& b : phase_battles(locked, game)) {
        TabletopBattle battle;
        battle.province = abbr(variant, b.province);
        for (const Unit& u : b.armies) {
            BattleArmy army{variant.powers[u.power].name, unit_text(variant, u), u.stats.points,
                            u.stats.general, std::nullopt};
            // The army's experience classes (docs/experience.md), for the GM's changes of class.
            if (variant.campaign->modules.enabled("experience")) {
                const auto* r = experience::state(game.position).of(u);
                std::map<std::string, std::int64_t> classes;
                for (const std::string_view name : experience::kClassNames) {
                    const auto c = *experience::class_named(name);
                    classes[std::string(name)] =
                        c == experience::Class::Trained
                            ? u.stats.points - (r != nullptr ? r->recorded() : 0)
                            : (r != nullptr ? r->of(c) : 0);
                }
                army.classes = std::move(classes);
            }
            battle.armies.push_back(std::move(army));
        }
        if (const auto* result = tabletop_battles::state(game.position).in(b.province))
            battle.result = result_entered(variant, *result);
        out.battles.push_back(std::move(battle));
    }
    return out;
}

Position with_battle_results(const Locked& locked, const LoadedGame& game,
                             const nlohmann::json& results, nlohmann::json& detail) {
    const Variant& variant = game.variant->variant;
    if (!tabletop_battles::fights_on_tabletop(variant))
        throw bad_request("this variant fights no battles on the tabletop");
    if (!results.is_array())
        throw bad_request("field 'battles' is required: a list of results, [] to clear them");
    const auto fought = phase_battles(locked, game);
    // The results as the position document holds them: by winner.
    nlohmann::json by_winner = nlohmann::json::object();
    for (const auto& entry : results) {
        if (!entry.is_object() || !entry.contains("province") || !entry["province"].is_string() ||
            !entry.contains("winner") || !entry["winner"].is_string())
            throw bad_request("each result names its 'province' and its 'winner'");
        const ProvinceId p = variant.find_province(entry["province"].get<std::string>());
        if (p == kNoProvince)
            throw bad_request("unknown province '" + entry["province"].get<std::string>() + "'");
        const auto battle = std::find_if(fought.begin(), fought.end(),
                                         [&](const auto& b) { return b.province == p; });
        if (battle == fought.end())
            throw bad_request("no battle is fought at " + abbr(variant, p) + " this phase");
        const PowerId winner = variant.find_power(entry["winner"].get<std::string>());
        if (winner == kNoPower || std::none_of(battle->armies.begin(), battle->armies.end(),
                                               [&](const Unit& u) { return u.power == winner; }))
            throw bad_request("the winner at " + abbr(variant, p) +
                              " is one of the powers whose armies fight there");
        nlohmann::json result = {{"province", abbr(variant, p)}};
        // Losses and changes of class name an army by the province it stands in.
        auto fights_there = [&](ProvinceId q) {
            return std::any_of(battle->armies.begin(), battle->armies.end(),
                               [&](const Unit& u) { return u.location.province == q; });
        };
        for (const char* key : {"losses", "generals_killed", "experience"})
            if (entry.contains(key)) result[key] = entry[key];
        // Bound to a name: items() of a temporary would outlive it.
        const nlohmann::json losses = result.value("losses", nlohmann::json::object());
        if (!losses.is_object())
            throw bad_request("the losses at " + abbr(variant, p) +
                              " are an object of points by the province each army stands in");
        for (const auto& [from, _] : losses.items()) {
            if (!fights_there(variant.find_province(from)))
                throw bad_request("losses at " + abbr(variant, p) + " are for the armies that " +
                                  "fight there, by the province each stands in: not '" + from +
                                  "'");
        }
        if (result.contains("generals_killed"))
            check_generals_killed(variant, *battle, result["generals_killed"]);
        if (result.contains("experience")) {
            if (!variant.campaign->modules.enabled("experience"))
                throw bad_request("this variant has no experience classes: the result at " +
                                  abbr(variant, p) + " can change none");
            const nlohmann::json changes = result["experience"];
            if (!changes.is_object())
                throw bad_request("the changes of class at " + abbr(variant, p) +
                                  " are an object of lists by the province each army stands in");
            for (const auto& [from, list] : changes.items()) {
                if (!fights_there(variant.find_province(from)))
                    throw bad_request("changes of class at " + abbr(variant, p) +
                                      " are for the armies that fight there, by the province "
                                      "each stands in: not '" +
                                      from + "'");
                if (!list.is_array())
                    throw bad_request("the changes of class of " + from + " at " +
                                      abbr(variant, p) +
                                      " are a list of {\"from\", \"to\", \"points\"}");
                for (const auto& change : list)
                    if (!change.is_object() || !change.contains("points") ||
                        !change["points"].is_number_integer() ||
                        change["points"].get<std::int64_t>() <= 0)
                        throw bad_request("each change of class of " + from + " at " +
                                          abbr(variant, p) +
                                          " moves a positive whole number of 'points'");
            }
        }
        by_winner[variant.powers[winner].name].push_back(std::move(result));
    }
    nlohmann::json document = position_json(variant, game.position);
    document.erase("battle_results");
    if (!by_winner.empty()) document["battle_results"] = by_winner;
    PositionLoad load = position_from_json(variant, document);
    if (!load.ok()) throw bad_request("the battle results are not valid: " + load.errors.front());
    Position position = std::move(*load.position);
    position.normalise();
    if (variant.campaign->modules.enabled("experience")) check_guards(variant, position);
    const nlohmann::json stored = position_json(variant, position);
    detail["phase"] = game.phase.phase;
    detail["seq"] = game.phase.seq;
    detail["battle_results"] =
        stored.contains("battle_results") ? stored["battle_results"] : nlohmann::json();
    return position;
}

PhaseBattles GameService::battles(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    return phase_battles_view(locked, locked.load(game_id));
}

}  // namespace adjutant::service
