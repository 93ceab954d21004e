// SPDX-License-Identifier: Apache-2.0
// The field works module's part of the position document (docs/positions.md): the field
// fortifications standing, by power, each with the id of the army that dug them.
//
//   "field_works": {"France": [{"province": "ARG", "army": 4}]}
#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/field_works/field_works.h"
#include "variant/variant.h"

namespace adjutant::field_works {

namespace {

using nlohmann::json;

void read_works(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"province", "army"});
    Works w;
    w.power = power;
    if (const json* where = check.get(item, at, "province", JsonKind::String, true))
        w.province = r.province(*where, json_child(at, "province"));
    w.army = r.integer<std::uint32_t>(item, at, "army");
    if (w.province == kNoProvince) return;
    FieldWorksState& s = state(r.position());
    if (s.in(w.province) != nullptr)
        check.error(at, "two field works in " + r.variant().provinces[w.province].abbr);
    s.works.push_back(w);
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(doc, "field_works", [&](PowerId p, const json& item, const std::string& at) {
        read_works(r, p, item, at);
    });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (state(position).works.empty()) return;
    json works = json::object();
    for (const Works& w : state(position).works) {
        json entry = {{"province", variant.provinces[w.province].abbr}};
        if (w.army != 0) entry["army"] = w.army;
        works[variant.powers[w.power].name].push_back(std::move(entry));
    }
    doc["field_works"] = std::move(works);
}

// Works serve the army that dug them while it stands in them (building.cpp gives them up when it
// leaves), so a position with works and no such army there is broken.
std::string check_position(const Variant& variant, const Position& position) {
    std::vector<ProvinceId> where;
    for (const Works& w : state(position).works) where.push_back(w.province);
    if (std::string e = one_per_province(variant, where, "field works"); !e.empty()) return e;
    for (const Works& w : state(position).works) {
        const Unit* u = position.unit_at(w.province);
        if (u == nullptr || !w.dug_by(*u))
            return "the field works in " + variant.provinces[w.province].abbr +
                   " stand without the army that dug them (" + variant.powers[w.power].name +
                   "'s army " + std::to_string(w.army) + ")";
    }
    Position normal = position;
    normal.normalise();
    return normal_form_error("field_works", state(normal).works == state(position).works);
}

}  // namespace adjutant::field_works
