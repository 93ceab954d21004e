// SPDX-License-Identifier: Apache-2.0
#include "service/fog.h"

#include <optional>
#include <string_view>

#include "core/text.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "service/codec.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

PowerId power_of(const Variant& variant, const Viewer& viewer) {
    return viewer.power.empty() ? kNoPower : variant.find_power(viewer.power);
}

// The province an order or a result is about: the first word of its text that is a province's
// abbreviation ("A LIE - NAM" → LIE, "BUY 2 T KOL" → KOL, "T BER SUPPLY A DRE" → BER), with a
// coast ("STP/NC") read as its province. Canonical texts name the unit's province first.
ProvinceId subject_of(const Variant& variant, std::string_view text) {
    while (!text.empty()) {
        const auto space = text.find(' ');
        std::string_view word = text.substr(0, space);
        word = word.substr(0, word.find('/'));
        if (word.size() >= 2) {
            for (std::size_t p = 0; p < variant.province_count(); ++p)
                if (variant.provinces[p].abbr == word) return static_cast<ProvinceId>(p);
        }
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    return kNoProvince;
}

std::string text_of(const nlohmann::json& entry, const char* key) {
    const auto it = entry.find(key);
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

struct RecordSight {
    Sight before;
    std::optional<Sight> after;
    bool sees(ProvinceId p) const { return before.sees(p) || (after && after->sees(p)); }
};

// Whether an entry of the record (an order, a result, a retreat, an event) is the viewer's to
// read: its own, or about a province it saw before or after the phase.
// The events that tell a power's generals' type rolls and careers (docs/sieges.md, "Generals
// (4g)"; docs/generals.md): a GM keeps another nation's rolls to himself even where its army is
// seen, as the view leaves out `general_roll`.
bool private_to_power(const nlohmann::json& entry) {
    const std::string kind = text_of(entry, "kind");
    return kind == "siege.general" || kind.rfind("general.", 0) == 0;
}

// An entry of nobody's about no province (the week's date, say) is everyone's.
bool shown(const RecordSight& sight, const Viewer& viewer, const nlohmann::json& entry,
           ProvinceId province) {
    const std::string owner = text_of(entry, "power");
    if (!viewer.power.empty() && owner == viewer.power) return true;
    if (private_to_power(entry)) return false;
    if (province == kNoProvince) return owner.empty();
    return sight.sees(province);
}

template <typename Keep>
void keep_if(nlohmann::json& list, Keep keep) {
    if (!list.is_array()) return;
    nlohmann::json kept = nlohmann::json::array();
    for (auto& entry : list)
        if (entry.is_object() && keep(entry)) kept.push_back(std::move(entry));
    list = std::move(kept);
}

ProvinceId province_named(const Variant& variant, const nlohmann::json& entry, const char* key) {
    return subject_of(variant, text_of(entry, key));
}

}  // namespace

bool in_fog(const Variant& variant, const std::string& status, const Viewer& viewer) {
    return !viewer.gm && status != "ended" && hides_positions(variant);
}

nlohmann::json fogged_position(const Variant& variant, const Position& position,
                               const Viewer& viewer) {
    const auto sight = sight_of(variant, position, power_of(variant, viewer));
    if (!sight) return position_to_json(variant, position);
    return seen_position_json(variant, position, *sight);
}

nlohmann::json view_json(const Variant& variant, const Position& position, const Viewer& viewer) {
    nlohmann::json seen = nlohmann::json::array();
    if (const auto sight = sight_of(variant, position, power_of(variant, viewer)))
        for (std::size_t p = 0; p < variant.province_count(); ++p)
            if (sight->sees(static_cast<ProvinceId>(p))) seen.push_back(variant.provinces[p].abbr);
    return {
        {"power", viewer.power.empty() ? nlohmann::json(nullptr) : nlohmann::json(viewer.power)},
        {"seen", std::move(seen)}};
}

void fog_record(const Variant& variant, const Position& before, const Viewer& viewer,
                nlohmann::json& orders, nlohmann::json& results, nlohmann::json* events) {
    const PowerId power = power_of(variant, viewer);
    auto sight_before = sight_of(variant, before, power);
    if (!sight_before) return;
    RecordSight sight{std::move(*sight_before), std::nullopt};
    if (results.is_object() && results.contains("next")) {
        PositionLoad next = position_from_json(variant, results["next"]);
        if (next.ok()) {
            sight.after = sight_of(variant, *next.position, power);
            results["next"] = seen_position_json(variant, *next.position, *sight.after);
        } else {
            results.erase("next");  // never served whole: a record the fog cannot read is cut
        }
    }
    auto about_text = [&](const char* key) {
        return [&, key](const nlohmann::json& entry) {
            return shown(sight, viewer, entry, province_named(variant, entry, key));
        };
    };
    if (results.is_object()) {
        if (results.contains("orders")) keep_if(results["orders"], about_text("order"));
        if (results.contains("dislodged")) keep_if(results["dislodged"], about_text("unit"));
        if (results.contains("events")) keep_if(results["events"], about_text("province"));
    }
    if (events != nullptr) keep_if(*events, about_text("province"));
    if (orders.is_array())
        for (auto& seat : orders) {
            if (!seat.is_object() || text_of(seat, "power") == viewer.power) continue;
            if (!seat.contains("orders") || !seat["orders"].is_array()) continue;
            nlohmann::json kept = nlohmann::json::array();
            for (auto& line : seat["orders"])
                if (line.is_string() && sight.sees(subject_of(variant, line.get<std::string>())))
                    kept.push_back(std::move(line));
            seat["orders"] = std::move(kept);
        }
}

void redact_record(const Variant& variant, const std::string& status, const std::string& position,
                   const Viewer& viewer, nlohmann::json& orders, nlohmann::json& results,
                   nlohmann::json* events) {
    redact_results(results, orders, viewer);
    if (in_fog(variant, status, viewer))
        fog_record(variant, decode_position(variant, position), viewer, orders, results, events);
}

}  // namespace adjutant::service
