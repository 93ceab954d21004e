// SPDX-License-Identifier: Apache-2.0
#include "service/tabletop.h"

#include <algorithm>

#include "core/phase.h"
#include "position/position_json.h"
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

nlohmann::json result_json(const Variant& variant, const tabletop_battles::BattleResult& r) {
    nlohmann::json losses = nlohmann::json::object();
    for (const auto& [from, points] : r.losses) losses[abbr(variant, from)] = points;
    return {{"winner", variant.powers[r.winner].name},
            {"losses", std::move(losses)},
            {"generals_killed", r.generals_killed}};
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

nlohmann::json battles_json(const Locked& locked, const LoadedGame& game) {
    const Variant& variant = game.variant->variant;
    nlohmann::json list = nlohmann::json::array();
    for (const auto& b : phase_battles(locked, game)) {
        nlohmann::json armies = nlohmann::json::array();
        for (const Unit& u : b.armies) {
            nlohmann::json army = {{"power", variant.powers[u.power].name},
                                   {"unit", unit_text(variant, u)},
                                   {"points", u.stats.points}};
            if (!u.stats.general.empty()) army["general"] = u.stats.general;
            armies.push_back(std::move(army));
        }
        const auto* result = tabletop_battles::state(game.position).in(b.province);
        list.push_back({{"province", abbr(variant, b.province)},
                        {"armies", std::move(armies)},
                        {"result", result ? result_json(variant, *result) : nlohmann::json()}});
    }
    return {{"game", game.row.id},
            {"phase", game.phase.phase},
            {"phase_name", phase_name(game.phase.phase)},
            {"seq", game.phase.seq},
            {"battles", std::move(list)}};
}

Position with_battle_results(const Locked& locked, const LoadedGame& game,
                             const nlohmann::json& body, nlohmann::json& detail) {
    const Variant& variant = game.variant->variant;
    if (!tabletop_battles::fights_on_tabletop(variant))
        throw bad_request("this variant fights no battles on the tabletop");
    const auto it = body.is_object() ? body.find("battles") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        throw bad_request("field 'battles' is required: a list of results, [] to clear them");
    const auto fought = phase_battles(locked, game);
    // The results as the position document holds them: by winner.
    nlohmann::json by_winner = nlohmann::json::object();
    for (const auto& entry : *it) {
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
        for (const char* key : {"losses", "generals_killed"})
            if (entry.contains(key)) result[key] = entry[key];
        // Bound to a name: items() of a temporary would outlive it.
        const nlohmann::json losses = result.value("losses", nlohmann::json::object());
        if (!losses.is_object())
            throw bad_request("the losses at " + abbr(variant, p) +
                              " are an object of points by the province each army stands in");
        for (const auto& [from, _] : losses.items()) {
            const ProvinceId q = variant.find_province(from);
            if (std::none_of(battle->armies.begin(), battle->armies.end(),
                             [&](const Unit& u) { return u.location.province == q; }))
                throw bad_request("losses at " + abbr(variant, p) + " are for the armies that " +
                                  "fight there, by the province each stands in: not '" + from +
                                  "'");
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
    const nlohmann::json stored = position_json(variant, position);
    detail["phase"] = game.phase.phase;
    detail["seq"] = game.phase.seq;
    detail["battle_results"] =
        stored.contains("battle_results") ? stored["battle_results"] : nlohmann::json();
    return position;
}

nlohmann::json GameService::battles(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    return battles_json(locked, locked.load(game_id));
}

}  // namespace adjutant::service
