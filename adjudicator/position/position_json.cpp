#include "position/position_json.h"

#include <algorithm>

#include "core/json_check.h"
#include "variant/campaign.h"
#include "variant/variant.h"

namespace adjutant {

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

class Reader {
  public:
    Reader(const Variant& variant, Position& position)
        : v_(variant),
          pos_(position),
          occupied_(variant.provinces.size()),
          dislodged_at_(variant.provinces.size()),
          owned_at_(variant.provinces.size()) {}

    void read(const json& doc) {
        if (!check_.expect(doc, "", JsonKind::Object)) return;
        check_.only_fields(
            doc, "",
            {"variant", "phase", "units", "dislodged", "standoffs", "supply_centers", "garrisons",
             "trains", "treasury", "next_unit_id", "train_policy", "sieges", "breaches", "rail",
             "interdicted", "demolished", "control", "standing_supply"});
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
        for_each_power(doc, "garrisons",
                       [this](PowerId p, const json& item, const std::string& at) {
                           read_garrison(p, item, at);
                       });
        for_each_power(doc, "trains", [this](PowerId p, const json& item, const std::string& at) {
            read_train(p, item, at);
        });
        for_each_power(doc, "sieges", [this](PowerId p, const json& item, const std::string& at) {
            read_siege(p, item, at);
        });
        for_each_power(doc, "standing_supply",
                       [this](PowerId p, const json& item, const std::string& at) {
                           read_standing_supply(p, item, at);
                       });
        read_breaches(doc);
        read_treasury(doc);
        read_rail(doc);
        if (const json* policy = check_.get(doc, "", "train_policy", JsonKind::Object, false)) {
            pos_.destroy_trains.assign(v_.powers.size(), 0);
            for (auto it = policy->begin(); it != policy->end(); ++it) {
                const std::string here = json_child("/train_policy", it.key());
                const PowerId who = v_.find_power(it.key());
                if (who == kNoPower) {
                    check_.error(here, "unknown power " + quote_text(it.key()));
                } else if (it.value() == "destroy" || it.value() == "capture") {
                    pos_.destroy_trains[who] = it.value() == "destroy" ? 1 : 0;
                } else {
                    check_.error(here, "a train policy is \"capture\" or \"destroy\"");
                }
            }
        }
        if (const json* next = check_.get(doc, "", "next_unit_id", JsonKind::Integer, false))
            pos_.next_unit_id = next->get<std::uint32_t>();
    }

    std::vector<std::string> errors() {
        std::vector<std::string> out;
        for (const JsonError& e : check_.errors()) out.push_back(e.path + ": " + e.message);
        return out;
    }

  private:
    // Walks {"Power": [item, ...]} and hands each item with its path to `each`.
    template <typename Each>
    void for_each_power(const json& doc, std::string_view key, Each each) {
        const json* section = check_.get(doc, "", key, JsonKind::Object, false);
        if (section == nullptr) return;
        const std::string path = json_child("", key);
        for (auto it = section->begin(); it != section->end(); ++it) {
            const std::string here = json_child(path, it.key());
            const PowerId power = v_.find_power(it.key());
            if (power == kNoPower) {
                check_.error(here, "unknown power " + quote_text(it.key()));
                continue;
            }
            if (!check_.expect(it.value(), here, JsonKind::Array)) continue;
            for (std::size_t i = 0; i < it.value().size(); ++i)
                each(power, it.value()[i], json_child(here, i));
        }
    }

    // "A PAR", or {"unit": "A LIE", "points": 600, ...} with a campaign unit's attributes.
    // `more`: further fields the caller reads from the same object (a dislodged unit's).
    std::optional<Unit> unit(PowerId power, const json& item, const std::string& at,
                             std::initializer_list<std::string_view> more = {}) {
        if (item.is_object()) {
            std::vector<std::string_view> fields{
                "unit",    "id",           "points",      "supply",   "siege_guns",     "engineers",
                "general", "general_roll", "supply_line", "repulsed", "supply_extended"};
            fields.insert(fields.end(), more.begin(), more.end());
            check_.only_fields(item, at, fields);
            const json* text = check_.get(item, at, "unit", JsonKind::String, true);
            if (text == nullptr) return std::nullopt;
            auto u = unit(power, *text, json_child(at, "unit"));
            if (!u) return std::nullopt;
            UnitStats& s = u->stats;
            s.id = integer<std::uint32_t>(item, at, "id");
            s.points = integer<std::int64_t>(item, at, "points");
            s.supply = integer<std::int32_t>(item, at, "supply");
            s.siege_guns = integer<std::int32_t>(item, at, "siege_guns");
            s.engineers = integer<std::int32_t>(item, at, "engineers");
            if (auto g = check_.get_string(item, at, "general", false)) s.general = *g;
            s.general_roll = integer<std::int32_t>(item, at, "general_roll");
            if (const json* r = check_.get(item, at, "repulsed", JsonKind::Object, false)) {
                const std::string here = json_child(at, "repulsed");
                check_.only_fields(*r, here, {"province", "points"});
                if (const json* where = check_.get(*r, here, "province", JsonKind::String, true))
                    s.repulsed_from = province(*where, json_child(here, "province"));
                s.repulsed_points = integer<std::int64_t>(*r, here, "points");
            }
            if (const json* e = check_.get(item, at, "supply_extended", JsonKind::Bool, false))
                s.supply_extended = e->get<bool>();
            if (const json* line = check_.get(item, at, "supply_line", JsonKind::Array, false))
                for (std::size_t i = 0; i < line->size(); ++i)
                    if (ProvinceId p =
                            province((*line)[i], json_child(json_child(at, "supply_line"), i));
                        p != kNoProvince)
                        s.supply_line.push_back(p);
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

    ProvinceId province(const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::String)) return kNoProvince;
        const ProvinceId id = v_.find_province(item.get<std::string>());
        if (id == kNoProvince)
            check_.error(at, "unknown province " + quote_text(item.get<std::string>()));
        return id;
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

    // A non-negative integer field, 0 when absent.
    template <typename Int>
    Int integer(const json& object, const std::string& at, std::string_view key) {
        const json* value = check_.get(object, at, key, JsonKind::Integer, false);
        if (value == nullptr) return 0;
        if (value->is_number_integer() && value->get<std::int64_t>() < 0) {
            check_.error(json_child(at, key), "must not be negative");
            return 0;
        }
        return value->get<Int>();
    }

    void read_garrison(PowerId power, const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::Object)) return;
        check_.only_fields(item, at,
                           {"province", "points", "siege_guns", "stores", "general", "general_roll",
                            "half_rations", "half_week_eaten"});
        Garrison g;
        g.power = power;
        if (const json* where = check_.get(item, at, "province", JsonKind::String, true))
            g.province = province(*where, json_child(at, "province"));
        g.points = integer<std::int64_t>(item, at, "points");
        g.siege_guns = integer<std::int32_t>(item, at, "siege_guns");
        g.stores = integer<std::int64_t>(item, at, "stores");
        if (auto general = check_.get_string(item, at, "general", false)) g.general = *general;
        g.general_roll = integer<std::int32_t>(item, at, "general_roll");
        g.half_rations = flag(item, at, "half_rations");
        g.half_week_eaten = flag(item, at, "half_week_eaten");
        if (g.province == kNoProvince) return;
        for (const Garrison& other : pos_.garrisons)
            if (other.province == g.province)
                check_.error(at, "two garrisons in " + v_.provinces[g.province].abbr);
        pos_.garrisons.push_back(std::move(g));
    }

    void read_standing_supply(PowerId power, const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::Object)) return;
        check_.only_fields(item, at, {"from", "army"});
        StandingSupply s;
        s.power = power;
        if (const json* from = check_.get(item, at, "from", JsonKind::String, true))
            s.from = province(*from, json_child(at, "from"));
        s.army = integer<std::uint32_t>(item, at, "army");
        if (s.army == 0) check_.error(json_child(at, "army"), "a standing order needs an army id");
        if (s.from == kNoProvince || s.army == 0) return;
        pos_.standing_supply.push_back(s);
    }

    void read_siege(PowerId power, const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::Object)) return;
        check_.only_fields(
            item, at,
            {"province", "army", "weeks", "assaults", "line", "breach_weeks", "breach_needed",
             "breached", "breaching_total", "short_weeks", "abandoning", "sick", "garrison_sick"});
        Siege s;
        s.power = power;
        if (const json* where = check_.get(item, at, "province", JsonKind::String, true))
            s.province = province(*where, json_child(at, "province"));
        s.army = integer<std::uint32_t>(item, at, "army");
        s.weeks = integer<std::int32_t>(item, at, "weeks");
        s.assaults = integer<std::int32_t>(item, at, "assaults");
        s.line = integer<std::int32_t>(item, at, "line");
        if (s.line > 2) check_.error(json_child(at, "line"), "must be 0, 1 or 2");
        s.breach_weeks = integer<std::int32_t>(item, at, "breach_weeks");
        s.breach_needed = integer<std::int32_t>(item, at, "breach_needed");
        s.breached = flag(item, at, "breached");
        s.breaching_total = integer<std::int32_t>(item, at, "breaching_total");
        s.short_weeks = integer<std::int32_t>(item, at, "short_weeks");
        s.abandoning = flag(item, at, "abandoning");
        s.sick = flag(item, at, "sick");
        s.garrison_sick = flag(item, at, "garrison_sick");
        if (s.province == kNoProvince) return;
        if (pos_.siege_of(s.province) != nullptr)
            check_.error(at, "two sieges of " + v_.provinces[s.province].abbr);
        pos_.sieges.push_back(s);
    }

    // {"Germany": {"controlled": [...], "capacity_1": [...], ...}}; unlisted provinces are
    // non-operational. "interdicted": [...]; "demolished": [["AAC", "LIE"], ...].
    void read_rail(const json& doc) {
        if (const json* rail = check_.get(doc, "", "rail", JsonKind::Object, false)) {
            pos_.rail.assign(v_.powers.size(), std::vector<RailState>(v_.provinces.size(),
                                                                      RailState::NonOperational));
            for (auto it = rail->begin(); it != rail->end(); ++it) {
                const std::string here = json_child("/rail", it.key());
                const PowerId who = v_.find_power(it.key());
                if (who == kNoPower) {
                    check_.error(here, "unknown power " + quote_text(it.key()));
                    continue;
                }
                if (!check_.expect(it.value(), here, JsonKind::Object)) continue;
                for (auto st = it.value().begin(); st != it.value().end(); ++st) {
                    const auto state = rail_state_from_name(st.key());
                    const std::string at = json_child(here, st.key());
                    if (!state) {
                        check_.error(at,
                                     "a rail state is controlled, capacity_1, capacity_2, "
                                     "capacity_3 or exceptional");
                        continue;
                    }
                    for (ProvinceId p : provinces(st.value(), at)) pos_.rail[who][p] = *state;
                }
            }
        }
        // "control": {"Germany": ["LIE", ...]}; unlisted provinces are held by nobody.
        if (const json* control = check_.get(doc, "", "control", JsonKind::Object, false)) {
            pos_.control.assign(v_.provinces.size(), kNoPower);
            for (auto it = control->begin(); it != control->end(); ++it) {
                const std::string here = json_child("/control", it.key());
                const PowerId who = v_.find_power(it.key());
                if (who == kNoPower) {
                    check_.error(here, "unknown power " + quote_text(it.key()));
                    continue;
                }
                for (ProvinceId p : provinces(it.value(), here)) pos_.control[p] = who;
            }
        }
        if (const json* list = check_.get(doc, "", "interdicted", JsonKind::Array, false))
            pos_.interdicted = provinces(*list, "/interdicted");
        if (const json* list = check_.get(doc, "", "demolished", JsonKind::Array, false))
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string at = json_child("/demolished", i);
                const auto between = provinces((*list)[i], at);
                if (between.size() != 2) {
                    check_.error(at, "a demolished link is a pair of provinces");
                    continue;
                }
                const auto link =
                    v_.campaign ? v_.campaign->rail_link(between[0], between[1]) : std::nullopt;
                if (!link) {
                    check_.error(at, "no rail link between " + v_.provinces[between[0]].abbr +
                                         " and " + v_.provinces[between[1]].abbr);
                    continue;
                }
                pos_.demolished.push_back(*link);
            }
    }

    std::vector<ProvinceId> provinces(const json& list, const std::string& at) {
        std::vector<ProvinceId> out;
        if (!check_.expect(list, at, JsonKind::Array)) return out;
        for (std::size_t i = 0; i < list.size(); ++i)
            if (ProvinceId p = province(list[i], json_child(at, i)); p != kNoProvince)
                out.push_back(p);
        return out;
    }

    void read_train(PowerId power, const json& item, const std::string& at) {
        if (!check_.expect(item, at, JsonKind::Object)) return;
        check_.only_fields(item, at, {"at", "base", "target", "returning", "count"});
        SupplyTrain t;
        t.power = power;
        if (const json* where = check_.get(item, at, "at", JsonKind::String, true))
            t.at = province(*where, json_child(at, "at"));
        t.base = t.at;
        if (const json* base = check_.get(item, at, "base", JsonKind::String, false))
            t.base = province(*base, json_child(at, "base"));
        t.target = integer<std::uint32_t>(item, at, "target");
        if (const json* back = check_.get(item, at, "returning", JsonKind::Bool, false))
            t.returning = back->get<bool>();
        // {"at": "AAC", "count": 4}: several idle trains in one city.
        const auto count = std::max<std::int64_t>(1, integer<std::int64_t>(item, at, "count"));
        if (t.at == kNoProvince || t.base == kNoProvince) return;
        for (std::int64_t i = 0; i < count; ++i) pos_.trains.push_back(t);
    }

    bool flag(const json& item, const std::string& at, const char* key) {
        const json* value = check_.get(item, at, key, JsonKind::Bool, false);
        return value != nullptr && value->get<bool>();
    }

    // "breaches": {"REI": 5}: breached fortresses and the weeks since their last siege (5o).
    void read_breaches(const json& doc) {
        const json* section = check_.get(doc, "", "breaches", JsonKind::Object, false);
        if (section == nullptr) return;
        for (auto it = section->begin(); it != section->end(); ++it) {
            const std::string here = json_child("/breaches", it.key());
            const ProvinceId where = province(json(it.key()), here);
            if (where == kNoProvince || !check_.expect(it.value(), here, JsonKind::Integer))
                continue;
            pos_.breaches.emplace_back(where, it.value().get<std::int32_t>());
        }
        std::sort(pos_.breaches.begin(), pos_.breaches.end());
    }

    void read_treasury(const json& doc) {
        const json* section = check_.get(doc, "", "treasury", JsonKind::Object, false);
        if (section == nullptr) return;
        pos_.treasury.assign(v_.powers.size(), 0);
        for (auto it = section->begin(); it != section->end(); ++it) {
            const std::string here = json_child("/treasury", it.key());
            const PowerId power = v_.find_power(it.key());
            if (power == kNoPower) {
                check_.error(here, "unknown power " + quote_text(it.key()));
                continue;
            }
            if (check_.expect(it.value(), here, JsonKind::Integer))
                pos_.treasury[power] = it.value().get<std::int64_t>();
        }
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
    JsonChecker check_;
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
    if (s.supply != 0) out["supply"] = s.supply;
    if (s.siege_guns != 0) out["siege_guns"] = s.siege_guns;
    if (s.engineers != 0) out["engineers"] = s.engineers;
    if (!s.general.empty()) out["general"] = s.general;
    if (s.general_roll != 0) out["general_roll"] = s.general_roll;
    if (s.repulsed_from != kNoProvince)
        out["repulsed"] = {{"province", variant.provinces[s.repulsed_from].abbr},
                           {"points", s.repulsed_points}};
    if (!s.supply_line.empty()) {
        json line = json::array();
        for (ProvinceId p : s.supply_line) line.push_back(variant.provinces[p].abbr);
        out["supply_line"] = std::move(line);
    }
    if (s.supply_extended) out["supply_extended"] = true;
    return out;
}

json position_to_json(const Variant& variant, const Position& position) {
    json doc = json::object();
    doc["variant"] = variant.name;
    doc["phase"] = position.phase.code();
    const auto power_name = [&](PowerId p) {
        return p < variant.powers.size() ? variant.powers[p].name : std::string("?");
    };
    json units = json::object();
    for (const Unit& u : position.units)
        units[power_name(u.power)].push_back(unit_json(variant, u));
    doc["units"] = std::move(units);
    if (!position.garrisons.empty()) {
        json garrisons = json::object();
        for (const Garrison& g : position.garrisons) {
            json entry = {{"province", variant.provinces[g.province].abbr}, {"points", g.points}};
            if (g.siege_guns != 0) entry["siege_guns"] = g.siege_guns;
            if (g.stores != 0) entry["stores"] = g.stores;
            if (!g.general.empty()) entry["general"] = g.general;
            if (g.general_roll != 0) entry["general_roll"] = g.general_roll;
            if (g.half_rations) entry["half_rations"] = true;
            if (g.half_week_eaten) entry["half_week_eaten"] = true;
            garrisons[power_name(g.power)].push_back(std::move(entry));
        }
        doc["garrisons"] = std::move(garrisons);
    }
    if (!position.trains.empty()) {
        json trains = json::object();
        for (const SupplyTrain& t : position.trains) {
            json entry = {{"at", variant.provinces[t.at].abbr}};
            if (t.base != t.at) entry["base"] = variant.provinces[t.base].abbr;
            if (t.target != 0) entry["target"] = t.target;
            if (t.returning) entry["returning"] = true;
            trains[power_name(t.power)].push_back(std::move(entry));
        }
        doc["trains"] = std::move(trains);
    }
    if (!position.sieges.empty()) {
        json sieges = json::object();
        for (const Siege& s : position.sieges) {
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
            sieges[power_name(s.power)].push_back(std::move(entry));
        }
        doc["sieges"] = std::move(sieges);
    }
    if (!position.standing_supply.empty()) {
        json standing = json::object();
        for (const StandingSupply& s : position.standing_supply)
            standing[power_name(s.power)].push_back(
                {{"from", variant.provinces[s.from].abbr}, {"army", s.army}});
        doc["standing_supply"] = std::move(standing);
    }
    if (!position.breaches.empty()) {
        json breaches = json::object();
        for (const auto& [where, weeks] : position.breaches)
            breaches[variant.provinces[where].abbr] = weeks;
        doc["breaches"] = std::move(breaches);
    }
    if (!position.treasury.empty()) {
        json treasury = json::object();
        for (std::size_t p = 0; p < position.treasury.size(); ++p)
            treasury[power_name(static_cast<PowerId>(p))] = position.treasury[p];
        doc["treasury"] = std::move(treasury);
    }
    if (!position.rail.empty()) {
        json rail = json::object();
        for (std::size_t p = 0; p < position.rail.size(); ++p) {
            json states = json::object();
            for (std::size_t i = 0; i < position.rail[p].size(); ++i)
                if (position.rail[p][i] != RailState::NonOperational)
                    states[std::string(rail_state_name(position.rail[p][i]))].push_back(
                        variant.provinces[i].abbr);
            if (!states.empty()) rail[power_name(static_cast<PowerId>(p))] = std::move(states);
        }
        doc["rail"] = std::move(rail);
    }
    if (std::any_of(position.control.begin(), position.control.end(),
                    [](PowerId p) { return p != kNoPower; })) {
        json control = json::object();
        for (std::size_t i = 0; i < position.control.size() && i < variant.provinces.size(); ++i)
            if (position.control[i] != kNoPower)
                control[power_name(position.control[i])].push_back(variant.provinces[i].abbr);
        doc["control"] = std::move(control);
    }
    if (!position.interdicted.empty()) {
        json list = json::array();
        for (ProvinceId p : position.interdicted) list.push_back(variant.provinces[p].abbr);
        doc["interdicted"] = std::move(list);
    }
    if (!position.demolished.empty() && variant.campaign) {
        json list = json::array();
        for (std::uint16_t i : position.demolished) {
            const RailLink& link = variant.campaign->rail_links.at(i);
            list.push_back({variant.provinces[link.a].abbr, variant.provinces[link.b].abbr});
        }
        doc["demolished"] = std::move(list);
    }
    if (position.next_unit_id != 0) doc["next_unit_id"] = position.next_unit_id;
    if (std::any_of(position.destroy_trains.begin(), position.destroy_trains.end(),
                    [](std::uint8_t d) { return d != 0; })) {
        json policy = json::object();
        for (std::size_t p = 0; p < position.destroy_trains.size(); ++p)
            policy[power_name(static_cast<PowerId>(p))] =
                position.destroy_trains[p] != 0 ? "destroy" : "capture";
        doc["train_policy"] = std::move(policy);
    }
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
            dislodged[power_name(d.unit.power)].push_back(std::move(entry));
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
            centers[power_name(position.owner[i])].push_back(variant.provinces[i].abbr);
    doc["supply_centers"] = std::move(centers);
    return doc;
}

PositionLoad position_from_json(const Variant& variant, const json& document) {
    PositionLoad out;
    Position position;
    position.owner.assign(variant.provinces.size(), kNoPower);
    Reader reader(variant, position);
    reader.read(document);
    out.errors = reader.errors();
    if (out.errors.empty()) {
        position.normalise();
        out.position = std::move(position);
    }
    return out;
}

}  // namespace adjutant
