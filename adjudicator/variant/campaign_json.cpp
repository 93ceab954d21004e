// SPDX-License-Identifier: Apache-2.0
#include "variant/campaign_json.h"

#include <algorithm>

#include "variant/module_parts.h"
#include "variant/variant_fields.h"

namespace adjutant {

namespace {

using json = nlohmann::json;

std::int64_t bounded(JsonChecker& check, const json& object, const std::string& at,
                     std::string_view key, std::int64_t low, std::int64_t high,
                     std::int64_t fallback) {
    return read_bounded(check, object, at, key, low, high, fallback);
}

class CampaignReader {
  public:
    CampaignReader(JsonChecker& check, Variant& variant)
        : check_(check), v_(variant), fields_(check, variant) {}

    void read(const json& doc) {
        if (!is_campaign(doc)) return;
        CampaignMap& c = v_.campaign.emplace();
        const std::size_t n = v_.provinces.size();
        c.city_class.assign(n, 0);
        c.fortress_class.assign(n, 0);
        c.railhead.assign(n, 0);
        c.map_edge.assign(n, {});
        c.roads.assign(n, {});
        c.capital.assign(v_.powers.size(), kNoProvince);
        c.side.assign(v_.powers.size(), std::string());
        c.start_treasury.assign(v_.powers.size(), 0);
        c.start_control.assign(n, kNoPower);
        read_phases(doc, c);
        read_provinces(doc, c);
        read_roads(doc, c);
        std::vector<std::string> abbreviations;
        abbreviations.reserve(n);
        for (const Province& p : v_.provinces) abbreviations.push_back(p.abbr);
        c.index_roads(abbreviations);
        read_rail_links(doc, c);
        c.index_rail_links();
        read_capitals(doc, c);
        c.index_sides();
        read_start(doc, c);
        read_rules(doc);
    }

  private:
    static bool is_campaign(const json& doc) {
        if (doc.contains("phases") || doc.contains("roads") || doc.contains("rail_links"))
            return true;
        if (doc.contains("rules") && doc["rules"].is_object()) {
            if (doc["rules"].contains("strength")) return true;
            for (const ModulePart& part : module_parts())
                if (doc["rules"].contains(std::string(part.name))) return true;
        }
        return false;
    }

    ProvinceId province(const json& value, const std::string& at) {
        return fields_.province(value, at);
    }
    PowerId power(const std::string& name, const std::string& at) {
        return fields_.power(name, at);
    }
    bool pair(const json& value, const std::string& at, ProvinceId& a, ProvinceId& b) {
        return fields_.pair(value, at, a, b);
    }

    void read_phases(const json& doc, CampaignMap& c) {
        const json* phases = check_.get(doc, "", "phases", JsonKind::Object, false);
        if (phases == nullptr) return;
        check_.only_fields(*phases, "/phases", {"cycle", "first_week"});
        if (auto cycle = check_.get_string(*phases, "/phases", "cycle", true)) {
            if (*cycle == "weekly" && !v_.start_phase.weekly())
                check_.error("/start/phase",
                             "a weekly cycle starts with a weekly phase such as "
                             "\"1914W32M\"");
            else if (*cycle != "weekly" && *cycle != "classic")
                check_.error("/phases/cycle", "cycle is \"weekly\" or \"classic\"");
        }
        if (auto first = check_.get_string(*phases, "/phases", "first_week", false))
            c.first_week = *first;
    }

    void read_provinces(const json& doc, CampaignMap& c) {
        const json& list = doc["provinces"];
        for (std::size_t i = 0; i < list.size(); ++i) {
            const json& item = list[i];
            const std::string at = json_child("/provinces", i);
            const ProvinceId p = v_.find_province(item.value("abbr", std::string()));
            if (p == kNoProvince) continue;
            c.city_class[p] =
                static_cast<std::uint8_t>(bounded(check_, item, at, "city_class", 1, 3, 0));
            c.fortress_class[p] =
                static_cast<std::uint8_t>(bounded(check_, item, at, "fortress_class", 1, 3, 0));
            if (c.city_class[p] != 0 && !v_.provinces[p].supply_center)
                check_.error(json_child(at, "city_class"), "a city is a supply centre");
            if (const json* rh = check_.get(item, at, "railhead", JsonKind::Bool, false))
                c.railhead[p] = rh->get<bool>() ? 1 : 0;
            if (const json* edge = check_.get(item, at, "map_edge", JsonKind::Array, false))
                for (std::size_t k = 0; k < edge->size(); ++k) {
                    const std::string here = json_child(json_child(at, "map_edge"), k);
                    if (!check_.expect((*edge)[k], here, JsonKind::String)) continue;
                    const PowerId who = power((*edge)[k].get<std::string>(), here);
                    if (who != kNoPower) c.map_edge[p].push_back(who);
                }
        }
    }

    void read_roads(const json& doc, CampaignMap& c) {
        const json* roads = check_.get(doc, "", "roads", JsonKind::Array, false);
        if (roads == nullptr) return;
        for (std::size_t i = 0; i < roads->size(); ++i) {
            ProvinceId a = kNoProvince, b = kNoProvince;
            if (!pair((*roads)[i], json_child("/roads", i), a, b)) continue;
            c.roads[a].push_back(b);
            c.roads[b].push_back(a);
        }
        for (auto& list : c.roads) {
            std::sort(list.begin(), list.end());
            list.erase(std::unique(list.begin(), list.end()), list.end());
        }
    }

    void read_rail_links(const json& doc, CampaignMap& c) {
        const json* links = check_.get(doc, "", "rail_links", JsonKind::Array, false);
        if (links == nullptr) return;
        for (std::size_t i = 0; i < links->size(); ++i) {
            const std::string at = json_child("/rail_links", i);
            const json& item = (*links)[i];
            if (!check_.expect(item, at, JsonKind::Object)) continue;
            check_.only_fields(item, at, {"between", "track", "line", "structures", "gauge"});
            RailLink link;
            const json* between = check_.get(item, at, "between", JsonKind::Array, true);
            if (between == nullptr || !pair(*between, json_child(at, "between"), link.a, link.b))
                continue;
            if (auto track = check_.get_string(item, at, "track", true)) {
                if (*track == "double")
                    link.track = Track::Double;
                else if (*track == "single")
                    link.track = Track::Single;
                else if (*track == "narrow")
                    link.track = Track::Narrow;
                else
                    check_.error(json_child(at, "track"), "track is double, single or narrow");
            }
            if (auto line = check_.get_string(item, at, "line", false)) link.line = *line;
            // The rail module resolves the name against its declared gauges.
            if (auto gauge = check_.get_string(item, at, "gauge", false)) link.gauge = *gauge;
            if (const json* s = check_.get(item, at, "structures", JsonKind::Array, false))
                for (std::size_t k = 0; k < s->size(); ++k) {
                    const std::string here = json_child(json_child(at, "structures"), k);
                    if (!check_.expect((*s)[k], here, JsonKind::Object)) continue;
                    check_.only_fields((*s)[k], here, {"kind", "name"});
                    RailStructure structure;
                    if (auto kind = check_.get_string((*s)[k], here, "kind", true))
                        structure.kind = *kind;
                    if (auto name = check_.get_string((*s)[k], here, "name", false))
                        structure.name = *name;
                    link.structures.push_back(std::move(structure));
                }
            c.rail_links.push_back(std::move(link));
        }
    }

    void read_capitals(const json& doc, CampaignMap& c) {
        const json& powers = doc["powers"];
        for (std::size_t i = 0; i < powers.size() && i < c.capital.size(); ++i) {
            const std::string at = json_child("/powers", i);
            if (const json* capital = check_.get(powers[i], at, "capital", JsonKind::String, false))
                c.capital[i] = province(*capital, json_child(at, "capital"));
            if (auto side = check_.get_string(powers[i], at, "side", false)) c.side[i] = *side;
        }
    }

    template <typename Each>
    void for_each_power(const json& section, const std::string& path, Each each) {
        fields_.for_each_power(section, path, each);
    }

    void read_start(const json& doc, CampaignMap& c) {
        const json& start = doc["start"];
        if (const json* g = check_.get(start, "/start", "garrisons", JsonKind::Object, false))
            for_each_power(
                *g, "/start/garrisons", [&](PowerId who, const json& list, const std::string& at) {
                    if (!check_.expect(list, at, JsonKind::Array)) return;
                    for (std::size_t k = 0; k < list.size(); ++k) {
                        const std::string here = json_child(at, k);
                        if (!check_.expect(list[k], here, JsonKind::Object)) continue;
                        check_.only_fields(
                            list[k], here,
                            {"province", "points", "siege_guns", "stores", "general"});
                        Garrison garrison;
                        garrison.power = who;
                        if (const json* p =
                                check_.get(list[k], here, "province", JsonKind::String, true))
                            garrison.province = province(*p, json_child(here, "province"));
                        garrison.points = bounded(check_, list[k], here, "points", 0, 1'000'000, 0);
                        garrison.siege_guns = static_cast<std::int32_t>(
                            bounded(check_, list[k], here, "siege_guns", 0, 1000, 0));
                        garrison.stores = bounded(check_, list[k], here, "stores", 0, 1'000'000, 0);
                        if (auto general = check_.get_string(list[k], here, "general", false))
                            garrison.general = *general;
                        if (garrison.province == kNoProvince) continue;
                        if (c.fortress_class[garrison.province] == 0 &&
                            c.city_class[garrison.province] == 0)
                            check_.error(here, "a garrison stands in a city or fortress; " +
                                                   v_.provinces[garrison.province].abbr +
                                                   " is neither");
                        c.start_garrisons.push_back(std::move(garrison));
                    }
                });
        if (const json* t = check_.get(start, "/start", "trains", JsonKind::Object, false))
            for_each_power(
                *t, "/start/trains", [&](PowerId who, const json& list, const std::string& at) {
                    if (!check_.expect(list, at, JsonKind::Array)) return;
                    for (std::size_t k = 0; k < list.size(); ++k) {
                        const std::string here = json_child(at, k);
                        if (!check_.expect(list[k], here, JsonKind::Object)) continue;
                        check_.only_fields(list[k], here, {"province", "count"});
                        ProvinceId where = kNoProvince;
                        if (const json* p =
                                check_.get(list[k], here, "province", JsonKind::String, true))
                            where = province(*p, json_child(here, "province"));
                        const auto count = bounded(check_, list[k], here, "count", 1, 10'000, 1);
                        if (where == kNoProvince) continue;
                        if (c.city_class[where] == 0)
                            check_.error(here, "trains wait in a city; " +
                                                   v_.provinces[where].abbr + " is not one");
                        for (std::int64_t j = 0; j < count; ++j)
                            c.start_trains.push_back(SupplyTrain{who, where, where, 0, false});
                    }
                });
        if (const json* t = check_.get(start, "/start", "treasury", JsonKind::Object, false))
            for_each_power(*t, "/start/treasury",
                           [&](PowerId who, const json& value, const std::string& at) {
                               if (check_.expect(value, at, JsonKind::Integer))
                                   c.start_treasury[who] = value.get<std::int64_t>();
                           });
        // "control": {"Germany": ["MAL", ...]}: who holds the ground away from the cities.
        if (const json* t = check_.get(start, "/start", "control", JsonKind::Object, false))
            for_each_power(*t, "/start/control",
                           [&](PowerId who, const json& list, const std::string& at) {
                               if (!check_.expect(list, at, JsonKind::Array)) return;
                               for (std::size_t k = 0; k < list.size(); ++k) {
                                   const ProvinceId p = province(list[k], json_child(at, k));
                                   if (p != kNoProvince) c.start_control[p] = who;
                               }
                           });
    }

    void read_rules(const json& doc) {
        if (!doc.contains("rules") || !doc["rules"].is_object()) return;
        const json& rules = doc["rules"];
        if (const json* s = check_.get(rules, "/rules", "strength", JsonKind::Object, false)) {
            check_.only_fields(*s, "/rules/strength", {"kind"});
            if (auto kind = check_.get_string(*s, "/rules/strength", "kind", true)) {
                if (*kind == "points")
                    v_.strength = StrengthKind::Points;
                else if (*kind != "unit")
                    check_.error("/rules/strength/kind", "kind is \"unit\" or \"points\"");
            }
        }
        // Each rule module reads its own part, `"rules": {"supply": {...}}`, by its own schema,
        // once the map records that the variant enables it (variant/module_params.h).
        for (const ModulePart& module : module_parts()) {
            if (module.read == nullptr) continue;
            const std::string key(module.name);
            if (const json* part = check_.get(rules, "/rules", key, JsonKind::Object, false)) {
                v_.campaign->modules.enable(module.name);
                module.read(fields_, *part, json_child("/rules", key));
            }
        }
    }

    JsonChecker& check_;
    Variant& v_;
    VariantFields fields_;
};

}  // namespace

UnitStats read_unit_stats(JsonChecker& check, const json& object, const std::string& at) {
    check.only_fields(object, at,
                      {"unit", "points", "supply", "siege_guns", "engineers", "general"});
    UnitStats s;
    s.points = bounded(check, object, at, "points", 0, 1'000'000, 0);
    s.supply = static_cast<std::int32_t>(bounded(check, object, at, "supply", 0, 52, 0));
    s.siege_guns = static_cast<std::int32_t>(bounded(check, object, at, "siege_guns", 0, 1000, 0));
    s.engineers = static_cast<std::int32_t>(bounded(check, object, at, "engineers", 0, 1000, 0));
    if (auto general = check.get_string(object, at, "general", false)) s.general = *general;
    return s;
}

void read_campaign(JsonChecker& check, Variant& variant, const json& document) {
    CampaignReader(check, variant).read(document);
}

}  // namespace adjutant
