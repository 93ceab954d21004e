// SPDX-License-Identifier: Apache-2.0
#include "variant/rules_json.h"

#include <algorithm>
#include <span>
#include <string_view>

#include "variant/module_parts.h"
#include "variant/variant_fields.h"

namespace adjutant {

namespace {

using json = nlohmann::json;

// Campaign rule modules read their own parts (campaign_json.cpp): accepted here unread.
bool campaign_rule(std::string_view key) {
    if (key == "strength") return true;
    const std::vector<ModulePart> parts = module_parts();
    return std::any_of(parts.begin(), parts.end(),
                       [&](const ModulePart& part) { return part.name == key; });
}

class RulesReader {
  public:
    RulesReader(JsonChecker& check, Variant& variant) : check_(check), v_(variant) {}

    void read(const json& rules) {
        for (auto it = rules.begin(); it != rules.end(); ++it) {
            const std::string& key = it.key();
            const std::string path = json_child("/rules", key);
            if (key == "rail_lines")
                read_list(it.value(), path, &RulesReader::read_rail_line);
            else if (key == "canals")
                read_list(it.value(), path, &RulesReader::read_canal);
            else if (key == "center_exceptions")
                read_list(it.value(), path, &RulesReader::read_center_exception);
            else if (key == "build_any")
                read_build_any(it.value(), path);
            else if (!campaign_rule(key))
                check_.error(path, "unknown rule module " + quote_text(key));
        }
    }

  private:
    using ItemReader = void (RulesReader::*)(const json&, const std::string&);

    void read_list(const json& list, const std::string& path, ItemReader item) {
        if (!check_.expect(list, path, JsonKind::Array)) return;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string item_path = json_child(path, i);
            if (check_.expect(list[i], item_path, JsonKind::Object))
                (this->*item)(list[i], item_path);
        }
    }

    ProvinceId province(const json& value, const std::string& path) {
        return VariantFields(check_, v_).province(value, path);
    }

    PowerId power(const json& value, const std::string& path) {
        if (!check_.expect(value, path, JsonKind::String)) return kNoPower;
        return VariantFields(check_, v_).power(value.get<std::string>(), path);
    }

    void read_rail_line(const json& item, const std::string& path) {
        check_.only_fields(item, path,
                           {"name", "power", "units", "provinces", "stop_at_foreign_centers"});
        RailLine line;
        if (auto name = check_.get_string(item, path, "name", true)) line.name = *name;
        if (const json* p = check_.get(item, path, "power", JsonKind::String, true))
            line.power = power(*p, json_child(path, "power"));
        if (auto units = check_.get_string(item, path, "units", false)) {
            if (*units == "fleet")
                line.unit_type = UnitType::Fleet;
            else if (*units != "army")
                check_.error(json_child(path, "units"), "units is \"army\" or \"fleet\"");
        }
        if (const json* stop =
                check_.get(item, path, "stop_at_foreign_centers", JsonKind::Bool, false))
            line.stop_at_foreign_centers = stop->get<bool>();
        const json* list = check_.get(item, path, "provinces", JsonKind::Array, true);
        if (list != nullptr) {
            const std::string list_path = json_child(path, "provinces");
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string item_path = json_child(list_path, i);
                const ProvinceId p = province((*list)[i], item_path);
                if (p == kNoProvince) continue;
                if (std::find(line.provinces.begin(), line.provinces.end(), p) !=
                    line.provinces.end())
                    check_.error(item_path, v_.provinces[p].abbr + " is on the line twice");
                else if (!line.provinces.empty() && line.unit_type == UnitType::Army &&
                         !v_.army_can_move(line.provinces.back(), p))
                    check_.error(item_path,
                                 "the line jumps: " + v_.provinces[line.provinces.back()].abbr +
                                     " and " + v_.provinces[p].abbr + " are not adjacent");
                line.provinces.push_back(p);
            }
            if (line.provinces.size() < 2)
                check_.error(list_path, "a rail line joins at least two provinces");
        }
        if (v_.find_rail_line(line.name) != nullptr)
            check_.error(json_child(path, "name"),
                         "rail line " + quote_text(line.name) + " is defined twice");
        v_.rail_lines.push_back(std::move(line));
    }

    void read_canal(const json& item, const std::string& path) {
        check_.only_fields(item, path, {"name", "between", "via"});
        Canal canal;
        if (auto name = check_.get_string(item, path, "name", true)) canal.name = *name;
        const json* between = check_.get(item, path, "between", JsonKind::Array, true);
        if (between != nullptr) {
            if (between->size() != 2) {
                check_.error(json_child(path, "between"),
                             "a canal joins exactly two sea provinces");
            } else {
                canal.a = province((*between)[0], json_child(json_child(path, "between"), 0));
                canal.b = province((*between)[1], json_child(json_child(path, "between"), 1));
            }
        }
        if (const json* via = check_.get(item, path, "via", JsonKind::String, true))
            canal.via = province(*via, json_child(path, "via"));
        for (ProvinceId end : {canal.a, canal.b})
            if (end != kNoProvince && v_.provinces[end].terrain != Terrain::Sea)
                check_.error(json_child(path, "between"),
                             v_.provinces[end].abbr + " is not a sea province");
        if (canal.via != kNoProvince && canal.a != kNoProvince && canal.b != kNoProvince &&
            (!v_.fleet_can_reach(Location{canal.a, Coast::None}, canal.via) ||
             !v_.fleet_can_reach(Location{canal.b, Coast::None}, canal.via)))
            check_.error(json_child(path, "via"), "the canal's province must border both seas");
        v_.canals.push_back(canal);
    }

    // "build_any": {} (DPjudge's RULE BUILD_ANY): a rule of no parameters.
    void read_build_any(const json& item, const std::string& path) {
        if (!check_.expect(item, path, JsonKind::Object)) return;
        check_.only_fields(item, path, std::span<const std::string_view>{});
        v_.build_any = true;
    }

    void read_center_exception(const json& item, const std::string& path) {
        check_.only_fields(item, path, {"province", "not_for"});
        ProvinceId p = kNoProvince;
        if (const json* where = check_.get(item, path, "province", JsonKind::String, true))
            p = province(*where, json_child(path, "province"));
        if (p != kNoProvince && !v_.provinces[p].supply_center)
            check_.error(json_child(path, "province"),
                         v_.provinces[p].abbr + " is not a supply centre");
        const json* powers = check_.get(item, path, "not_for", JsonKind::Array, true);
        if (powers == nullptr || p == kNoProvince) return;
        for (std::size_t i = 0; i < powers->size(); ++i) {
            const PowerId who = power((*powers)[i], json_child(json_child(path, "not_for"), i));
            if (who != kNoPower) v_.provinces[p].not_a_center_for.push_back(who);
        }
        std::sort(v_.provinces[p].not_a_center_for.begin(), v_.provinces[p].not_a_center_for.end());
    }

    JsonChecker& check_;
    Variant& v_;
};

}  // namespace

void read_rules(JsonChecker& check, Variant& variant, const json& document) {
    const json* rules = check.get(document, "", "rules", JsonKind::Object, false);
    if (rules != nullptr) RulesReader(check, variant).read(*rules);
}

}  // namespace adjutant
