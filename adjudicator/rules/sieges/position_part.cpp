// SPDX-License-Identifier: Apache-2.0
// The sieges module's part of the position document (docs/positions.md): the garrisons in their
// fortresses, the sieges under way and the breaches not yet repaired.
//
//   "garrisons": {"France": [{"province": "VER", "points": 160, "siege_guns": 6, "stores": 26}]},
//   "sieges": {"Germany": [{"province": "LIE", "army": 2, "weeks": 3, "assaults": 1}]},
//   "breaches": {"REI": 5}
#include <algorithm>

#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/sieges/sieges.h"
#include "rules/sieges/state.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace {

using nlohmann::json;

void read_garrison(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at,
                      {"province", "points", "siege_guns", "stores", "general", "general_roll",
                       "half_rations", "half_week_eaten"});
    Garrison g;
    g.power = power;
    if (const json* where = check.get(item, at, "province", JsonKind::String, true))
        g.province = r.province(*where, json_child(at, "province"));
    g.points = r.integer<std::int64_t>(item, at, "points");
    g.siege_guns = r.integer<std::int32_t>(item, at, "siege_guns");
    g.stores = r.integer<std::int64_t>(item, at, "stores");
    if (auto general = check.get_string(item, at, "general", false)) g.general = *general;
    g.general_roll = r.integer<std::int32_t>(item, at, "general_roll");
    g.half_rations = r.flag(item, at, "half_rations");
    g.half_week_eaten = r.flag(item, at, "half_week_eaten");
    if (g.province == kNoProvince) return;
    Position& pos = r.position();
    for (const Garrison& other : state(pos).garrisons)
        if (other.province == g.province)
            check.error(at, "two garrisons in " + r.variant().provinces[g.province].abbr);
    state(pos).garrisons.push_back(std::move(g));
}

void read_siege(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(
        item, at,
        {"province", "army", "weeks", "assaults", "line", "breach_weeks", "breach_needed",
         "breached", "breaching_total", "short_weeks", "abandoning", "sick", "garrison_sick"});
    Siege s;
    s.power = power;
    if (const json* where = check.get(item, at, "province", JsonKind::String, true))
        s.province = r.province(*where, json_child(at, "province"));
    s.army = r.integer<std::uint32_t>(item, at, "army");
    s.weeks = r.integer<std::int32_t>(item, at, "weeks");
    s.assaults = r.integer<std::int32_t>(item, at, "assaults");
    s.line = r.integer<std::int32_t>(item, at, "line");
    if (s.line > 2) check.error(json_child(at, "line"), "must be 0, 1 or 2");
    s.breach_weeks = r.integer<std::int32_t>(item, at, "breach_weeks");
    s.breach_needed = r.integer<std::int32_t>(item, at, "breach_needed");
    s.breached = r.flag(item, at, "breached");
    s.breaching_total = r.integer<std::int32_t>(item, at, "breaching_total");
    s.short_weeks = r.integer<std::int32_t>(item, at, "short_weeks");
    s.abandoning = r.flag(item, at, "abandoning");
    s.sick = r.flag(item, at, "sick");
    s.garrison_sick = r.flag(item, at, "garrison_sick");
    if (s.province == kNoProvince) return;
    Position& pos = r.position();
    if (state(pos).siege_of(s.province) != nullptr)
        check.error(at, "two sieges of " + r.variant().provinces[s.province].abbr);
    state(pos).sieges.push_back(s);
}

// "breaches": {"REI": 5}: breached fortresses and the weeks since their last siege (5o).
void read_breaches(PositionReader& r, const json& doc) {
    const json* section = r.check().get(doc, "", "breaches", JsonKind::Object, false);
    if (section == nullptr) return;
    auto& breaches = state(r.position()).breaches;
    for (auto it = section->begin(); it != section->end(); ++it) {
        const std::string here = json_child("/breaches", it.key());
        const ProvinceId where = r.province(json(it.key()), here);
        if (where == kNoProvince || !r.check().expect(it.value(), here, JsonKind::Integer))
            continue;
        breaches.emplace_back(where, it.value().get<std::int32_t>());
    }
    std::sort(breaches.begin(), breaches.end());
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(doc, "garrisons", [&](PowerId p, const json& item, const std::string& at) {
        read_garrison(r, p, item, at);
    });
    r.for_each_power(doc, "sieges", [&](PowerId p, const json& item, const std::string& at) {
        read_siege(r, p, item, at);
    });
    read_breaches(r, doc);
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (!state(position).garrisons.empty()) {
        json garrisons = json::object();
        for (const Garrison& g : state(position).garrisons) {
            json entry = {{"province", variant.provinces[g.province].abbr}, {"points", g.points}};
            if (g.siege_guns != 0) entry["siege_guns"] = g.siege_guns;
            if (g.stores != 0) entry["stores"] = g.stores;
            if (!g.general.empty()) entry["general"] = g.general;
            if (g.general_roll != 0) entry["general_roll"] = g.general_roll;
            if (g.half_rations) entry["half_rations"] = true;
            if (g.half_week_eaten) entry["half_week_eaten"] = true;
            garrisons[variant.power_name(g.power)].push_back(std::move(entry));
        }
        doc["garrisons"] = std::move(garrisons);
    }
    if (!state(position).sieges.empty()) {
        json sieges = json::object();
        for (const Siege& s : state(position).sieges) {
            json entry = {{"province", variant.provinces[s.province].abbr}, {"weeks", s.weeks}};
            if (s.army != 0) entry["army"] = s.army;
            if (s.assaults != 0) entry["assaults"] = s.assaults;
            if (s.line != 0) entry["line"] = s.line;
            if (s.breach_weeks != 0) entry["breach_weeks"] = s.breach_weeks;
            if (s.breach_needed != 0) entry["breach_needed"] = s.breach_needed;
            if (s.breached) entry["breached"] = true;
            if (s.breaching_total != 0) entry["breaching_total"] = s.breaching_total;
            if (s.short_weeks != 0) entry["short_weeks"] = s.short_weeks;
            if (s.abandoning) entry["abandoning"] = true;
            if (s.sick) entry["sick"] = true;
            if (s.garrison_sick) entry["garrison_sick"] = true;
            sieges[variant.power_name(s.power)].push_back(std::move(entry));
        }
        doc["sieges"] = std::move(sieges);
    }
    if (!state(position).breaches.empty()) {
        json breaches = json::object();
        for (const auto& [where, weeks] : state(position).breaches)
            breaches[variant.provinces[where].abbr] = weeks;
        doc["breaches"] = std::move(breaches);
    }
}

std::string check_position(const Variant& variant, const Position& position) {
    std::vector<ProvinceId> where;
    for (const Garrison& g : state(position).garrisons) where.push_back(g.province);
    if (std::string e = one_per_province(variant, where, "garrison"); !e.empty()) return e;
    where.clear();
    for (const Siege& s : state(position).sieges) where.push_back(s.province);
    if (std::string e = one_per_province(variant, where, "siege"); !e.empty()) return e;
    Position normal = position;
    normal.normalise();
    for (const auto& [name, same] : {
             std::pair{"garrisons", state(normal).garrisons == state(position).garrisons},
             std::pair{"sieges", state(normal).sieges == state(position).sieges},
             std::pair{"breaches", state(normal).breaches == state(position).breaches},
         })
        if (std::string e = normal_form_error(name, same); !e.empty()) return e;
    return "";
}

void start_position(const Variant& variant, Position& position) {
    if (variant.campaign) state(position).garrisons = variant.campaign->start_garrisons;
}

}  // namespace adjutant::sieges
