// SPDX-License-Identifier: Apache-2.0
// The generals module's part of the position document (docs/positions.md): each power's pool in
// rank order, G1 first, each general with his type roll (0 while not yet rolled) and whether he
// has been given a command; and the generals the power has lost.
//
//   "generals": {"Germany": {"pool": [{"name": "von Kluck", "roll": 6, "active": true},
//                                     {"name": "von Gallwitz", "roll": 3}, ...],
//                            "fallen": ["von Emmich"]}}
//
// Where an active general is, is his command's `general` (unit_attributes.cpp of the sieges):
// kept once, so the two can never disagree.
#include <algorithm>
#include <set>

#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

using nlohmann::json;

void read_general(PositionReader& r, Pool& pool, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"name", "roll", "active"});
    PoolGeneral g;
    if (auto name = check.get_string(item, at, "name", true)) g.name = *name;
    g.roll = r.integer<std::int32_t>(item, at, "roll");
    if (g.roll > 10) check.error(json_child(at, "roll"), "a type roll is a d10: 1 to 10");
    g.active = r.flag(item, at, "active");
    if (g.name.empty()) {
        if (item.contains("name")) check.error(json_child(at, "name"), "a general has a name");
        return;
    }
    if (pool.rank_of(g.name) != 0)
        check.error(json_child(at, "name"), "two generals named " + quote_text(g.name));
    pool.ranks.push_back(std::move(g));
}

void read_pool(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"pool", "fallen"});
    Pool pool;
    pool.power = power;
    if (const json* ranks = check.get(item, at, "pool", JsonKind::Array, true))
        for (std::size_t i = 0; i < ranks->size(); ++i)
            read_general(r, pool, (*ranks)[i], json_child(json_child(at, "pool"), i));
    if (const json* fallen = check.get(item, at, "fallen", JsonKind::Array, false))
        for (std::size_t i = 0; i < fallen->size(); ++i) {
            const std::string here = json_child(json_child(at, "fallen"), i);
            if (check.expect((*fallen)[i], here, JsonKind::String))
                pool.fallen.push_back((*fallen)[i].get<std::string>());
        }
    state(r.position()).pools.push_back(std::move(pool));
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    const json* section = r.check().get(doc, "", "generals", JsonKind::Object, false);
    if (section == nullptr) return;
    r.for_each_power_value(
        *section, json_child("", "generals"),
        [&](PowerId p, const json& item, const std::string& at) { read_pool(r, p, item, at); });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (state(position).empty()) return;
    json pools = json::object();
    for (const Pool& pool : state(position).pools) {
        json ranks = json::array();
        for (const PoolGeneral& g : pool.ranks) {
            json entry = {{"name", g.name}};
            if (g.roll != 0) entry["roll"] = g.roll;
            if (g.active) entry["active"] = true;
            ranks.push_back(std::move(entry));
        }
        json out = {{"pool", std::move(ranks)}};
        if (!pool.fallen.empty()) out["fallen"] = pool.fallen;
        pools[variant.powers[pool.power].name] = std::move(out);
    }
    doc["generals"] = std::move(pools);
}

// A pool's generals are named once each; a general named on a command of a power with a pool is
// in that pool and active, and commands nothing else. An active general may command nothing: he
// was lost, and is replaced as the week ends.
std::string check_position(const Variant& variant, const Position& position) {
    std::vector<PowerId> seen;
    for (const Pool& pool : state(position).pools) {
        if (pool.power >= variant.powers.size()) return "a pool of generals of no known power";
        if (std::find(seen.begin(), seen.end(), pool.power) != seen.end())
            return variant.powers[pool.power].name + " has two pools of generals";
        seen.push_back(pool.power);
        const std::string& power = variant.powers[pool.power].name;
        std::set<std::string> names;
        for (const PoolGeneral& g : pool.ranks) {
            if (g.name.empty()) return "a general of " + power + "'s pool has no name";
            if (!names.insert(g.name).second)
                return power + "'s pool has two generals named " + quote_text(g.name);
            if (g.roll < 0 || g.roll > 10)
                return power + "'s general " + g.name + " has a type roll of " +
                       std::to_string(g.roll) + " (a d10)";
        }
        std::set<std::string> commanding;
        std::string error;
        for_each_command(position, pool.power, [&](const ConstCommand& c) {
            if (!error.empty() || c.general->empty()) return;
            const std::string where = command_text(variant, c);
            const int rank = pool.rank_of(*c.general);
            if (rank == 0)
                error = where + "'s general " + *c.general + " is not in " + power + "'s pool";
            else if (!pool.ranks[static_cast<std::size_t>(rank - 1)].active)
                error =
                    where + "'s general " + *c.general + " is not active in " + power + "'s pool";
            else if (!commanding.insert(*c.general).second)
                error = "general " + *c.general + " of " + power + " commands two commands";
        });
        if (!error.empty()) return error;
    }
    Position normal = position;
    normal.normalise();
    return normal_form_error("generals", state(normal) == state(position));
}

}  // namespace adjutant::generals
