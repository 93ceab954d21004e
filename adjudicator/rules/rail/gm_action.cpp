// SPDX-License-Identifier: Apache-2.0
// The GM's rail interdiction (docs/rail-movement.md, "Interdiction"): the provinces he marks
// interdicted this turn, replacing the earlier marks, go into the phase's position
// (RuleModule::gm_actions). The marks last the turn they were made in (state.h's carry_over).
#include <algorithm>

#include <nlohmann/json.hpp>

#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

using nlohmann::json;

// {"provinces": ["LIE", ...]}: the provinces interdicted this turn, [] to clear them.
std::string read_marks(const json& body) {
    const auto it = body.is_object() ? body.find("provinces") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        return "field 'provinces' is required: a list of provinces, [] to clear";
    for (const auto& item : *it)
        if (!item.is_string()) return "'provinces' holds province names";
    return {};
}

// The marks by id, each once; refused on maps without a rail network.
std::string interdict(const Variant& variant, std::span<const Order>, const json& body,
                      Position& position) {
    if (!enabled(variant)) return "this variant has no rail network to interdict";
    const json& names = body["provinces"];
    if (names.size() > variant.province_count()) return "too many provinces";
    std::vector<ProvinceId> marks;
    for (const auto& item : names) {
        const std::string name = item.get<std::string>();
        const ProvinceId p = variant.find_province(name);
        if (p == kNoProvince) return "unknown province '" + name + "'";
        marks.push_back(p);
    }
    std::sort(marks.begin(), marks.end());
    marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
    state(position).interdicted = std::move(marks);
    return {};
}

json marks_record(const Variant& variant, const Position& position) {
    json names = json::array();
    for (ProvinceId p : state(position).interdicted) names.push_back(variant.provinces[p].abbr);
    return {{"provinces", std::move(names)}};
}

void keep_marks(const Position& from, Position& to) {
    state(to).interdicted = state(from).interdicted;
}

}  // namespace

const ModuleGmAction kGmActions[1] = {{
    .name = "interdict",
    .what = "interdiction marks",
    .read = read_marks,
    .apply = interdict,
    .record = marks_record,
    .keep = keep_marks,
}};

}  // namespace adjutant::rail
