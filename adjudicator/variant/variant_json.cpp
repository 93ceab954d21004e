// SPDX-License-Identifier: Apache-2.0
// Grammar of a variant file (docs/variants.md has every field and check):
//   variant   := { "format": 1, "name": str, "title": str, "map": {"width", "height"},
//                  "powers": [power], "provinces": [province], "start": start,
//                  "victory": {"centers": int}, "backup_rule": name, reserved... }
//   power     := { "name", "adjective", "color": "#rrggbb", "home_centers": [abbr] }
//   province  := { "abbr", "name", "aliases": [str], "type": land|coast|sea|impassable,
//                  "supply_center": bool, "draw": point, "army": [abbr],
//                  "fleet": [abbr["/" coast]] | "coasts": [{"coast", "draw", "fleet"}] }
//   start     := { "phase": "S1901M", "units": { power: ["A PAR", "F STP/SC"] },
//                  "centers": { power: ["PAR"] } }  (centers optional)
#include "variant/variant_json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/json_check.h"
#include "core/text.h"
#include "variant/campaign_json.h"
#include "variant/rules_json.h"
#include "variant/unit_text.h"
#include "variant/variant_adjacency.h"
#include "variant/variant_fields.h"

namespace adjutant {

namespace {

using nlohmann::json;

// Fields a later version will read (campaign maps, phase cycles, rule modules); accepted now so
// that files written for them are not rejected, but not yet interpreted.
constexpr std::string_view kReservedTop[] = {"description", "phases", "roads", "rail_links",
                                             "rules"};  // "rules" is read by rules_json.cpp
constexpr std::string_view kReservedProvince[] = {"city_class", "fortress_class", "railhead",
                                                  "map_edge"};

std::string number_text(double d) {
    if (std::abs(d) < 1e15 && d == std::floor(d)) return std::to_string(static_cast<long long>(d));
    return json(d).dump();
}

// The movement resolver's backup rules by the names variant files give them (docs/variants.md).
struct NamedBackupRule {
    std::string_view name;
    BackupRule rule;
};
constexpr NamedBackupRule kBackupRules[] = {{"szykman", BackupRule::Szykman}};

struct NameOwner {
    ProvinceId province;
    std::string path;
};

class Loader {
  public:
    explicit Loader(VariantLoad& out) : out_(out) {}

    void load(const json& doc) {
        if (!check_.expect(doc, "", JsonKind::Object)) return finish();
        read_top_fields(doc);
        read_map(doc);
        read_provinces(doc);
        read_powers(doc);
        build_adjacency(check_, v_, raw_, by_abbr_);
        v_.index_names();
        read_start(doc);
        read_victory(doc);
        read_backup_rule(doc);
        if (check_.ok()) read_rules(check_, v_, doc);  // rules name provinces: only on a sound map
        if (check_.ok()) read_campaign(check_, v_, doc);
        finish();
    }

  private:
    void read_top_fields(const json& doc) {
        std::vector<std::string_view> known = {"format", "name",    "title",
                                               "map",    "powers",  "provinces",
                                               "start",  "victory", "backup_rule"};
        known.insert(known.end(), std::begin(kReservedTop), std::end(kReservedTop));
        for (auto it = doc.begin(); it != doc.end(); ++it)
            if (std::find(known.begin(), known.end(), it.key()) == known.end())
                check_.error(json_child("", it.key()), "unknown field " + quote_text(it.key()));
        if (const json* format = check_.get(doc, "", "format", JsonKind::Integer, false))
            if (*format != 1)
                check_.error("/format", "unsupported format " + format->dump() +
                                            " (this version reads format 1)");
        if (auto name = check_.get_string(doc, "", "name", true)) {
            if (trim(*name).empty()) check_.error("/name", "the variant name is empty");
            v_.name = *name;
        }
        if (auto title = check_.get_string(doc, "", "title", false)) display_.title = *title;
    }

    void read_map(const json& doc) {
        const json* map = check_.get(doc, "", "map", JsonKind::Object, true);
        if (map == nullptr) return;
        check_.only_fields(*map, "/map", {"width", "height"});
        width_ = positive_number(*map, "/map", "width");
        height_ = positive_number(*map, "/map", "height");
        display_.width = width_;
        display_.height = height_;
    }

    double positive_number(const json& object, std::string_view path, std::string_view key) {
        const json* value = check_.get(object, path, key, JsonKind::Number, true);
        if (value == nullptr) return 0;
        const double d = value->get<double>();
        if (!(d > 0)) check_.error(json_child(path, key), "must be greater than 0");
        return d;
    }

    Point read_point(const json& object, std::string_view path) {
        const json* draw = check_.get(object, path, "draw", JsonKind::Object, true);
        if (draw == nullptr) return {};
        const std::string here = json_child(path, "draw");
        check_.only_fields(*draw, here, {"x", "y"});
        Point p;
        const json* x = check_.get(*draw, here, "x", JsonKind::Number, true);
        const json* y = check_.get(*draw, here, "y", JsonKind::Number, true);
        if (x != nullptr) p.x = x->get<double>();
        if (y != nullptr) p.y = y->get<double>();
        if (x != nullptr && y != nullptr && width_ > 0 && height_ > 0 &&
            !(p.x >= 0 && p.x <= width_ && p.y >= 0 && p.y <= height_))
            check_.error(here, "point lies outside the " + number_text(width_) + "x" +
                                   number_text(height_) + " map");
        return p;
    }

    std::vector<RawEdge> read_edges(const json& object, std::string_view path,
                                    std::string_view key) {
        std::vector<RawEdge> edges;
        const json* list = check_.get(object, path, key, JsonKind::Array, false);
        if (list == nullptr) return edges;
        const std::string here = json_child(path, key);
        for (std::size_t j = 0; j < list->size(); ++j) {
            const std::string item = json_child(here, j);
            if (check_.expect((*list)[j], item, JsonKind::String))
                edges.push_back(RawEdge{(*list)[j].get<std::string>(), item});
        }
        return edges;
    }

    // Registers an abbreviation, name or alias (lower-cased) and reports clashes between
    // provinces; a province repeating its own name in its aliases is harmless.
    void claim_name(const std::string& key, ProvinceId id, const std::string& path, bool is_abbr) {
        auto [it, fresh] = names_.emplace(key, NameOwner{id, path});
        if (fresh || it->second.province == id) return;
        const std::string& other = v_.provinces[it->second.province].abbr;
        if (is_abbr && v_.provinces[id].abbr == other)
            check_.error(path, "duplicate abbreviation " + quote_text(other) + " (also at " +
                                   it->second.path + ")");
        else
            check_.error(path, "name " + quote_text(key) + " is already used by " + other + " (" +
                                   it->second.path + ")");
    }

    static bool valid_abbr(std::string_view abbr) {
        if (abbr.empty() || abbr.size() > 8 || !(abbr[0] >= 'A' && abbr[0] <= 'Z')) return false;
        return std::all_of(abbr.begin(), abbr.end(),
                           [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
    }

    void read_provinces(const json& doc) {
        const json* list = check_.get(doc, "", "provinces", JsonKind::Array, true);
        if (list == nullptr) return;
        if (list->empty()) check_.error("/provinces", "a variant needs at least one province");
        if (list->size() >= kNoProvince) {
            check_.error("/provinces",
                         "too many provinces (at most " + std::to_string(kNoProvince - 1) + ")");
            return;
        }
        v_.provinces.resize(list->size());
        raw_.resize(list->size());
        coast_points_.resize(list->size());
        for (std::size_t i = 0; i < list->size(); ++i)
            read_province((*list)[i], json_child("/provinces", i), static_cast<ProvinceId>(i));
    }

    void read_province(const json& item, const std::string& path, ProvinceId id) {
        if (!check_.expect(item, path, JsonKind::Object)) return;
        std::vector<std::string_view> known = {"abbr", "name", "aliases", "type",  "supply_center",
                                               "draw", "army", "fleet",   "coasts"};
        known.insert(known.end(), std::begin(kReservedProvince), std::end(kReservedProvince));
        for (auto it = item.begin(); it != item.end(); ++it)
            if (std::find(known.begin(), known.end(), it.key()) == known.end())
                check_.error(json_child(path, it.key()), "unknown field " + quote_text(it.key()));

        Province& p = v_.provinces[id];
        if (auto abbr = check_.get_string(item, path, "abbr", true)) {
            if (!valid_abbr(*abbr)) {
                check_.error(json_child(path, "abbr"),
                             "an abbreviation is 1-8 upper-case letters or digits, starting "
                             "with a letter; found " +
                                 quote_text(*abbr));
            } else {
                p.abbr = *abbr;
                by_abbr_.emplace(p.abbr, id);
                claim_name(lowercase(p.abbr), id, json_child(path, "abbr"), true);
            }
        }
        if (auto name = check_.get_string(item, path, "name", true)) {
            if (trim(*name).empty()) {
                check_.error(json_child(path, "name"), "the name is empty");
            } else {
                p.name = *name;
                claim_name(lowercase(p.name), id, json_child(path, "name"), false);
            }
        }
        if (const json* aliases = check_.get(item, path, "aliases", JsonKind::Array, false)) {
            const std::string here = json_child(path, "aliases");
            for (std::size_t j = 0; j < aliases->size(); ++j) {
                const std::string at = json_child(here, j);
                if (!check_.expect((*aliases)[j], at, JsonKind::String)) continue;
                const auto alias = (*aliases)[j].get<std::string>();
                if (trim(alias).empty() || alias != lowercase(alias)) {
                    check_.error(
                        at, "aliases are non-empty and lower case; found " + quote_text(alias));
                    continue;
                }
                p.aliases.push_back(alias);
                claim_name(alias, id, at, false);
            }
        }
        if (auto type = check_.get_string(item, path, "type", true)) {
            if (*type == "land")
                p.terrain = Terrain::Land;
            else if (*type == "coast")
                p.terrain = Terrain::Coast;
            else if (*type == "sea")
                p.terrain = Terrain::Sea;
            else if (*type == "impassable")
                p.terrain = Terrain::Impassable;
            else
                check_.error(json_child(path, "type"),
                             "type is land, coast, sea or impassable; found " + quote_text(*type));
        }
        if (const json* sc = check_.get(item, path, "supply_center", JsonKind::Bool, false))
            p.supply_center = sc->get<bool>();
        p.draw = read_point(item, path);

        RawAdjacency& raw = raw_[id];
        raw.army_path = json_child(path, "army");
        raw.army = read_edges(item, path, "army");
        if (item.contains("coasts")) {
            read_coasts(item, path, id);
            if (item.contains("fleet"))
                check_.error(json_child(path, "fleet"),
                             "a split-coast province lists its fleet adjacency per coast");
        } else {
            raw.fleet.push_back(RawFleetList{Coast::None, json_child(path, "fleet"),
                                             read_edges(item, path, "fleet")});
        }
    }

    void read_coasts(const json& item, const std::string& path, ProvinceId id) {
        Province& p = v_.provinces[id];
        const std::string here = json_child(path, "coasts");
        const json* coasts = check_.get(item, path, "coasts", JsonKind::Array, true);
        if (coasts == nullptr) return;
        if (item.contains("type") && p.terrain != Terrain::Coast) {
            check_.error(here, "only a coast province can have split coasts");
            return;
        }
        if (coasts->size() < 2) {
            check_.error(here, "a split-coast province needs at least two coasts");
        }
        for (std::size_t j = 0; j < coasts->size(); ++j) {
            const std::string at = json_child(here, j);
            const json& c = (*coasts)[j];
            if (!check_.expect(c, at, JsonKind::Object)) continue;
            check_.only_fields(c, at, {"coast", "draw", "fleet"});
            const auto code = check_.get_string(c, at, "coast", true);
            const Point draw = read_point(c, at);
            std::vector<RawEdge> edges = read_edges(c, at, "fleet");
            if (!code) continue;
            const auto coast = coast_from_code(*code);
            if (!coast || *code != coast_code(*coast)) {
                check_.error(json_child(at, "coast"),
                             "a coast is NC, SC, EC or WC; found " + quote_text(*code));
                continue;
            }
            if (std::find(p.coasts.begin(), p.coasts.end(), *coast) != p.coasts.end()) {
                check_.error(json_child(at, "coast"), "coast " + *code + " is listed twice");
                continue;
            }
            p.coasts.push_back(*coast);
            coast_points_[id].push_back(CoastPoint{Location{id, *coast}, draw});
            raw_[id].fleet.push_back(
                RawFleetList{*coast, json_child(at, "fleet"), std::move(edges)});
        }
        std::sort(p.coasts.begin(), p.coasts.end());
    }

    ProvinceId province_by_abbr(const std::string& abbr) const {
        auto it = by_abbr_.find(abbr);
        return it == by_abbr_.end() ? kNoProvince : it->second;
    }

    void read_powers(const json& doc) {
        const json* list = check_.get(doc, "", "powers", JsonKind::Array, true);
        if (list == nullptr) return;
        if (list->empty()) check_.error("/powers", "a variant needs at least one power");
        if (list->size() >= kNoPower) {
            check_.error("/powers",
                         "too many powers (at most " + std::to_string(kNoPower - 1) + ")");
            return;
        }
        v_.powers.resize(list->size());
        display_.power_colors.resize(list->size());
        std::unordered_map<std::string, std::string> power_names;  // lower-cased -> path
        std::vector<std::string> home_path(v_.provinces.size());
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = json_child("/powers", i);
            const json& item = (*list)[i];
            if (!check_.expect(item, path, JsonKind::Object)) continue;
            check_.only_fields(item, path,
                               {"name", "adjective", "color", "home_centers", "capital", "side"});
            Power& power = v_.powers[i];
            const auto id = static_cast<PowerId>(i);
            for (const char* key : {"name", "adjective"}) {
                auto text = check_.get_string(item, path, key, std::string_view(key) == "name");
                if (!text) continue;
                const std::string at = json_child(path, key);
                if (trim(*text).empty()) {
                    check_.error(at, std::string("the ") + key + " is empty");
                    continue;
                }
                auto [it, fresh] = power_names.emplace(lowercase(*text), at);
                if (!fresh)
                    check_.error(at, "power name " + quote_text(*text) + " is already used (" +
                                         it->second + ")");
                (std::string_view(key) == "name" ? power.name : power.adjective) = *text;
            }
            if (auto color = check_.get_string(item, path, "color", true)) {
                const bool hex = color->size() == 7 && (*color)[0] == '#' &&
                                 std::all_of(color->begin() + 1, color->end(), [](char c) {
                                     return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
                                            (c >= 'A' && c <= 'F');
                                 });
                if (!hex)
                    check_.error(json_child(path, "color"),
                                 "a colour is written #rrggbb; found " + quote_text(*color));
                display_.power_colors[i] = *color;
            }
            const json* homes = check_.get(item, path, "home_centers", JsonKind::Array, true);
            if (homes == nullptr) continue;
            const std::string here = json_child(path, "home_centers");
            for (std::size_t j = 0; j < homes->size(); ++j) {
                const std::string at = json_child(here, j);
                if (!check_.expect((*homes)[j], at, JsonKind::String)) continue;
                const auto abbr = (*homes)[j].get<std::string>();
                const ProvinceId c = province_by_abbr(abbr);
                if (c == kNoProvince) {
                    check_.error(at, "unknown province " + quote_text(abbr));
                    continue;
                }
                Province& p = v_.provinces[c];
                if (!p.supply_center) {
                    check_.error(at, "home centre " + abbr + " is not a supply centre");
                    continue;
                }
                if (p.home != kNoPower) {
                    const std::string& other = v_.powers[p.home].name;
                    check_.error(at, p.home == id
                                         ? abbr + " is listed twice"
                                         : "home centre " + abbr + " is already listed for " +
                                               other + " (" + home_path[c] + ")");
                    continue;
                }
                p.home = id;
                home_path[c] = at;
                power.home_centers.push_back(c);
            }
            std::sort(power.home_centers.begin(), power.home_centers.end());
        }
    }

    void read_start(const json& doc) {
        const json* start = check_.get(doc, "", "start", JsonKind::Object, true);
        if (start == nullptr) return;
        // "garrisons", "trains" and "treasury" are campaign parts, read by campaign_json.cpp.
        check_.only_fields(
            *start, "/start",
            {"phase", "units", "centers", "garrisons", "trains", "treasury", "control"});
        read_start_centers(*start);
        if (auto code = check_.get_string(*start, "/start", "phase", true)) {
            if (auto phase = Phase::parse(*code))
                v_.start_phase = *phase;
            else
                check_.error("/start/phase",
                             "bad phase code " + quote_text(*code) + " (expected e.g. \"S1901M\")");
        }
        const json* units = check_.get(*start, "/start", "units", JsonKind::Object, false);
        if (units == nullptr) return;
        std::vector<std::string> occupied(v_.provinces.size());
        for (auto it = units->begin(); it != units->end(); ++it) {
            const std::string path = json_child("/start/units", it.key());
            const PowerId power = v_.find_power(it.key());
            if (power == kNoPower) {
                check_.error(path, "unknown power " + quote_text(it.key()));
                continue;
            }
            if (!check_.expect(it.value(), path, JsonKind::Array)) continue;
            for (std::size_t j = 0; j < it.value().size(); ++j) {
                std::string at = json_child(path, j);
                // A campaign unit is an object with its attributes; its text is under "unit".
                const json* text = &it.value()[j];
                UnitStats stats;
                if (text->is_object()) {
                    stats = read_unit_stats(check_, *text, at);
                    text = check_.get(*text, at, "unit", JsonKind::String, true);
                    if (text == nullptr) continue;
                    at = json_child(at, "unit");
                }
                if (!check_.expect(*text, at, JsonKind::String)) continue;
                const UnitText parsed = read_unit_text(v_, text->get<std::string>(), power);
                if (!parsed.unit) {
                    check_.error(at, parsed.error);
                    continue;
                }
                const Unit& unit = *parsed.unit;
                if (auto why = standing_error(v_, unit); !why.empty()) {
                    check_.error(at, why);
                    continue;
                }
                const ProvinceId p = unit.location.province;
                if (!occupied[p].empty()) {
                    check_.error(at, "two starting units in " + v_.provinces[p].abbr +
                                         " (also at " + occupied[p] + ")");
                    continue;
                }
                occupied[p] = at;
                v_.start_units.push_back(StartUnit{power, unit.type, unit.location, stats});
            }
        }
    }

    // "centers": {"England": ["NAP", "ROM"]}: a power listed owns exactly these centres at the
    // start (none for an empty list); one not listed owns its home centres (DPjudge's OWNS and
    // CENTERS lines, docs/variants.md, "Start and victory").
    void read_start_centers(const json& start) {
        const json* centers = check_.get(start, "/start", "centers", JsonKind::Object, false);
        if (centers == nullptr) return;
        std::vector<PowerId> owner(v_.provinces.size(), kNoPower);
        std::vector<std::string> claimed(v_.provinces.size());  // the path that claims it
        std::vector<bool> listed(v_.powers.size(), false);
        for (auto it = centers->begin(); it != centers->end(); ++it) {
            const std::string path = json_child("/start/centers", it.key());
            const PowerId power = v_.find_power(it.key());
            if (power == kNoPower) {
                check_.error(path, "unknown power " + quote_text(it.key()));
                continue;
            }
            if (!check_.expect(it.value(), path, JsonKind::Array)) continue;
            listed[power] = true;
            for (std::size_t j = 0; j < it.value().size(); ++j) {
                const std::string at = json_child(path, j);
                const ProvinceId p = VariantFields(check_, v_).province(it.value()[j], at);
                if (p == kNoProvince) continue;
                if (!v_.provinces[p].supply_center) {
                    check_.error(at, v_.provinces[p].abbr + " is not a supply centre");
                    continue;
                }
                if (!claimed[p].empty()) {
                    check_.error(at, v_.provinces[p].abbr +
                                         " is owned at the start twice (also at " + claimed[p] +
                                         ")");
                    continue;
                }
                claimed[p] = at;
                owner[p] = power;
            }
        }
        for (std::size_t pw = 0; pw < v_.powers.size(); ++pw) {
            if (listed[pw]) continue;
            for (ProvinceId home : v_.powers[pw].home_centers) {
                if (!claimed[home].empty()) {
                    check_.error(claimed[home], v_.provinces[home].abbr + " is a home centre of " +
                                                    v_.powers[pw].name +
                                                    ", which owns it at the start: list " +
                                                    v_.powers[pw].name + "'s centres too");
                    continue;
                }
                owner[home] = static_cast<PowerId>(pw);
            }
        }
        v_.start_owners = std::move(owner);
    }

    void read_backup_rule(const json& doc) {
        const auto name = check_.get_string(doc, "", "backup_rule", false);
        if (!name) return;
        std::string known;
        for (const NamedBackupRule& r : kBackupRules) {
            if (*name == r.name) {
                v_.backup_rule = r.rule;
                return;
            }
            known += (known.empty() ? "" : ", ") + quote_text(r.name);
        }
        check_.error("/backup_rule",
                     "unknown backup rule " + quote_text(*name) + " (known: " + known + ")");
    }

    void read_victory(const json& doc) {
        const json* victory = check_.get(doc, "", "victory", JsonKind::Object, true);
        if (victory == nullptr) return;
        check_.only_fields(*victory, "/victory", {"centers"});
        const json* centers = check_.get(*victory, "/victory", "centers", JsonKind::Integer, true);
        if (centers == nullptr) return;
        const auto total = static_cast<std::uint64_t>(
            std::count_if(v_.provinces.begin(), v_.provinces.end(),
                          [](const Province& p) { return p.supply_center; }));
        const bool in_range = centers->is_number_unsigned() && centers->get<std::uint64_t>() >= 1 &&
                              centers->get<std::uint64_t>() <= total;
        if (!in_range)
            check_.error("/victory/centers",
                         "victory needs between 1 and " + std::to_string(total) +
                             " supply centres (all the map has); found " + centers->dump());
        else
            v_.victory_centers = static_cast<int>(centers->get<std::uint64_t>());
    }

    void finish() {
        out_.errors.reserve(check_.errors().size());
        for (JsonError& e : check_.take_errors())
            out_.errors.push_back(VariantError{std::move(e.path), std::move(e.message)});
        if (!out_.errors.empty()) return;
        std::sort(v_.start_units.begin(), v_.start_units.end(),
                  [](const StartUnit& a, const StartUnit& b) { return a.location < b.location; });
        for (auto& points : coast_points_)
            for (CoastPoint& c : points) display_.coast_points.push_back(c);
        std::sort(display_.coast_points.begin(), display_.coast_points.end(),
                  [](const CoastPoint& a, const CoastPoint& b) { return a.where < b.where; });
        out_.variant = std::move(v_);
        out_.display = std::move(display_);
    }

    VariantLoad& out_;
    JsonChecker check_;
    Variant v_;
    VariantDisplay display_;
    double width_ = 0;
    double height_ = 0;
    std::vector<RawAdjacency> raw_;
    std::vector<std::vector<CoastPoint>> coast_points_;
    std::unordered_map<std::string, ProvinceId> by_abbr_;
    std::unordered_map<std::string, NameOwner> names_;
};

// nlohmann reports a byte offset; players and GMs think in lines and columns.
std::string parse_error_message(std::string_view text, const json::parse_error& e) {
    const std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    std::string_view what = e.what();
    const auto detail = what.find("syntax error");
    if (detail != std::string_view::npos) what = what.substr(detail);
    return "malformed JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
           ": " + std::string(what);
}

// Each string of `value` that `check` finds wrong, keys and values, in document order; `path`
// is the value's JSON Pointer, its keys appended as they are.
void check_strings(const json& value, const std::string& path, StringCheck check,
                   std::vector<VariantError>& problems) {
    auto one = [&](const std::string& text, const std::string& at) {
        if (std::string why = check(text); !why.empty()) problems.push_back({at, std::move(why)});
    };
    if (value.is_string()) {
        one(value.get_ref<const std::string&>(), path);
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items()) {
            one(key, path + "/" + key);
            check_strings(item, path + "/" + key, check, problems);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            check_strings(value[i], path + "/" + std::to_string(i), check, problems);
    }
}

}  // namespace

VariantLoad load_variant(std::string_view json_text, StringCheck check) {
    VariantLoad out;
    json doc;
    try {
        doc = json::parse(json_text.begin(), json_text.end());
    } catch (const json::parse_error& e) {
        out.errors.push_back(VariantError{"", parse_error_message(json_text, e)});
        return out;
    } catch (const json::exception& e) {
        // Not a syntax error but still unreadable, e.g. a number too large for a double.
        out.errors.push_back(VariantError{"", std::string("unreadable JSON: ") + e.what()});
        return out;
    }
    Loader(out).load(doc);
    if (check != nullptr && out.variant) check_strings(doc, "", check, out.string_problems);
    return out;
}

}  // namespace adjutant
