// SPDX-License-Identifier: Apache-2.0
// The tabletop battles module's part of the position document (docs/positions.md): the GM's
// results for the phase, by the winning power, each with the points every army lost (by the
// province it stood in as the week began) and the generals killed.
//
//   "battle_results": {"Germany": [{"province": "LIE", "losses": {"LIE": 60, "AAC": 120},
//                                   "generals_killed": ["Leman"]}]}
#include <set>

#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/tabletop_battles/tabletop_battles.h"
#include "variant/variant.h"

namespace adjutant::tabletop_battles {

namespace {

using nlohmann::json;

void read_result(PositionReader& r, PowerId winner, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"province", "losses", "generals_killed"});
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
        out[variant.powers[result.winner].name].push_back(std::move(entry));
    }
    doc["battle_results"] = std::move(out);
}

// A result is for a battle with armies in it: each army that lost points stood somewhere as
// the week began. Whether a battle is fought there is the orders' to say, which a position
// does not hold; the server checks it when the GM enters the results.
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
    }
    Position normal = position;
    normal.normalise();
    return normal_form_error("battle_results", state(normal) == state(position));
}

}  // namespace adjutant::tabletop_battles
