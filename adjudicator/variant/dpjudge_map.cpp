// SPDX-License-Identifier: Apache-2.0
// The DPjudge `.map` reader (docs/variants.md, "Importing a DPjudge map"). Two steps: read the
// lines of the main file and its includes into a model that follows DPjudge's own reading
// (later lines amend earlier ones: AMEND, DROP, renames), then build the variant file from the
// model, checking what DPjudge leaves to the game (names, types, symmetric adjacency).
#include "variant/dpjudge_map.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "variant/variant_json.h"

namespace adjutant {

// Named rather than anonymous: the build joins sources into unity batches.
namespace dpjudge_import {

using ordered_json = nlohmann::ordered_json;

struct Where {
    std::string file;
    int line = 0;
};

struct Site {
    std::string abbr;  // upper case, as homes and units name it
    Where where;
};

// One entry of an ABUTS list as written: "BUL/EC", "smy" (armies only), "Ven" (fleets only).
struct Abut {
    std::string text;
    Where where;
};

// A location: a province ("ADR", or "bul" when it has split coasts) or a coast ("BUL/EC").
struct Loc {
    std::string key;   // as written; its case carries meaning
    std::string type;  // WATER, LAND, COAST, PORT or SHUT
    std::vector<Abut> abuts;
    Where where;
};

struct NameLine {
    std::string abbr;  // upper case
    std::string name;  // as written
    std::vector<std::string> aliases;
    Where where;
};

struct Unit {
    char kind = 'A';
    std::string location;  // upper case: "STP/SC"
    Where where;
};

struct Power {
    std::string key;  // upper case, as the file writes it
    std::string adjective;
    std::vector<Site> homes;
    std::vector<Unit> units;
    std::optional<std::vector<Site>> owns;  // OWNS and CENTERS: its centres at the start
    Where where;
};

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "Ven" from "VEN": DPjudge's mark for an adjacency only fleets use.
std::string title(const std::string& s) {
    std::string out = lower(s);
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

// "BUL" from "BUL/EC".
std::string base_of(const std::string& location) {
    return upper(location.substr(0, location.find('/')));
}

std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
        if (j > i) words.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

std::string trim(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    std::string out;
    bool space = false;
    for (char c : s.substr(a, b - a)) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// The line of the first byte that is not UTF-8, or 0 when the text is UTF-8.
int first_bad_utf8_line(std::string_view text) {
    int line = 1;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t more = 0;
        unsigned int min = 0, code = 0;
        if (c < 0x80) {
            if (c == '\n') ++line;
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            more = 1, min = 0x80, code = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            more = 2, min = 0x800, code = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            more = 3, min = 0x10000, code = c & 0x07u;
        } else {
            return line;
        }
        if (i + more >= text.size()) return line;
        for (std::size_t k = 1; k <= more; ++k) {
            const auto d = static_cast<unsigned char>(text[i + k]);
            if ((d & 0xC0) != 0x80) return line;
            code = (code << 6) | (d & 0x3Fu);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return line;
        i += more + 1;
    }
    return 0;
}

bool is_abbreviation(const std::string& s) {
    if (s.empty() || s.size() > 8 || !std::isupper(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c));
    });
}

bool is_coast_code(const std::string& s) {
    return s == "NC" || s == "SC" || s == "EC" || s == "WC";
}

// What each directive the engine cannot honour would ask of it, for the refusal's message.
std::string refused_directive(const std::string& word) {
    static const std::map<std::string, std::string> kWhy{
        {"FLOW", "a phase flow other than spring and fall moves with winter adjustments"},
        {"ROTATE", "rotating control of powers"},
        {"NEWHOMES", "home centres chosen during the game"},
        {"INHABITS", "home centres changed after the power's line"},
        {"HOME", "home centres changed after the power's line"},
        {"HOMES", "home centres changed after the power's line"},
        {"RESERVES", "reserve units"},
        {"MILITIA", "militia units"},
        {"CONTROL", "powers controlled by another"},
        {"LEAGUE", "leagues of powers"},
        {"DUMMY", "dummy powers"},
        {"DUMMIES", "dummy powers"},
        {"TEAM", "teams of powers"},
        {"TEAMS", "teams of powers"},
        {"FROM", "map changes during the game"},
        {"IN", "map changes during the game"},
    };
    const auto it = kWhy.find(word);
    return it == kWhy.end() ? std::string{} : it->second;
}

// The rule flags DPjudge documents that are no variant option of this engine, and what each
// would ask of it; each is refused by name with this reason. BUILD_ANY is one (the rule
// "build_any").
std::string rule_reason(const std::string& flag) {
    static const std::map<std::string, std::string> kWhy{
        {"REMOTE_BUILDS", "building in any owned centre"},
        {"HOME_BUILDS", "building in another power's home centre"},
        {"MOBILIZE", "choosing the starting units"},
        {"HIBERNATE", "a game that waits for its powers"},
        {"FTF_PRESS", "face-to-face press"},
        {"NO_PRESS", "a press rule"},
        {"CD_DUMMIES", "dummy powers"},
        {"CD_BUILDS", "dummy powers"},
        {"IMMOBILE_DUMMIES", "dummy powers"},
        {"DUMMY_FIRE", "dummy powers"},
        {"NO_TRANSFER", "the payola economy"},
        {"NO_SAVINGS", "the payola economy"},
        {"PAY_DUMMIES", "the payola economy"},
        {"LIMIT_OFFERS", "the payola economy"},
        {"NO_HOARDING", "the payola economy"},
        {"NO_LEDGERS", "the payola economy"},
    };
    const auto it = kWhy.find(flag);
    return it == kWhy.end() ? std::string{} : it->second;
}

struct Point {
    double x = 0, y = 0;
};

using EdgeSet = std::set<std::pair<std::string, std::string>>;  // (from, to), upper case

// What build() derives from the lines, step by step.
struct Built {
    std::vector<const Loc*> provinces;                      // in abbreviation order
    std::map<std::string, std::vector<const Loc*>> coasts;  // split province -> its coasts
    std::set<const Abut*> unusable;                         // unknown or unanswered listings
    EdgeSet army, fleet;
    std::set<std::string> centres;
};

// The drawing points and the canvas they are scaled onto.
struct Canvas {
    static constexpr double kSide = 1000, kMargin = 30;  // the canvas fits in kSide x kSide
    std::map<std::string, Point> places;
    double min_x = 1e18, min_y = 1e18, scale = 1;
    int width = 0, height = 0;

    // A location's point; one the places lack is drawn beside its province, `nudge` aside.
    ordered_json draw(const std::string& location, int nudge) const {
        const auto it = places.find(location);
        const auto province = places.find(base_of(location));
        const bool own = it != places.end();
        const Point pt = own                        ? it->second
                         : province != places.end() ? province->second
                                                    : Point{min_x, min_y};
        return ordered_json{
            {"x", std::lround((pt.x - min_x) * scale + kMargin) + (own ? 0 : nudge)},
            {"y", std::lround((pt.y - min_y) * scale + kMargin) + (own ? 0 : 12)}};
    }
};

constexpr std::size_t kMaxFiles = 64;

class MapReader {
  public:
    MapReader(const MapFileReader& read_include, std::vector<MapImportError>& errors)
        : read_include_(read_include), errors_(errors) {}

    void read_file(const std::string& file, std::string_view text);
    std::string build(const MapImportOptions& options, const std::string& main_file);

  private:
    void error(const Where& where, std::string message) {
        errors_.push_back({where.file, where.line, std::move(message)});
    }
    void read_line(const Where& where, const std::string& line);
    void include(const Where& where, const std::vector<std::string>& words);
    void name_line(const Where& where, const std::string& line);
    void terrain_line(const Where& where, const std::vector<std::string>& words);
    void power_line(const Where& where, std::vector<std::string> words);
    void unit_line(const Where& where, const std::vector<std::string>& words);
    void begin_line(const Where& where, const std::vector<std::string>& words);
    void victory_line(const Where& where, const std::vector<std::string>& words);
    void unplayed_line(const Where& where, const std::vector<std::string>& words);
    void owns_line(const Where& where, const std::vector<std::string>& words);
    void drop(const std::string& place);
    void rename(const Where& where, const std::string& old_abbr, const std::string& new_abbr);
    void check_provinces(Built& b);
    void check_coasts(Built& b);
    void check_listings(Built& b);
    bool fleet_stands(const Loc& l, const Built& b) const;
    void adjacency(Built& b);
    void check_powers(Built& b, const std::string& main_file);
    std::optional<Canvas> layout(const Built& b, const MapImportOptions& options,
                                 const std::string& main_file);
    ordered_json document(const Built& b, const Canvas& canvas, const MapImportOptions& options);

    Loc* find_loc(const std::string& any_case);
    const Loc* find_loc(const std::string& any_case) const;
    NameLine* find_name(const std::string& abbr);

    const MapFileReader& read_include_;
    std::vector<MapImportError>& errors_;
    std::vector<std::string> files_;
    std::vector<Loc> locs_;
    std::vector<NameLine> names_;
    std::set<std::string> coast_names_;  // "BUL/EC": coasts have names, which orders do not use
    std::vector<Power> powers_;
    std::vector<Site> unowned_;
    int current_ = -1;  // index into powers_; -1 none; -2 the unowned centres
    std::string start_phase_ = "S1901M";
    std::optional<int> victory_;
    bool build_any_ = false;  // RULE BUILD_ANY
};

Loc* MapReader::find_loc(const std::string& any_case) {
    const std::string key = upper(any_case);
    for (Loc& l : locs_)
        if (upper(l.key) == key) return &l;
    return nullptr;
}

const Loc* MapReader::find_loc(const std::string& any_case) const {
    return const_cast<MapReader*>(this)->find_loc(any_case);
}

NameLine* MapReader::find_name(const std::string& abbr) {
    for (NameLine& n : names_)
        if (n.abbr == abbr) return &n;
    return nullptr;
}

void MapReader::read_file(const std::string& file, std::string_view text) {
    files_.push_back(file);
    if (text.size() > kMaxMapFileBytes) {
        error({file, 0}, "the file is larger than " + std::to_string(kMaxMapFileBytes) +
                             " bytes, the most a map file may hold");
        return;
    }
    if (const int bad = first_bad_utf8_line(text)) {
        error({file, bad}, "the file is not UTF-8 text");
        return;
    }
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        ++line_no;
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            error({file, line_no}, "the last line has no line end: the file is truncated");
            return;
        }
        std::string line{text.substr(pos, end - pos)};
        if (!line.empty() && line.back() == '\r') line.pop_back();
        read_line({file, line_no}, line);
        pos = end + 1;
    }
}

void MapReader::read_line(const Where& where, const std::string& line) {
    const std::vector<std::string> words = split_words(line);
    if (words.empty() || words[0][0] == '#') return;
    const std::string word = upper(words[0]);
    const std::string last = upper(words.back());
    if (last == "DIRECTIVE" || last == "DIRECTIVES") {
        error(where, "variant directives (" + trim(line) + ") are not supported");
        return;
    }
    if (word == "USE" || word == "USES" || word == "MAP") return include(where, words);
    if (word == "NOTIFY" || word == "FLAG" || word == "FLAGS" || word == "TEXTONLY") {
        return;  // the judge's mail and the drawing's flags: nothing the game plays by
    }
    if (word == "BEGIN") return begin_line(where, words);
    if (word == "VICTORY") return victory_line(where, words);
    if (word == "RULE" || word == "RULES") {
        if (words.size() == 1) error(where, "RULE names no flag");
        for (std::size_t i = 1; i < words.size(); ++i) {
            const std::string flag = upper(words[i]);
            if (flag == "BUILD_ANY") {  // DPjudge's RULE BUILD_ANY: the rule "build_any"
                build_any_ = true;
                continue;
            }
            const std::string why = rule_reason(flag);
            error(where, "unsupported rule flag \"" + flag + "\" (" +
                             (why.empty() ? std::string{"not a rule this engine knows"}
                                          : why + " is not a variant option of this engine") +
                             ")");
        }
        return;
    }
    if (line.find('=') != std::string::npos) return name_line(where, line);
    if (word == "UNITS") {
        if (current_ >= 0)
            powers_[static_cast<std::size_t>(current_)].units.clear();
        else
            error(where, "UNITS before any power's line");
        return;
    }
    if (word == "A" || word == "F") return unit_line(where, words);
    if (word == "UNPLAYED") return unplayed_line(where, words);
    if (word == "OWNS" || word == "CENTERS") return owns_line(where, words);
    if (word == "DROP") {
        for (std::size_t i = 1; i < words.size(); ++i) drop(upper(words[i]));
        return;
    }
    if (const std::string why = refused_directive(word); !why.empty()) {
        error(where, word + " is not supported (" + why + ")");
        return;
    }
    if (words.size() > 1 && (word == "AMEND" || word == "WATER" || word == "LAND" ||
                             word == "COAST" || word == "PORT" || word == "SHUT")) {
        return terrain_line(where, words);
    }
    power_line(where, words);
}

void MapReader::include(const Where& where, const std::vector<std::string>& words) {
    if (words.size() == 1) error(where, upper(words[0]) + " names no file");
    for (std::size_t i = 1; i < words.size(); ++i) {
        std::string name = words[i];
        if (name.find('.') == std::string::npos) name += ".map";
        if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos ||
            name[0] == '.') {
            error(where, "included file \"" + name + "\" must be a plain file name");
            continue;
        }
        if (std::find(files_.begin(), files_.end(), name) != files_.end()) {
            error(where, "file \"" + name + "\" is included twice");
            continue;
        }
        if (files_.size() >= kMaxFiles) {
            error(where, "more than " + std::to_string(kMaxFiles) + " files included");
            return;
        }
        const std::optional<std::string> text = read_include_ ? read_include_(name) : std::nullopt;
        if (!text) {
            error(where, "included file \"" + name + "\" not found");
            continue;
        }
        read_file(name, *text);
    }
}

void MapReader::name_line(const Where& where, const std::string& line) {
    const std::size_t eq = line.find('=');
    std::string name = trim(std::string_view(line).substr(0, eq));
    const std::vector<std::string> words = split_words(std::string_view(line).substr(eq + 1));
    if (words.empty()) {
        error(where, "no abbreviation after \"=\"");
        return;
    }
    std::string old_abbr;
    if (const std::size_t arrow = name.find("->"); arrow != std::string::npos) {
        old_abbr = upper(trim(name.substr(0, arrow)));
        name = trim(name.substr(arrow + 2));
    }
    if (name.empty()) {
        error(where, "no name before \"=\"");
        return;
    }
    const std::string abbr = upper(words[0]);
    if (!old_abbr.empty()) rename(where, old_abbr, abbr);
    if (abbr.find('/') != std::string::npos) {  // a coast's name: orders write "BUL/EC"
        coast_names_.insert(abbr);
        return;
    }
    NameLine entry{abbr, name, {}, where};
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (words[i].back() == '?') continue;  // DPjudge's "unclear" alias, read only in context
        std::string alias = lower(words[i]);
        std::replace(alias.begin(), alias.end(), '+', ' ');
        if (alias == lower(abbr) || alias == lower(name)) continue;
        if (std::find(entry.aliases.begin(), entry.aliases.end(), alias) != entry.aliases.end())
            continue;
        entry.aliases.push_back(alias);
    }
    if (NameLine* existing = find_name(abbr))
        *existing = std::move(entry);
    else
        names_.push_back(std::move(entry));
}

void MapReader::terrain_line(const Where& where, const std::vector<std::string>& words) {
    const std::string kind = upper(words[0]);
    const std::string& place = words[1];
    Loc* loc = find_loc(place);
    if (kind == "AMEND" && loc == nullptr) {
        error(where, "AMEND " + place + ": no earlier line gives " + place + " a type");
        return;
    }
    if (loc == nullptr) {
        locs_.push_back({place, kind, {}, where});
        loc = &locs_.back();
    } else {
        if (loc->key != place && place == upper(place) && place.find('/') == std::string::npos) {
            const std::string base = upper(place);
            std::erase_if(locs_, [&](const Loc& l) {
                return l.key.find('/') != std::string::npos && base_of(l.key) == base;
            });
            loc = find_loc(place);
        }
        loc->key = place;
        if (kind != "AMEND") {
            loc->type = kind;
            loc->where = where;
            if (words.size() > 2) loc->abuts.clear();
        }
    }
    if (words.size() > 2 && upper(words[2]) != "ABUTS") {
        error(where, "expected ABUTS after " + place + ", found \"" + words[2] + "\"");
        return;
    }
    for (std::size_t i = 3; i < words.size(); ++i) {
        const std::string& dest = words[i];
        if (dest[0] == '-' && dest.size() > 1) {
            const std::string gone = upper(dest.substr(1));
            std::erase_if(loc->abuts, [&](const Abut& a) {
                const std::string u = upper(a.text);
                return u == gone || base_of(u) == gone;
            });
            continue;
        }
        const bool plain = std::all_of(dest.begin(), dest.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '/';
        });
        if (!plain) {
            error(where, "special adjacency rule \"" + dest + "\" of " + place +
                             " is not supported (adjacency open to one power, a centre's owner"
                             " or a special move)");
            continue;
        }
        loc->abuts.push_back({dest, where});
    }
}

void MapReader::power_line(const Where& where, std::vector<std::string> words) {
    std::string key = upper(words[0]);
    if (words.size() > 1 && words[1] == "->") {
        error(where, "renaming a power (" + trim(words[0] + " -> " + words[2 % words.size()]) +
                         ") is not supported");
        return;
    }
    std::vector<Site>* homes = nullptr;
    if (key == "UNOWNED" || key == "NEUTRAL") {
        current_ = -2;
        homes = &unowned_;
    } else {
        auto it = std::find_if(powers_.begin(), powers_.end(),
                               [&](const Power& p) { return p.key == key; });
        if (it == powers_.end()) {
            powers_.push_back({key, {}, {}, {}, {}, where});
            it = powers_.end() - 1;
        }
        current_ = static_cast<int>(it - powers_.begin());
        if (words.size() > 1 && words[1][0] == '(') {
            std::string adjective = words[1].substr(1);
            if (!adjective.empty() && adjective.back() == ')') adjective.pop_back();
            adjective = adjective.substr(0, adjective.find(':'));
            if (!adjective.empty()) it->adjective = adjective;
            words.erase(words.begin() + 1);
        }
        homes = &it->homes;
    }
    for (std::size_t i = 1; i < words.size(); ++i) {
        std::string home = upper(words[i]);
        const bool remove = home[0] == '-';
        if (remove) home.erase(0, 1);
        if (home.empty()) continue;
        if (!std::isalpha(static_cast<unsigned char>(home[0])) ||
            home.find('(') != std::string::npos) {
            error(where, "home centre \"" + words[i] +
                             "\" is not supported (only plain home centres are: no factories,"
                             " partisans, hidden or alternative homes)");
            continue;
        }
        const auto same = [&](const Site& s) { return s.abbr == home; };
        const auto found = std::find_if(homes->begin(), homes->end(), same);
        if (found != homes->end()) {
            homes->erase(found);
            if (current_ != -2) unowned_.push_back({home, where});
        }
        if (!remove) homes->push_back({home, where});
    }
}

void MapReader::unit_line(const Where& where, const std::vector<std::string>& words) {
    if (current_ == -2) {
        error(where, "a unit after UNOWNED: neutral units are not supported");
        return;
    }
    if (current_ < 0) {
        error(where, "a unit before any power's line");
        return;
    }
    if (words.size() != 2) {
        error(where, "a unit is written \"A LOC\" or \"F LOC\"");
        return;
    }
    const std::string location = upper(words[1]);
    const std::string base = base_of(location);
    for (Power& p : powers_)
        std::erase_if(p.units, [&](const Unit& u) { return base_of(u.location) == base; });
    powers_[static_cast<std::size_t>(current_)].units.push_back(
        {upper(words[0])[0], location, where});
}

// OWNS adds to the current power's centres at the start, CENTERS replaces them (none when it
// names none); a power with neither line owns its home centres.
void MapReader::owns_line(const Where& where, const std::vector<std::string>& words) {
    const std::string word = upper(words[0]);
    if (current_ < 0) {
        error(where, word + (current_ == -2 ? " after UNOWNED" : " before any power's line") +
                         ": it names the current power's centres");
        return;
    }
    Power& power = powers_[static_cast<std::size_t>(current_)];
    if (word == "CENTERS" || !power.owns) power.owns.emplace();
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string centre = upper(words[i]);
        if (!std::isalpha(static_cast<unsigned char>(centre[0])) ||
            centre.find_first_of("!?*(") != std::string::npos) {
            error(where, "owned centre \"" + words[i] +
                             "\" is not supported (only plain centres are: no SC!, SC? or SC*)");
            continue;
        }
        const auto same = [&](const Site& s) { return s.abbr == centre; };
        if (std::none_of(power.owns->begin(), power.owns->end(), same))
            power.owns->push_back({centre, where});
    }
}

void MapReader::begin_line(const Where& where, const std::vector<std::string>& words) {
    const auto bad = [&] {
        std::string phase;
        for (std::size_t i = 1; i < words.size(); ++i) phase += (i > 1 ? " " : "") + words[i];
        error(where, "start phase \"" + phase +
                         "\" is not supported (the engine starts in a spring, fall or winter of"
                         " a numbered year: \"SPRING 1901 MOVEMENT\")");
    };
    if (words.size() != 4) return bad();
    const std::string season = upper(words[1]), year = words[2], kind = upper(words[3]);
    const char s = season == "SPRING"   ? 'S'
                   : season == "FALL"   ? 'F'
                   : season == "WINTER" ? 'W'
                                        : '\0';
    const char k = kind == "MOVEMENT"      ? 'M'
                   : kind == "RETREATS"    ? 'R'
                   : kind == "ADJUSTMENTS" ? 'A'
                                           : '\0';
    const bool digits =
        !year.empty() && year.size() <= 4 && std::all_of(year.begin(), year.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
    if (s == '\0' || k == '\0' || !digits || (s == 'W') != (k == 'A')) return bad();
    start_phase_ = std::string(1, s) + year + k;
}

void MapReader::victory_line(const Where& where, const std::vector<std::string>& words) {
    if (words.size() > 2) {
        error(where, "victory counts that change from year to year are not supported");
        return;
    }
    const std::string n = words.size() == 2 ? words[1] : "";
    if (n.empty() || n.size() > 5 || !std::all_of(n.begin(), n.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        })) {
        error(where, "VICTORY takes one number of supply centres");
        return;
    }
    victory_ = std::stoi(n);
}

// DPjudge removes the power and its home centres, which stop being supply centres unless another
// line names them.
void MapReader::unplayed_line(const Where& where, const std::vector<std::string>& words) {
    std::vector<std::string> gone;
    if (words.size() == 1 && current_ >= 0)
        gone.push_back(powers_[static_cast<std::size_t>(current_)].key);
    if (words.size() == 1 && current_ < 0) error(where, "UNPLAYED before any power's line");
    if (words.size() > 1 && upper(words[1]) == "ALL") {
        error(where, "UNPLAYED ALL is not supported (name the powers to remove)");
        return;
    }
    for (std::size_t i = 1; i < words.size(); ++i) gone.push_back(upper(words[i]));
    for (const std::string& key : gone) {
        const auto it = std::find_if(powers_.begin(), powers_.end(),
                                     [&](const Power& p) { return p.key == key; });
        if (it == powers_.end())
            error(where, "UNPLAYED names " + key + ", which is not a power");
        else
            powers_.erase(it);
    }
    current_ = -1;
}

void MapReader::drop(const std::string& place) {
    std::erase_if(locs_, [&](const Loc& l) { return base_of(l.key) == place; });
    std::erase_if(names_, [&](const NameLine& n) { return base_of(n.abbr) == place; });
    const auto at = [&](const Site& s) { return s.abbr == place; };
    std::erase_if(unowned_, at);
    for (Power& p : powers_) {
        std::erase_if(p.homes, at);
        if (p.owns) std::erase_if(*p.owns, at);
        std::erase_if(p.units, [&](const Unit& u) { return base_of(u.location) == place; });
    }
    for (Loc& l : locs_)
        std::erase_if(l.abuts, [&](const Abut& a) { return base_of(a.text) == place; });
}

void MapReader::rename(const Where& where, const std::string& old_abbr,
                       const std::string& new_abbr) {
    if (find_name(old_abbr) == nullptr && coast_names_.erase(old_abbr) == 0) {
        error(where, "cannot rename " + old_abbr + ": no earlier line names it");
        return;
    }
    std::erase_if(names_, [&](const NameLine& n) { return n.abbr == old_abbr; });
    if (old_abbr == new_abbr) return;
    for (Loc& l : locs_) {
        if (upper(l.key) == old_abbr) l.key = l.key == old_abbr ? new_abbr : lower(new_abbr);
        for (Abut& a : l.abuts) {
            if (a.text == old_abbr)
                a.text = new_abbr;
            else if (a.text == lower(old_abbr))
                a.text = lower(new_abbr);
            else if (a.text == title(old_abbr))
                a.text = title(new_abbr);
        }
    }
    const auto rename_site = [&](Site& s) {
        if (s.abbr == old_abbr) s.abbr = new_abbr;
    };
    std::for_each(unowned_.begin(), unowned_.end(), rename_site);
    for (Power& p : powers_) {
        std::for_each(p.homes.begin(), p.homes.end(), rename_site);
        if (p.owns) std::for_each(p.owns->begin(), p.owns->end(), rename_site);
        for (Unit& u : p.units)
            if (u.location == old_abbr) u.location = new_abbr;
    }
}

// Title case for a power's name: "AUSTRIA" -> "Austria", "U+S+A" -> "U S A".
std::string display_name(const std::string& word) {
    std::string out;
    bool start = true;
    for (char c : word) {
        if (c == '+' || c == '_') c = ' ';
        const auto u = static_cast<unsigned char>(c);
        out += static_cast<char>(start ? std::toupper(u) : std::tolower(u));
        start = c == ' ' || c == '-';
    }
    return out;
}

// Evenly spread hues, the same for the same number of powers.
std::string power_color(std::size_t index, std::size_t count) {
    static constexpr std::array<const char*, 10> kPalette{
        "#c62828", "#283593", "#0097a7", "#4e342e", "#2e7d32",
        "#7b1fa2", "#f9a825", "#ef6c00", "#ad1457", "#546e7a"};
    if (count <= kPalette.size()) return kPalette[index];
    const double h = 360.0 * static_cast<double>(index) / static_cast<double>(count);
    const double s = 0.65, v = index % 2 == 0 ? 0.75 : 0.55;
    const double c = v * s, x = c * (1 - std::fabs(std::fmod(h / 60.0, 2) - 1)), m = v - c;
    double r = 0, g = 0, b = 0;
    if (h < 60)
        r = c, g = x;
    else if (h < 120)
        r = x, g = c;
    else if (h < 180)
        g = c, b = x;
    else if (h < 240)
        g = x, b = c;
    else if (h < 300)
        r = x, b = c;
    else
        r = c, b = x;
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", static_cast<int>((r + m) * 255),
                  static_cast<int>((g + m) * 255), static_cast<int>((b + m) * 255));
    return buffer;
}

bool is_scalar(const ordered_json& j) {
    return !j.is_object() && !j.is_array();
}

// The layout of the hand-written variant files: an object or array of scalars on one line,
// anything else one member per line.
void write_json(const ordered_json& j, int indent, std::string& out) {
    const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
    if (j.is_object()) {
        const bool flat = std::all_of(j.begin(), j.end(), is_scalar);
        if (j.empty()) {
            out += "{}";
            return;
        }
        if (flat) {
            out += "{";
            std::size_t i = 0;
            for (const auto& [key, value] : j.items())
                out += (i++ ? ", " : "") + ordered_json(key).dump() + ": " + value.dump();
            out += "}";
            return;
        }
        out += "{\n";
        std::size_t i = 0;
        for (const auto& [key, value] : j.items()) {
            out += pad + ordered_json(key).dump() + ": ";
            write_json(value, indent + 2, out);
            out += ++i < j.size() ? ",\n" : "\n";
        }
        out += std::string(static_cast<std::size_t>(indent), ' ') + "}";
        return;
    }
    if (j.is_array()) {
        if (std::all_of(j.begin(), j.end(), is_scalar)) {
            out += "[";
            for (std::size_t i = 0; i < j.size(); ++i) out += (i ? ", " : "") + j[i].dump();
            out += "]";
            return;
        }
        out += "[\n";
        for (std::size_t i = 0; i < j.size(); ++i) {
            out += pad;
            write_json(j[i], indent + 2, out);
            out += i + 1 < j.size() ? ",\n" : "\n";
        }
        out += std::string(static_cast<std::size_t>(indent), ' ') + "]";
        return;
    }
    out += j.dump();
}

struct Edge {
    std::string from, to;  // locations, upper case
    Where where;
};

// The label places of DPjudge's PostScript drawing: its comment table ("%  311  155 ADR ...")
// and its label lines ("(ADR) 311 155 w"), the first place of each location kept. PostScript
// counts y upwards.
std::map<std::string, Point> drawing_places(std::string_view ps) {
    std::map<std::string, Point> places;
    const auto number = [](const std::string& w) {
        const std::size_t digits = w[0] == '-' ? 1 : 0;
        return w.size() > digits && w.size() < 8 &&
               std::all_of(w.begin() + static_cast<std::ptrdiff_t>(digits), w.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    std::size_t pos = 0;
    while (pos < ps.size()) {
        std::size_t end = ps.find('\n', pos);
        if (end == std::string_view::npos) end = ps.size();
        std::vector<std::string> w = split_words(ps.substr(pos, end - pos));
        pos = end + 1;
        std::string abbr, x, y;
        if (w.size() >= 4 && w[0] == "%" && number(w[1]) && number(w[2])) {
            abbr = w[3], x = w[1], y = w[2];
        } else if (w.size() >= 3 && w[0].size() > 2 && w[0].front() == '(' && w[0].back() == ')' &&
                   number(w[1]) && number(w[2])) {
            abbr = w[0].substr(1, w[0].size() - 2), x = w[1], y = w[2];
        } else {
            continue;
        }
        places.emplace(upper(abbr), Point{std::stod(x), -std::stod(y)});
    }
    return places;
}

// A readable layout from the adjacency graph alone: a spring embedder (Fruchterman and
// Reingold) started from a circle in abbreviation order, so the same map gives the same points.
std::map<std::string, Point> graph_places(
    const std::vector<std::string>& provinces,
    const std::set<std::pair<std::string, std::string>>& edges) {
    const std::size_t n = provinces.size();
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < n; ++i) index[provinces[i]] = i;
    std::vector<Point> p(n), shift(n);
    constexpr double kPi = 3.14159265358979323846;
    for (std::size_t i = 0; i < n; ++i) {
        const double a =
            2 * kPi * static_cast<double>(i) / static_cast<double>(std::max<std::size_t>(n, 1));
        p[i] = {500 + 400 * std::cos(a), 500 + 400 * std::sin(a)};
    }
    std::vector<std::pair<std::size_t, std::size_t>> links;
    for (const auto& [from, to] : edges) {
        const auto a = index.find(base_of(from)), b = index.find(base_of(to));
        if (a != index.end() && b != index.end() && a->second < b->second)
            links.emplace_back(a->second, b->second);
    }
    const double k = 1000.0 / std::sqrt(static_cast<double>(std::max<std::size_t>(n, 1)));
    double heat = 100;
    for (int round = 0; round < 300; ++round, heat *= 0.985) {
        std::fill(shift.begin(), shift.end(), Point{});
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) {
                const double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y;
                const double d2 = std::max(dx * dx + dy * dy, 0.01);
                const double f = k * k / d2;
                shift[i].x += dx * f, shift[i].y += dy * f;
                shift[j].x -= dx * f, shift[j].y -= dy * f;
            }
        for (const auto& [i, j] : links) {
            const double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y;
            const double d = std::max(std::sqrt(dx * dx + dy * dy), 0.1);
            const double f = d / k;
            shift[i].x -= dx * f, shift[i].y -= dy * f;
            shift[j].x += dx * f, shift[j].y += dy * f;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const double len =
                std::max(std::sqrt(shift[i].x * shift[i].x + shift[i].y * shift[i].y), 0.01);
            const double step = std::min(len, heat);
            p[i].x += shift[i].x / len * step, p[i].y += shift[i].y / len * step;
        }
    }
    std::map<std::string, Point> places;
    for (std::size_t i = 0; i < n; ++i) places[provinces[i]] = p[i];
    return places;
}

std::string MapReader::build(const MapImportOptions& options, const std::string& main_file) {
    const std::size_t errors_before = errors_.size();
    Built b;
    check_provinces(b);
    check_coasts(b);
    check_listings(b);
    adjacency(b);
    check_powers(b, main_file);
    if (errors_.size() != errors_before) return {};
    const std::optional<Canvas> canvas = layout(b, options, main_file);
    if (!canvas) return {};
    std::string out;
    write_json(document(b, *canvas, options), 0, out);
    out += "\n";
    const VariantLoad check = load_variant(out);
    for (const VariantError& e : check.errors) {
        error({main_file, 0}, "the imported variant fails its check: " +
                                  (e.path.empty() ? e.message : e.path + ": " + e.message));
    }
    return errors_.size() == errors_before ? out : std::string{};
}

// Provinces: every location without a coast, in abbreviation order; each named, each name typed.
void MapReader::check_provinces(Built& b) {
    // Provinces: every location without a coast, in abbreviation order.
    for (const Loc& l : locs_) {
        if (l.key.find('/') != std::string::npos) continue;
        if (!is_abbreviation(upper(l.key)))
            error(l.where, "abbreviation \"" + l.key +
                               "\" is not 1-8 letters or digits starting with a letter");
        if (find_name(upper(l.key)) == nullptr)
            error(l.where,
                  upper(l.key) + " has no full name (no \"Name = " + lower(l.key) + "\" line)");
        b.provinces.push_back(&l);
    }
    std::sort(b.provinces.begin(), b.provinces.end(),
              [](const Loc* a, const Loc* b) { return upper(a->key) < upper(b->key); });
    for (const NameLine& n : names_) {
        if (find_loc(n.abbr) == nullptr)
            error(n.where,
                  n.abbr + " (" + n.name +
                      ") has no type: no WATER, LAND, COAST, PORT or SHUT line gives it one");
    }
}

// Coasts: a split province is written in lower case, so no fleet stands on it uncoasted.
void MapReader::check_coasts(Built& b) {
    for (const Loc& l : locs_) {
        if (l.key.find('/') == std::string::npos) continue;
        const std::string base = base_of(l.key);
        const std::string code = upper(l.key.substr(l.key.find('/') + 1));
        const Loc* province = find_loc(base);
        if (!is_coast_code(code))
            error(l.where, "coast \"" + l.key + "\": a coast is NC, SC, EC or WC");
        else if (province == nullptr)
            error(l.where, "coast " + upper(l.key) + " of unknown province " + base);
        else if (province->key != lower(province->key))
            error(l.where, "coast " + upper(l.key) + ": its province is written " + province->key +
                               "; a province with coasts is written in lower"
                               " case (\"COAST " +
                               lower(base) + " ABUTS ...\")");
        else if (l.type != "COAST" && l.type != "PORT")
            error(l.where, "coast " + upper(l.key) + " has type " + l.type + ", not COAST");
        else
            b.coasts[base].push_back(&l);
    }
}

// Every adjacency names a known location, and every listing is answered.
void MapReader::check_listings(Built& b) {
    for (const Loc& l : locs_) {
        for (const Abut& a : l.abuts) {
            const Loc* to = find_loc(a.text);
            if (to == nullptr && find_loc(base_of(a.text)) == nullptr) {
                error(a.where,
                      "unknown abbreviation \"" + a.text + "\" in the adjacency of " + l.key);
                b.unusable.insert(&a);
            }
        }
    }
    // Every listing is answered: DPjudge's own check. When B lists nothing of A, the line of A
    // is wrong whatever the unit types make of it.
    for (const Loc& l : locs_) {
        if (l.type == "SHUT") continue;
        const std::string from = base_of(l.key);
        for (const Abut& a : l.abuts) {
            if (b.unusable.count(&a)) continue;
            const std::string to = base_of(a.text);
            bool answered = false;
            for (const Loc& back : locs_) {
                if (base_of(back.key) != to) continue;
                if (back.type == "SHUT") answered = true;
                for (const Abut& b : back.abuts) answered = answered || base_of(b.text) == from;
            }
            if (!answered) {
                error(a.where, "adjacency " + from + "-" + to + " is one-way: " + to +
                                   " does not list " + from);
                b.unusable.insert(&a);
            }
        }
    }
}

bool MapReader::fleet_stands(const Loc& l, const Built& b) const {
    if (l.type != "WATER" && l.type != "COAST" && l.type != "PORT") return false;
    if (l.key.find('/') != std::string::npos) return true;
    return !b.coasts.count(upper(l.key)) && l.key != lower(l.key);
}

void MapReader::adjacency(Built& b) {
    const auto type_of = [&](const std::string& location) {
        const Loc* l = find_loc(location);
        if (l == nullptr) l = find_loc(base_of(location));
        return l == nullptr ? std::string{} : l->type;
    };
    // Armies: from each province that holds one, to every listed province that is not water or
    // shut, unless written in title case ("Ven": fleets only).
    std::vector<Edge> army, fleet;
    for (const Loc* p : b.provinces) {
        if (p->type == "WATER" || p->type == "SHUT") continue;
        for (const Abut& a : p->abuts) {
            if (b.unusable.count(&a)) continue;
            const bool fleets_only =
                std::isupper(static_cast<unsigned char>(a.text[0])) && a.text != upper(a.text);
            const std::string to = base_of(a.text);
            const std::string t = type_of(to);
            if (fleets_only || t == "WATER" || t == "SHUT" || to == upper(p->key)) continue;
            army.push_back({upper(p->key), to, a.where});
        }
    }
    // Fleets: from each location a fleet stands on, to every location listed in upper case (or
    // title case) that a fleet stands on: "BUL/EC", never the split province itself.
    for (const Loc& l : locs_) {
        if (!fleet_stands(l, b)) continue;
        for (const Abut& a : l.abuts) {
            if (b.unusable.count(&a) || std::islower(static_cast<unsigned char>(a.text[0])))
                continue;
            const Loc* to = find_loc(a.text);
            if (to == nullptr || !fleet_stands(*to, b)) continue;
            fleet.push_back({upper(l.key), upper(to->key), a.where});
        }
    }
    const auto check_symmetric = [&](const std::vector<Edge>& edges, const char* kind) {
        std::set<std::pair<std::string, std::string>> set;
        for (const Edge& e : edges) set.insert({e.from, e.to});
        for (const Edge& e : edges) {
            if (!set.count({e.to, e.from}))
                error(e.where, std::string(kind) + " adjacency " + e.from + "-" + e.to +
                                   " is one-way: " + e.to + " does not list " + e.from +
                                   (kind[0] == 'a' ? " for armies" : " for fleets"));
        }
        return set;
    };
    b.army = check_symmetric(army, "army");
    b.fleet = check_symmetric(fleet, "fleet");
}

// Powers, centres, units.
void MapReader::check_powers(Built& b, const std::string& main_file) {
    const auto check_site = [&](const Site& s) {
        if (find_loc(s.abbr) == nullptr || s.abbr.find('/') != std::string::npos) {
            error(s.where, "unknown abbreviation \"" + s.abbr + "\" as a supply centre");
            return false;
        }
        b.centres.insert(s.abbr);
        return true;
    };
    for (const Site& s : unowned_) check_site(s);
    if (powers_.empty()) error({main_file, 0}, "the map names no power");
    for (const Power& p : powers_) {
        for (const Site& s : p.homes) check_site(s);
        for (const Unit& u : p.units) {
            const Loc* at = find_loc(u.location);
            if (at == nullptr) {
                error(u.where, "unknown abbreviation \"" + u.location + "\" for a unit");
            } else if (u.kind == 'A'
                           ? (at->type != "LAND" && at->type != "COAST" && at->type != "PORT") ||
                                 u.location.find('/') != std::string::npos
                           : !fleet_stands(*at, b)) {
                error(u.where, std::string(u.kind == 'A' ? "an army" : "a fleet") +
                                   " cannot stand in " + u.location +
                                   (u.kind == 'F' && b.coasts.count(u.location)
                                        ? " (name its coast)"
                                        : " (" + lower(at->type) + ")"));
            }
        }
    }
    std::map<std::string, std::string> owner;  // centre -> the power owning it at the start
    for (const Power& p : powers_) {
        if (!p.owns) continue;
        for (const Site& s : *p.owns) {
            if (!b.centres.count(s.abbr)) {
                error(s.where, s.abbr + " is owned at the start but is not a supply centre");
            } else if (const auto [it, fresh] = owner.emplace(s.abbr, p.key); !fresh) {
                error(s.where,
                      s.abbr + " is owned at the start by " + it->second + " and " + p.key);
            }
        }
    }
}

// Drawing points: the PostScript drawing's label places where it has them; a province it
// lacks at the middle of its placed neighbours; without a drawing, the graph's layout.
std::optional<Canvas> MapReader::layout(const Built& b, const MapImportOptions& options,
                                        const std::string& main_file) {
    std::vector<std::string> abbrs;
    for (const Loc* l : b.provinces) abbrs.push_back(upper(l->key));
    std::map<std::string, Point> places;
    if (!options.drawing.empty()) {
        places = drawing_places(options.drawing);
        std::erase_if(places, [&](const auto& place) { return find_loc(place.first) == nullptr; });
        if (places.empty()) {
            error({main_file, 0}, "the drawing has no label place of any province");
            return std::nullopt;
        }
    } else {
        EdgeSet all = b.army;
        all.insert(b.fleet.begin(), b.fleet.end());
        places = graph_places(abbrs, all);
    }
    for (int round = 0; round < 8; ++round) {
        for (const std::string& abbr : abbrs) {
            if (places.count(abbr)) continue;
            Point sum;
            int count = 0;
            for (const EdgeSet* edges : {&b.army, &b.fleet})
                for (const auto& [from, to] : *edges)
                    if (base_of(from) == abbr && places.count(base_of(to)))
                        sum.x += places[base_of(to)].x, sum.y += places[base_of(to)].y, ++count;
            if (count > 0) places[abbr] = {sum.x / count + 8, sum.y / count + 8};
        }
    }
    Canvas canvas;
    double max_x = -1e18, max_y = -1e18;
    for (const auto& [abbr, pt] : places) {
        canvas.min_x = std::min(canvas.min_x, pt.x), max_x = std::max(max_x, pt.x);
        canvas.min_y = std::min(canvas.min_y, pt.y), max_y = std::max(max_y, pt.y);
    }
    const double w = max_x - canvas.min_x, h = max_y - canvas.min_y;
    canvas.scale = std::min((Canvas::kSide - 2 * Canvas::kMargin) / std::max(w, 1.0),
                            (Canvas::kSide - 2 * Canvas::kMargin) / std::max(h, 1.0));
    canvas.width = static_cast<int>(std::lround(w * canvas.scale + 2 * Canvas::kMargin));
    canvas.height = static_cast<int>(std::lround(h * canvas.scale + 2 * Canvas::kMargin));
    canvas.places = std::move(places);
    return canvas;
}

ordered_json MapReader::document(const Built& b, const Canvas& canvas,
                                 const MapImportOptions& options) {
    ordered_json v;
    v["format"] = 1;
    v["name"] = options.name;
    v["title"] = options.title.empty() ? options.name : options.title;
    if (!options.description.empty()) v["description"] = options.description;
    v["map"] = {{"width", canvas.width}, {"height", canvas.height}};
    ordered_json powers = ordered_json::array();
    for (std::size_t i = 0; i < powers_.size(); ++i) {
        const Power& p = powers_[i];
        ordered_json power;
        power["name"] = display_name(p.key);
        if (!p.adjective.empty()) power["adjective"] = display_name(p.adjective);
        power["color"] = power_color(i, powers_.size());
        std::vector<std::string> homes;
        for (const Site& s : p.homes) homes.push_back(s.abbr);
        std::sort(homes.begin(), homes.end());
        power["home_centers"] = homes;
        powers.push_back(power);
    }
    v["powers"] = powers;
    ordered_json provinces_json = ordered_json::array();
    static const std::map<std::string, std::string> kType{{"WATER", "sea"},
                                                          {"LAND", "land"},
                                                          {"COAST", "coast"},
                                                          {"PORT", "coast"},
                                                          {"SHUT", "impassable"}};
    for (const Loc* province : b.provinces) {
        const Loc& l = *province;
        const std::string abbr = upper(l.key);
        const NameLine* name = find_name(abbr);
        ordered_json p;
        p["abbr"] = abbr;
        p["name"] = name->name;
        p["aliases"] = name->aliases;
        p["type"] = kType.at(l.type);
        p["supply_center"] = b.centres.count(abbr) > 0;
        p["draw"] = canvas.draw(abbr, 0);
        std::vector<std::string> armies, fleets;
        for (const auto& [from, to] : b.army)
            if (from == abbr) armies.push_back(to);
        for (const auto& [from, to] : b.fleet)
            if (from == abbr) fleets.push_back(to);
        if (!armies.empty()) p["army"] = armies;
        if (b.coasts.count(abbr)) {
            std::vector<const Loc*> list = b.coasts.at(abbr);
            std::sort(list.begin(), list.end(),
                      [](const Loc* a, const Loc* b) { return upper(a->key) < upper(b->key); });
            ordered_json cs = ordered_json::array();
            int k = 0;
            for (const Loc* c : list) {
                const std::string location = upper(c->key);
                std::vector<std::string> moves;
                for (const auto& [from, to] : b.fleet)
                    if (from == location) moves.push_back(to);
                ordered_json coast;
                coast["coast"] = location.substr(location.find('/') + 1);
                coast["draw"] = canvas.draw(location, -12 + 24 * k++);
                coast["fleet"] = moves;
                cs.push_back(coast);
            }
            p["coasts"] = cs;
        } else if (!fleets.empty()) {
            p["fleet"] = fleets;
        }
        provinces_json.push_back(p);
    }
    v["provinces"] = provinces_json;
    ordered_json units = ordered_json::object();
    for (const Power& p : powers_) {
        std::vector<std::string> list;
        for (const Unit& u : p.units) list.push_back(std::string(1, u.kind) + " " + u.location);
        if (!list.empty()) units[display_name(p.key)] = list;
    }
    v["start"] = {{"phase", start_phase_}, {"units", units}};
    ordered_json centers = ordered_json::object();
    for (const Power& p : powers_) {
        if (!p.owns) continue;
        std::vector<std::string> list;
        for (const Site& s : *p.owns) list.push_back(s.abbr);
        std::sort(list.begin(), list.end());
        centers[display_name(p.key)] = list;
    }
    if (!centers.empty()) v["start"]["centers"] = centers;
    v["victory"] = {{"centers", victory_.value_or(static_cast<int>(b.centres.size() / 2 + 1))}};
    if (build_any_) v["rules"] = {{"build_any", ordered_json::object()}};
    return v;
}

}  // namespace dpjudge_import

MapImport import_dpjudge_map(const std::string& file_name, std::string_view text,
                             const MapFileReader& read_include, const MapImportOptions& options) {
    MapImport result;
    dpjudge_import::MapReader reader(read_include, result.errors);
    reader.read_file(file_name, text);
    if (!result.ok()) return result;
    if (options.name.empty()) {
        result.errors.push_back({file_name, 0, "the variant needs a name"});
        return result;
    }
    result.variant_json = reader.build(options, file_name);
    return result;
}

std::string map_error_text(const MapImportError& error) {
    if (error.line == 0) return error.file + ": " + error.message;
    return error.file + ":" + std::to_string(error.line) + ": " + error.message;
}

}  // namespace adjutant
