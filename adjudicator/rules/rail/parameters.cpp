// SPDX-License-Identifier: Apache-2.0
// The rail network module's part of a variant file (docs/variants.md, "Campaign maps";
// docs/rail.md):
//   "rules": {"rail_network": {"port_exception": {...}, "single_track_exception": {...},
//                              "rail_capacity": {"Germany": 12, ...},
//                              "exceptional_lines": {"Aachen-Liège": 5},
//                              "reseau_du_nord": {"side": "Allies", "railheads_from": "1914W44M"},
//                              "gauge": {"gauges": ["standard", "broad"],
//                                        "powers": {"Russia": "broad"}}}}
#include <optional>

#include "core/phase.h"
#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "variant/variant_fields.h"

namespace adjutant::rail {

using json = nlohmann::json;

namespace {

// OCS rail movement, "ancho de vía" (docs/gauge.md): the gauges, the first the default one that
// links and powers not named otherwise use; each power's gauge; each link's gauge by its name in
// rail_links. Without the part every link and power is of one gauge and the rule is off.
void read_gauges(VariantFields& fields, const json* part, const std::string& at) {
    JsonChecker& check = fields.check();
    const Variant& v = fields.variant();
    CampaignMap& c = fields.campaign();
    RailNetworkRules& rail = c.modules.get<RailNetworkRules>();
    rail.link_gauge.assign(c.rail_links.size(), 0);
    rail.power_gauge.assign(v.powers.size(), 0);
    const auto gauge_index = [&](const std::string& name) -> std::optional<std::uint8_t> {
        for (std::size_t g = 0; g < rail.gauges.size(); ++g)
            if (rail.gauges[g] == name) return static_cast<std::uint8_t>(g);
        return std::nullopt;
    };
    if (part != nullptr) {
        check.only_fields(*part, at, {"gauges", "powers"});
        if (const json* names = check.get(*part, at, "gauges", JsonKind::Array, true)) {
            const std::string here = json_child(at, "gauges");
            if (names->size() < 2 || names->size() > 8)
                check.error(here, "a map of several gauges names 2 to 8 of them");
            for (std::size_t g = 0; g < names->size() && g < 8; ++g) {
                const std::string item = json_child(here, g);
                if (!check.expect((*names)[g], item, JsonKind::String)) continue;
                const auto name = (*names)[g].get<std::string>();
                if (name.empty() || gauge_index(name))
                    check.error(item, "each gauge has a name of its own");
                else
                    rail.gauges.push_back(name);
            }
        }
        if (const json* powers = check.get(*part, at, "powers", JsonKind::Object, false))
            fields.for_each_power(*powers, json_child(at, "powers"),
                                  [&](PowerId who, const json& value, const std::string& here) {
                                      if (!check.expect(value, here, JsonKind::String)) return;
                                      if (auto g = gauge_index(value.get<std::string>()))
                                          rail.power_gauge[who] = *g;
                                      else
                                          check.error(here, "not one of the map's gauges");
                                  });
    }
    for (std::size_t i = 0; i < c.rail_links.size(); ++i) {
        const std::string& name = c.rail_links[i].gauge;
        if (name.empty()) continue;
        const std::string here = json_child(json_child("/rail_links", i), "gauge");
        if (auto g = gauge_index(name))
            rail.link_gauge[i] = *g;
        else if (rail.gauges.empty())
            check.error(here, "a gauge, but rules.rail_network declares no gauges");
        else
            check.error(here, "not one of the gauges of rules.rail_network.gauge");
    }
}

}  // namespace

// The exceptions of 18.1/18.2 and OCS rail movement's rail capacity.
void read_parameters(VariantFields& fields, const json& part, const std::string& at) {
    JsonChecker& check = fields.check();
    const Variant& v = fields.variant();
    CampaignMap& c = fields.campaign();
    check.only_fields(part, at,
                      {"port_exception", "single_track_exception", "rail_capacity",
                       "exceptional_lines", "reseau_du_nord", "gauge"});
    RailNetworkRules& rail = c.modules.get<RailNetworkRules>();
    rail.port_region.assign(v.provinces.size(), 0);
    rail.rail_capacity.assign(v.powers.size(), 0);
    if (const json* e = check.get(part, at, "port_exception", JsonKind::Object, false)) {
        const std::string here = json_child(at, "port_exception");
        check.only_fields(*e, here, {"port", "side", "region"});
        if (const json* port = check.get(*e, here, "port", JsonKind::String, true))
            rail.port = fields.province(*port, json_child(here, "port"));
        if (auto side = check.get_string(*e, here, "side", true)) rail.port_side = *side;
        if (const json* region = check.get(*e, here, "region", JsonKind::Array, true))
            for (std::size_t i = 0; i < region->size(); ++i)
                if (ProvinceId p =
                        fields.province((*region)[i], json_child(json_child(here, "region"), i));
                    p != kNoProvince)
                    rail.port_region[p] = 1;
    }
    if (const json* e = check.get(part, at, "single_track_exception", JsonKind::Object, false)) {
        const std::string here = json_child(at, "single_track_exception");
        check.only_fields(*e, here, {"side", "links"});
        if (auto side = check.get_string(*e, here, "side", true)) rail.single_track_side = *side;
        if (const json* links = check.get(*e, here, "links", JsonKind::Array, true))
            for (std::size_t i = 0; i < links->size(); ++i) {
                const std::string item = json_child(json_child(here, "links"), i);
                ProvinceId a = kNoProvince, b = kNoProvince;
                if (!fields.pair((*links)[i], item, a, b)) continue;
                if (auto link = c.rail_link(a, b))
                    rail.single_track_exception.push_back(*link);
                else
                    check.error(item, "no rail link between " + v.provinces[a].abbr + " and " +
                                          v.provinces[b].abbr);
            }
        std::sort(rail.single_track_exception.begin(), rail.single_track_exception.end());
    }
    if (const json* cap = check.get(part, at, "rail_capacity", JsonKind::Object, false)) {
        rail.rail_capacity_given = true;
        fields.for_each_power(*cap, json_child(at, "rail_capacity"),
                              [&](PowerId who, const json& value, const std::string& here) {
                                  if (!check.expect(value, here, JsonKind::Integer)) return;
                                  const auto n = value.get<std::int64_t>();
                                  if (n < 0 || n > 1'000'000)
                                      check.error(here, "must be between 0 and 1000000");
                                  else
                                      rail.rail_capacity[who] = n;
                              });
    }
    if (const json* e = check.get(part, at, "reseau_du_nord", JsonKind::Object, false)) {
        const std::string here = json_child(at, "reseau_du_nord");
        check.only_fields(*e, here, {"side", "railheads_from"});
        if (auto side = check.get_string(*e, here, "side", true)) rail.unmarked_side = *side;
        if (auto from = check.get_string(*e, here, "railheads_from", true)) {
            const std::optional<Phase> phase = Phase::parse(*from);
            if (!phase || !phase->weekly())
                check.error(json_child(here, "railheads_from"),
                            "must be a week's movement phase, e.g. 1914W44M");
            else {
                rail.railheads_from_year = phase->year;
                rail.railheads_from_week = phase->week;
            }
        }
    }
    read_gauges(fields, check.get(part, at, "gauge", JsonKind::Object, false),
                json_child(at, "gauge"));
    if (const json* lines = check.get(part, at, "exceptional_lines", JsonKind::Object, false))
        for (auto it = lines->begin(); it != lines->end(); ++it) {
            const std::string here = json_child(json_child(at, "exceptional_lines"), it.key());
            if (!check.expect(it.value(), here, JsonKind::Integer)) continue;
            const auto n = it.value().get<std::int64_t>();
            if (n < 1 || n > 100)
                check.error(here, "must be between 1 and 100");
            else
                rail.exceptional_lines.emplace_back(it.key(), static_cast<int>(n));
        }
}

}  // namespace adjutant::rail
