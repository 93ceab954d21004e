// SPDX-License-Identifier: Apache-2.0
// The supply module's part of the position document (docs/positions.md): the trains, the
// treasuries, the policy for enemy trains caught alone and the standing supply orders.
//
//   "trains": {"Germany": [{"at": "KOL"}, {"at": "AAC", "count": 4},
//                          {"at": "MAL", "base": "AAC", "target": 3, "returning": true}]},
//   "treasury": {"Germany": 120}, "train_policy": {"France": "destroy"},
//   "standing_supply": {"Germany": [{"from": "KOL", "army": 3}]}
// and, in a power's view under fog of war only (view.cpp), the enemy lines it stands on:
//   "supply_lines_seen": {"Germany": [["LIE", "AAC"]]}
#include <algorithm>

#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

using nlohmann::json;

void read_train(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"at", "base", "target", "returning", "count"});
    SupplyTrain t;
    t.power = power;
    if (const json* where = check.get(item, at, "at", JsonKind::String, true))
        t.at = r.province(*where, json_child(at, "at"));
    t.base = t.at;
    if (const json* base = check.get(item, at, "base", JsonKind::String, false))
        t.base = r.province(*base, json_child(at, "base"));
    t.target = r.integer<std::uint32_t>(item, at, "target");
    if (const json* back = check.get(item, at, "returning", JsonKind::Bool, false))
        t.returning = back->get<bool>();
    // {"at": "AAC", "count": 4}: several idle trains in one city.
    const auto count = std::max<std::int64_t>(1, r.integer<std::int64_t>(item, at, "count"));
    if (t.at == kNoProvince || t.base == kNoProvince) return;
    for (std::int64_t i = 0; i < count; ++i) state(r.position()).trains.push_back(t);
}

void read_standing_supply(PositionReader& r, PowerId power, const json& item,
                          const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"from", "army"});
    StandingSupply s;
    s.power = power;
    if (const json* from = check.get(item, at, "from", JsonKind::String, true))
        s.from = r.province(*from, json_child(at, "from"));
    s.army = r.integer<std::uint32_t>(item, at, "army");
    if (s.army == 0) check.error(json_child(at, "army"), "a standing order needs an army id");
    if (s.from == kNoProvince || s.army == 0) return;
    state(r.position()).standing_supply.push_back(s);
}

void read_treasury(PositionReader& r, const json& doc) {
    const json* section = r.check().get(doc, "", "treasury", JsonKind::Object, false);
    if (section == nullptr) return;
    Position& pos = r.position();
    state(pos).treasury.assign(r.variant().powers.size(), 0);
    r.for_each_power_value(*section, "/treasury",
                           [&](PowerId power, const json& value, const std::string& here) {
                               if (r.check().expect(value, here, JsonKind::Integer))
                                   state(pos).treasury[power] = value.get<std::int64_t>();
                           });
}

void read_train_policy(PositionReader& r, const json& doc) {
    const json* policy = r.check().get(doc, "", "train_policy", JsonKind::Object, false);
    if (policy == nullptr) return;
    Position& pos = r.position();
    state(pos).destroy_trains.assign(r.variant().powers.size(), 0);
    r.for_each_power_value(
        *policy, "/train_policy", [&](PowerId power, const json& value, const std::string& here) {
            if (value == "destroy" || value == "capture")
                state(pos).destroy_trains[power] = value == "destroy" ? 1 : 0;
            else
                r.check().error(here, "a train policy is \"capture\" or \"destroy\"");
        });
}

void read_line_seen(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    if (!r.check().expect(item, at, JsonKind::Array)) return;
    SightedLine line{power, {}};
    for (std::size_t i = 0; i < item.size(); ++i)
        if (ProvinceId p = r.province(item[i], json_child(at, i)); p != kNoProvince)
            line.provinces.push_back(p);
    if (line.provinces.empty())
        r.check().error(at, "a seen supply line names at least one province");
    else
        state(r.position()).lines_seen.push_back(std::move(line));
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(doc, "trains", [&](PowerId p, const json& item, const std::string& at) {
        read_train(r, p, item, at);
    });
    r.for_each_power(doc, "standing_supply",
                     [&](PowerId p, const json& item, const std::string& at) {
                         read_standing_supply(r, p, item, at);
                     });
    read_treasury(r, doc);
    read_train_policy(r, doc);
    r.for_each_power(doc, "supply_lines_seen",
                     [&](PowerId p, const json& item, const std::string& at) {
                         read_line_seen(r, p, item, at);
                     });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (!state(position).trains.empty()) {
        json trains = json::object();
        for (const SupplyTrain& t : state(position).trains) {
            json entry = {{"at", variant.provinces[t.at].abbr}};
            if (t.base != t.at) entry["base"] = variant.provinces[t.base].abbr;
            if (t.target != 0) entry["target"] = t.target;
            if (t.returning) entry["returning"] = true;
            trains[variant.power_name(t.power)].push_back(std::move(entry));
        }
        doc["trains"] = std::move(trains);
    }
    if (!state(position).standing_supply.empty()) {
        json standing = json::object();
        for (const StandingSupply& s : state(position).standing_supply)
            standing[variant.power_name(s.power)].push_back(
                {{"from", variant.provinces[s.from].abbr}, {"army", s.army}});
        doc["standing_supply"] = std::move(standing);
    }
    if (!state(position).treasury.empty()) {
        json treasury = json::object();
        for (std::size_t p = 0; p < state(position).treasury.size(); ++p)
            treasury[variant.power_name(static_cast<PowerId>(p))] = state(position).treasury[p];
        doc["treasury"] = std::move(treasury);
    }
    if (std::any_of(state(position).destroy_trains.begin(), state(position).destroy_trains.end(),
                    [](std::uint8_t d) { return d != 0; })) {
        json policy = json::object();
        for (std::size_t p = 0; p < state(position).destroy_trains.size(); ++p)
            policy[variant.power_name(static_cast<PowerId>(p))] =
                state(position).destroy_trains[p] != 0 ? "destroy" : "capture";
        doc["train_policy"] = std::move(policy);
    }
    if (!state(position).lines_seen.empty()) {
        json seen = json::object();
        for (const SightedLine& line : state(position).lines_seen) {
            json provinces = json::array();
            for (ProvinceId p : line.provinces) provinces.push_back(variant.provinces[p].abbr);
            seen[variant.power_name(line.power)].push_back(std::move(provinces));
        }
        doc["supply_lines_seen"] = std::move(seen);
    }
}

std::string check_position(const Variant& variant, const Position& position) {
    for (const SupplyTrain& t : state(position).trains)
        if (t.at >= variant.province_count() || t.base >= variant.province_count())
            return "a supply train on or from an unknown province";
    const std::size_t powers = variant.powers.size();
    if (std::string e = table_size_error("treasury", state(position).treasury.size(), powers,
                                         "entries", "powers");
        !e.empty())
        return e;
    if (std::string e = table_size_error("destroy_trains", state(position).destroy_trains.size(),
                                         powers, "entries", "powers");
        !e.empty())
        return e;
    Position normal = position;
    normal.normalise();
    for (const auto& [name, same] : {
             std::pair{"trains", state(normal).trains == state(position).trains},
             std::pair{"destroy_trains",
                       state(normal).destroy_trains == state(position).destroy_trains},
             std::pair{"standing_supply",
                       state(normal).standing_supply == state(position).standing_supply},
         })
        if (std::string e = normal_form_error(name, same); !e.empty()) return e;
    return "";
}

void start_position(const Variant& variant, Position& position) {
    if (!variant.campaign) return;
    state(position).trains = variant.campaign->start_trains;
    state(position).treasury = variant.campaign->start_treasury;
}

}  // namespace adjutant::supply
