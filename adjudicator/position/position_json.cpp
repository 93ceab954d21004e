// SPDX-License-Identifier: Apache-2.0
#include "position/position_json.h"

#include <algorithm>

#include "core/json_check.h"
#include "module/rule_module.h"
#include "position/position_reader.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

using nlohmann::json;

// The core's fields of the document; each rule module reads its own (RuleModule::read_position).
class CoreReader : public PositionReader {
  public:
    CoreReader(const Variant& variant, Position& position)
        : PositionReader(variant, position),
          v_(variant),
          pos_(position),
          check_(check()),
          occupied_(variant.provinces.size()),
          dislodged_at_(variant.provinces.size()),
          owned_at_(variant.provinces.size()) {}

    void read(const json& doc) {
        if (!check_.expect(doc, "", JsonKind::Object)) return;
        std::vector<std::string_view> known{"variant",     "phase",     "units",
                                            "dislodged",   "standoffs", "supply_centers",
                                            "next_unit_id"};
        for (const RuleModule* m : rule_modules())
            known.insert(known.end(), m->position_keys.begin(), m->position_keys.end());
        check_.only_fields(doc, "", known);
        if (auto name = check_.get_string(doc, "", "variant", false); name && *name != v_.name)
            check_.error("/variant", "this position is for variant " + quote_text(*name) +
                                         ", not " + quote_text(v_.name));
        if (auto code = check_.get_string(doc, "", "phase", true)) {
            if (auto phase = Phase::parse(*code))
                pos_.phase = *phase;
            else
                check_.error("/phase",
                             "bad phase code " + quote_text(*code) + " (expected e.g. \"S1901M\")");
        }
        for_each_power(doc, "units", [this](PowerId p, const json& item, const std::string& at) {
            read_unit(p, item, at);
        });
        for_each_power(doc, "dislodged",
                       [this](PowerId p, const json& item, const std::string& at) {
                           read_dislodged(p, item, at);
                       });
        if (!pos_.dislodged.empty() && pos_.phase.kind != PhaseKind::Retreat &&
            doc.contains("phase"))
            check_.error("/dislodged",
                         "dislodged units belong to a retreat phase, not " + pos_.phase.code());
        read_standoffs(doc);
        for_each_power(doc, "supply_centers",
                       [this](PowerId p, const json& item, const std::string& at) {
                           read_center(p, item, at);
                       });
        // Whatever the variant: a module's part in a classic position is read, as its orders
        // are, and the module's rules then find nothing to do with it.
        for (const RuleModule* m : rule_modules())
            if (m->read_position != nullptr) m->read_position(*this, doc);
        if (const json* next = check_.get(doc, "", "next_unit_id", JsonKind::Integer, false))
            pos_.next_unit_id = next->get<std::uint32_t>();
    }

    std::vector<std::string> errors() {
        std::vector<std::string> out;
        for (const JsonError& e : check_.errors()) out.push_back(e.path + ": " + e.message);
        return out;
    }

  private:
    // "A PAR", or {"unit": "A LIE", "points": 600, ...} with a campaign unit's attributes.
    // `more`: further fields the caller reads from the same object (a dislodged unit's).
    std::optional<Unit> unit(PowerId power, const json& item, const std::string& at,
                             std::initializer_list<std::string_view> more = {}) {
        if (item.is_object()) {
            // The core's attributes, then each module's (RuleModule::unit_keys).
            std::vector<std::string_view> fields{"unit", "id", "points", "engineers"};
            for (const RuleModule* m : rule_modules())
                fields.insert(fields.end(), m->unit_keys.begin(), m->unit_keys.end());
            fields.insert(fields.end(), more.begin(), more.end());
            check_.only_fields(item, at, fields);
            const json* text = check_.get(item, at, "unit", JsonKind::String, true);
            if (text == nullptr) return std::nullopt;
            auto u = unit(power, *text, json_child(at, "unit"));
            if (!u) return std::nullopt;
            UnitStats& s = u->stats;
            s.id = integer<std::uint32_t>(item, at, "id");
            s.points = integer<std::int64_t>(item, at, "points");
            s.engineers = integer<std::int32_t>(item, at, "engineers");
            for (const RuleModule* m : rule_modules())
                if (m->read_unit != nullptr) m->read_unit(*this, item, at, s);
            return u;
        }
        if (!check_.expect(item, at, JsonKind::String)) return std::nullopt;
        const UnitText parsed = read_unit_text(v_, item.get<std::string>(), power);
        if (!parsed.unit) {
            check_.error(at, parsed.error);
            return std::nullopt;
        }
        if (auto why = standing_error(v_, *parsed.unit); !why.empty()) {
            check_.error(at, why);
            return std::nullopt;
        }
        return parsed.unit;
    }

    void read_unit(PowerId power, const json& item, const std::string& at) {
        const auto u = unit(power, item, at);
        if (!u) return;
        std::string& other = occupied_[u->location.province];
        if (!other.empty()) {
            check_.error(at, "two units in " + v_.provinces[u->location.province].abbr +
                                 " (also at " + other + ")");
            return;
        }
        other = at;
        pos_.units.push_back(*u);
    }

    void read_dislodged(PowerId power, const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::Object)) return;
        // {"unit": "A CHA", "from": ..., "retreats": [...]}, with the campaign unit's attributes
        // beside them when it has any: a dislodged army keeps its points, supply and equipment.
        DislodgedUnit d;
        const auto u = unit(power, item, at, {"from", "retreats"});
        if (const json* from = check_.get(item, at, "from", JsonKind::String, false))
            d.attacker_from = province(*from, json_child(at, "from"));
        if (const json* retreats = check_.get(item, at, "retreats", JsonKind::Array, false)) {
            for (std::size_t i = 0; i < retreats->size(); ++i) {
                const std::string here = json_child(json_child(at, "retreats"), i);
                if (!check_.expect((*retreats)[i], here, JsonKind::String)) continue;
                const LocationText where =
                    read_location_text(v_, (*retreats)[i].get<std::string>());
                if (!where.location) {
                    check_.error(here, where.error);
                    continue;
                }
                d.retreats.push_back(*where.location);
            }
        }
        if (!u) return;
        std::string& other = dislodged_at_[u->location.province];
        if (!other.empty()) {
            check_.error(at, "two dislodged units in " + v_.provinces[u->location.province].abbr +
                                 " (also at " + other + ")");
            return;
        }
        other = at;
        d.unit = *u;
        std::sort(d.retreats.begin(), d.retreats.end());
        d.retreats.erase(std::unique(d.retreats.begin(), d.retreats.end()), d.retreats.end());
        pos_.dislodged.push_back(std::move(d));
    }

    void read_standoffs(const json& doc) {
        const json* list = check_.get(doc, "", "standoffs", JsonKind::Array, false);
        if (list == nullptr) return;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const ProvinceId id = province((*list)[i], json_child("/standoffs", i));
            if (id != kNoProvince) pos_.standoffs.push_back(id);
        }
    }

    void read_center(PowerId power, const json& item, const std::string& at) {
        const ProvinceId id = province(item, at);
        if (id == kNoProvince) return;
        const Province& p = v_.provinces[id];
        if (!p.supply_center) {
            check_.error(at, p.abbr + " is not a supply centre");
            return;
        }
        std::string& other = owned_at_[id];
        if (!other.empty()) {
            check_.error(at, "centre " + p.abbr + " is owned twice (also at " + other + ")");
            return;
        }
        other = at;
        pos_.owner[id] = power;
    }

    const Variant& v_;
    Position& pos_;
    JsonChecker& check_;
    std::vector<std::string> occupied_;      // path of the unit already in each province
    std::vector<std::string> dislodged_at_;  // same, for dislodged units
    std::vector<std::string> owned_at_;      // path that gave each centre its owner
};

}  // namespace

json unit_json(const Variant& variant, const Unit& u) {
    if (u.stats.empty()) return unit_text(variant, u);
    const UnitStats& s = u.stats;
    json out = {{"unit", unit_text(variant, u)}, {"points", s.points}};
    if (s.id != 0) out["id"] = s.id;
    if (s.engineers != 0) out["engineers"] = s.engineers;
    for (const RuleModule* m : rule_modules())
        if (m->write_unit != nullptr) m->write_unit(variant, s, out);
    return out;
}

json position_to_json(const Variant& variant, const Position& position) {
    json doc = json::object();
    doc["variant"] = variant.name;
    doc["phase"] = position.phase.code();
    json units = json::object();
    for (const Unit& u : position.units)
        units[variant.power_name(u.power)].push_back(unit_json(variant, u));
    doc["units"] = std::move(units);
    if (position.next_unit_id != 0) doc["next_unit_id"] = position.next_unit_id;
    for (const RuleModule* m : rule_modules())
        if (m->write_position != nullptr) m->write_position(variant, position, doc);
    if (!position.dislodged.empty()) {
        json dislodged = json::object();
        for (const DislodgedUnit& d : position.dislodged) {
            json entry = unit_json(variant, d.unit);
            if (!entry.is_object()) entry = {{"unit", unit_text(variant, d.unit)}};
            entry["retreats"] = json::array();
            if (d.attacker_from < variant.provinces.size())
                entry["from"] = variant.provinces[d.attacker_from].abbr;
            for (const Location& r : d.retreats)
                entry["retreats"].push_back(variant.location_text(r));
            dislodged[variant.power_name(d.unit.power)].push_back(std::move(entry));
        }
        doc["dislodged"] = std::move(dislodged);
    }
    if (!position.standoffs.empty()) {
        json standoffs = json::array();
        for (ProvinceId p : position.standoffs)
            standoffs.push_back(variant.location_text(Location{p}));
        doc["standoffs"] = std::move(standoffs);
    }
    json centers = json::object();
    for (std::size_t i = 0; i < position.owner.size() && i < variant.provinces.size(); ++i)
        if (position.owner[i] != kNoPower)
            centers[variant.power_name(position.owner[i])].push_back(variant.provinces[i].abbr);
    doc["supply_centers"] = std::move(centers);
    return doc;
}

PositionLoad position_from_json(const Variant& variant, const json& document) {
    PositionLoad out;
    Position position;
    position.owner.assign(variant.provinces.size(), kNoPower);
    CoreReader reader(variant, position);
    reader.read(document);
    out.errors = reader.errors();
    if (out.errors.empty()) {
        position.normalise();
        out.position = std::move(position);
    }
    return out;
}

}  // namespace adjutant
