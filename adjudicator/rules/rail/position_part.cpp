// SPDX-License-Identifier: Apache-2.0
// The rail network module's part of the position document (docs/positions.md, docs/rail.md):
// each power's rail state per province, who holds the ground, the provinces the GM interdicted
// and the demolished links.
//
//   "rail": {"Germany": {"controlled": ["LIE"], "capacity_3": ["KOL", "AAC"]}},
//   "control": {"Germany": ["LIE", "MAL"]}, "interdicted": ["NAM"],
//   "demolished": [["AAC", "LIE"]],
//   "converted": {"standard": [["THO", "WAR"]]}   (links of another gauge than the variant's)
#include <algorithm>
#include <optional>
#include <utility>

#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

using nlohmann::json;

constexpr std::pair<RailState, std::string_view> kRailStateNames[] = {
    {RailState::Controlled, "controlled"},   {RailState::Capacity1, "capacity_1"},
    {RailState::Capacity2, "capacity_2"},    {RailState::Capacity3, "capacity_3"},
    {RailState::Exceptional, "exceptional"},
};

std::string_view rail_state_name(RailState state) {
    for (const auto& [s, name] : kRailStateNames)
        if (s == state) return name;
    return "non_operational";
}

std::optional<RailState> rail_state_from_name(std::string_view name) {
    for (const auto& [s, n] : kRailStateNames)
        if (n == name) return s;
    return std::nullopt;
}

// {"Germany": {"controlled": [...], "capacity_1": [...], ...}}; unlisted provinces are
// non-operational.
void read_rail_states(PositionReader& r, const json& doc) {
    const json* rail = r.check().get(doc, "", "rail", JsonKind::Object, false);
    if (rail == nullptr) return;
    const Variant& v = r.variant();
    Position& pos = r.position();
    state(pos).rail.assign(v.powers.size(),
                           std::vector<RailState>(v.provinces.size(), RailState::NonOperational));
    r.for_each_power_value(
        *rail, "/rail", [&](PowerId who, const json& states, const std::string& here) {
            if (!r.check().expect(states, here, JsonKind::Object)) return;
            for (auto st = states.begin(); st != states.end(); ++st) {
                const auto named = rail_state_from_name(st.key());
                const std::string at = json_child(here, st.key());
                if (!named) {
                    r.check().error(at,
                                    "a rail state is controlled, capacity_1, capacity_2, "
                                    "capacity_3 or exceptional");
                    continue;
                }
                for (ProvinceId p : r.provinces(st.value(), at)) state(pos).rail[who][p] = *named;
            }
        });
}

// "control": {"Germany": ["LIE", ...]}; unlisted provinces are held by nobody.
void read_control(PositionReader& r, const json& doc) {
    const json* control = r.check().get(doc, "", "control", JsonKind::Object, false);
    if (control == nullptr) return;
    Position& pos = r.position();
    state(pos).control.assign(r.variant().provinces.size(), kNoPower);
    r.for_each_power_value(*control, "/control",
                           [&](PowerId who, const json& list, const std::string& here) {
                               for (ProvinceId p : r.provinces(list, here))
                                   state(pos).control[p] = who;
                           });
}

// "demolished": [["AAC", "LIE"], ...]: each a rail link of the variant.
void read_demolished(PositionReader& r, const json& doc) {
    const json* list = r.check().get(doc, "", "demolished", JsonKind::Array, false);
    if (list == nullptr) return;
    const Variant& v = r.variant();
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string at = json_child("/demolished", i);
        const auto between = r.provinces((*list)[i], at);
        if (between.size() != 2) {
            r.check().error(at, "a demolished link is a pair of provinces");
            continue;
        }
        const auto link = v.campaign ? v.campaign->rail_link(between[0], between[1]) : std::nullopt;
        if (!link) {
            r.check().error(at, "no rail link between " + v.provinces[between[0]].abbr + " and " +
                                    v.provinces[between[1]].abbr);
            continue;
        }
        state(r.position()).demolished.push_back(*link);
    }
}

// "converted": {"standard": [["THO", "WAR"], ...]}: rail links laid in another gauge than the
// variant lays them in (OCS rail movement; docs/gauge.md).
void read_converted(PositionReader& r, const json& doc) {
    const json* part = r.check().get(doc, "", "converted", JsonKind::Object, false);
    if (part == nullptr) return;
    const Variant& v = r.variant();
    const auto& gauges = v.campaign ? rail::parameters(v).gauges : std::vector<std::string>{};
    for (auto it = part->begin(); it != part->end(); ++it) {
        const std::string here = json_child("/converted", it.key());
        const auto g = std::find(gauges.begin(), gauges.end(), it.key());
        if (g == gauges.end()) {
            r.check().error(here, "not one of the map's gauges");
            continue;
        }
        if (!r.check().expect(it.value(), here, JsonKind::Array)) continue;
        for (std::size_t i = 0; i < it.value().size(); ++i) {
            const std::string at = json_child(here, i);
            const auto between = r.provinces(it.value()[i], at);
            if (between.size() != 2) {
                r.check().error(at, "a converted link is a pair of provinces");
                continue;
            }
            const auto link = v.campaign->rail_link(between[0], between[1]);
            if (!link) {
                r.check().error(at, "no rail link between " + v.provinces[between[0]].abbr +
                                        " and " + v.provinces[between[1]].abbr);
                continue;
            }
            state(r.position())
                .converted.emplace_back(*link, static_cast<std::uint8_t>(g - gauges.begin()));
        }
    }
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    read_rail_states(r, doc);
    read_control(r, doc);
    if (const json* list = r.check().get(doc, "", "interdicted", JsonKind::Array, false))
        state(r.position()).interdicted = r.provinces(*list, "/interdicted");
    read_demolished(r, doc);
    read_converted(r, doc);
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    const RailNetworkState& net = state(position);
    if (!net.rail.empty()) {
        json rail = json::object();
        for (std::size_t p = 0; p < net.rail.size(); ++p) {
            json states = json::object();
            for (std::size_t i = 0; i < net.rail[p].size(); ++i)
                if (net.rail[p][i] != RailState::NonOperational)
                    states[std::string(rail_state_name(net.rail[p][i]))].push_back(
                        variant.provinces[i].abbr);
            if (!states.empty())
                rail[variant.power_name(static_cast<PowerId>(p))] = std::move(states);
        }
        doc["rail"] = std::move(rail);
    }
    if (std::any_of(net.control.begin(), net.control.end(),
                    [](PowerId p) { return p != kNoPower; })) {
        json control = json::object();
        for (std::size_t i = 0; i < net.control.size() && i < variant.provinces.size(); ++i)
            if (net.control[i] != kNoPower)
                control[variant.power_name(net.control[i])].push_back(variant.provinces[i].abbr);
        doc["control"] = std::move(control);
    }
    if (!net.interdicted.empty()) {
        json list = json::array();
        for (ProvinceId p : net.interdicted) list.push_back(variant.provinces[p].abbr);
        doc["interdicted"] = std::move(list);
    }
    if (!net.demolished.empty() && variant.campaign) {
        json list = json::array();
        for (std::uint16_t i : net.demolished) {
            const RailLink& link = variant.campaign->rail_links.at(i);
            list.push_back({variant.provinces[link.a].abbr, variant.provinces[link.b].abbr});
        }
        doc["demolished"] = std::move(list);
    }
    if (!net.converted.empty() && variant.campaign) {
        json converted = json::object();
        for (const auto& [i, gauge] : net.converted) {
            const RailLink& link = variant.campaign->rail_links.at(i);
            converted[gauge_name(variant, gauge)].push_back(
                {variant.provinces[link.a].abbr, variant.provinces[link.b].abbr});
        }
        doc["converted"] = std::move(converted);
    }
}

std::string check_position(const Variant& variant, const Position& position) {
    const RailNetworkState& net = state(position);
    if (std::string e = table_size_error("control", net.control.size(), variant.province_count(),
                                         "entries", "provinces");
        !e.empty())
        return e;
    if (std::string e =
            table_size_error("rail", net.rail.size(), variant.powers.size(), "rows", "powers");
        !e.empty())
        return e;
    for (const std::vector<RailState>& row : net.rail)
        if (row.size() != variant.province_count())
            return "a rail row has " + count_text(row.size(), "entries") + " for " +
                   count_text(variant.province_count(), "provinces");
    Position normal = position;
    normal.normalise();
    for (const auto& [name, same] : {
             std::pair{"interdicted", state(normal).interdicted == net.interdicted},
             std::pair{"demolished", state(normal).demolished == net.demolished},
             std::pair{"converted", state(normal).converted == net.converted},
         })
        if (std::string e = normal_form_error(name, same); !e.empty()) return e;
    // A converted link of the gauge the variant lays it in would not survive a round trip.
    for (const auto& [i, gauge] : net.converted)
        if (variant.campaign && (i >= variant.campaign->rail_links.size() ||
                                 gauge >= rail::parameters(variant).gauges.size() ||
                                 gauge == rail::parameters(variant).link_gauge[i]))
            return "a converted link is of the gauge the variant lays it in, or of none";
    return "";
}

}  // namespace adjutant::rail
