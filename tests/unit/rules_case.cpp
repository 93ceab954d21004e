// SPDX-License-Identifier: Apache-2.0
#include "rules_case.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "adjudicate.h"
#include "core/keyed_rng.h"
#include "core/text.h"
#include "orders/parser.h"
#include "position/position_check.h"
#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "report/explanation.h"
#include "variant/unit_text.h"
#include "variant/variant_json.h"

namespace adjutant::testing {

namespace {

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    std::string item;
    std::stringstream in{std::string(text)};
    while (std::getline(in, item, ','))
        if (!trim(item).empty()) out.emplace_back(trim(item));
    return out;
}

// "England: F NTH, A YOR" -> "England: F NTH", "England: A YOR".
std::vector<std::string> expand_power_line(std::string_view line) {
    std::vector<std::string> out;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return out;
    const std::string power(trim(line.substr(0, colon)));
    for (const std::string& item : split_list(line.substr(colon + 1)))
        out.push_back(power + ": " + item);
    return out;
}

}  // namespace

std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::string variant_text(const std::string& name) {
    return read_text_file(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/" + name + ".json");
}

std::string all_errors(const PositionLoad& load) {
    std::string all;
    for (const std::string& e : load.errors) all += e + "\n";
    return all;
}

std::string all_errors(const VariantLoad& load) {
    std::string all;
    for (const VariantError& e : load.errors) all += e.path + ": " + e.message + "\n";
    return all;
}

std::string last_verdict(const Variant& variant, const Position& position,
                         const std::string& text) {
    const ParsedOrders parsed = parse_orders(variant, position, text);
    REQUIRE(!parsed.verdicts.empty());
    const OrderVerdict& v = parsed.verdicts.back();
    return v.accepted() ? v.canonical(variant) : "error: " + v.error;
}

const Variant& variant_named(const std::string& name) {
    static std::map<std::string, Variant> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    // "western-front-1914 + tabletop_battles": the variant with one more rule module, of no
    // parameters, so a variant option is tested on a real map without a copy of the map.
    const std::size_t plus = name.find(" + ");
    const std::string base = name.substr(0, plus);
    // A name with a slash is a file in the source tree (test maps); otherwise config/variants.
    const std::string path =
        base.find('/') != std::string::npos
            ? std::string(ADJUTANT_SOURCE_DIR) + "/" + base
            : std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/" + base + ".json";
    std::string text = read_text_file(path);
    if (plus != std::string::npos) {
        nlohmann::json doc = nlohmann::json::parse(text);
        doc["rules"][name.substr(plus + 3)] = nlohmann::json::object();
        text = doc.dump();
    }
    VariantLoad load = load_variant(text);
    if (!load.ok()) throw std::runtime_error(name + ".json does not load");
    return cache.emplace(name, std::move(*load.variant)).first->second;
}

const Variant& standard_variant() {
    return variant_named("standard");
}

std::vector<RulesCase> parse_rules_cases(const std::string& text, const std::string& file,
                                         std::vector<std::string>& errors) {
    std::vector<RulesCase> cases;
    std::string section;
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
    auto problem = [&](const std::string& what) {
        errors.push_back(file + ":" + std::to_string(line_no) + ": " + what);
    };
    while (std::getline(in, raw)) {
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        if (line.starts_with("===")) {
            RulesCase c;
            const std::string_view head = trim(line.substr(3));
            const auto space = head.find(' ');
            c.id = std::string(head.substr(0, space));
            c.title = space == std::string_view::npos ? "" : std::string(trim(head.substr(space)));
            c.file = file;
            c.line = line_no;
            c.stages.emplace_back();
            cases.push_back(std::move(c));
            section.clear();
            continue;
        }
        if (cases.empty()) {
            problem("text before the first case");
            continue;
        }
        RulesCase& c = cases.back();
        Stage& stage = c.stages.back();
        if (line == "---") {
            c.stages.emplace_back();
            section.clear();
            continue;
        }
        const bool indented = raw.front() == ' ' || raw.front() == '\t';
        if (!indented) {
            const auto colon = line.find(':');
            if (colon == std::string_view::npos) {
                problem("expected a section header");
                continue;
            }
            section = std::string(line.substr(0, colon));
            const std::string value(trim(line.substr(colon + 1)));
            if (section == "phase")
                c.phase = value;
            else if (section == "variant")
                c.variant = value;
            else if (section == "seed")
                c.seed = std::stoull(value);
            else if (section == "dice" && c.stages.size() > 1) {
                // After a `---`: this stage's own rolls.
                stage.dice_given = true;
                for (const std::string& d : split_list(value)) stage.dice.push_back(std::stoi(d));
            } else if (section == "dice")
                for (const std::string& d : split_list(value)) c.dice.push_back(std::stoi(d));
            else if (section == "phase-after")
                stage.phase_after = value;
            else if (section == "centers")
                c.centers_given = true;
            else if (section == "dislodged")
                stage.dislodged_given = true;
            else if (section == "units-after")
                stage.units_after_given = true;
            else if (section == "centers-after")
                stage.centers_after_given = true;
            else if (section != "units" && section != "orders" && section != "results" &&
                     section != "dislodged-units" && section != "position" && section != "events" &&
                     section != "expect-json" && section != "explain")
                problem("unknown section '" + section + "'");
            continue;
        }
        const std::string item(line);
        if (section == "units") {
            for (auto& u : expand_power_line(item)) c.units.push_back(u);
        } else if (section == "centers") {
            for (auto& u : expand_power_line(item)) c.centers.push_back(u);
        } else if (section == "dislodged-units") {
            c.dislodged_units.push_back(item);
        } else if (section == "position") {
            c.position_json += item + "\n";
        } else if (section == "events") {
            stage.events.push_back(item);
        } else if (section == "expect-json") {
            stage.expect_json.push_back(item);
        } else if (section == "orders") {
            stage.orders += item + "\n";
        } else if (section == "results") {
            const auto colon = item.find(':');
            if (colon == std::string::npos) {
                problem("result line needs 'PROVINCE: outcome'");
                continue;
            }
            std::string outcome(trim(std::string_view(item).substr(colon + 1)));
            if (outcome != "succeeds" && outcome != "fails" && outcome != "illegal")
                problem("unknown outcome '" + outcome + "'");
            stage.results.emplace_back(uppercase(trim(item.substr(0, colon))), outcome);
        } else if (section == "explain") {
            const auto colon = item.find(':');
            if (colon == std::string::npos) {
                problem("explain line needs 'PROVINCE: sentence'");
                continue;
            }
            stage.explain.emplace_back(uppercase(trim(item.substr(0, colon))),
                                       std::string(trim(std::string_view(item).substr(colon + 1))));
        } else if (section == "dislodged") {
            stage.dislodged.push_back(item);
        } else if (section == "units-after") {
            for (auto& u : expand_power_line(item)) stage.units_after.push_back(u);
        } else if (section == "centers-after") {
            for (auto& u : expand_power_line(item)) stage.centers_after.push_back(u);
        } else {
            problem("indented line outside a list section");
        }
    }
    return cases;
}

namespace {

std::string describe_unit(const Variant& v, const Unit& u) {
    return v.powers[u.power].name + ": " + unit_text(v, u);
}

// "Power: A VIE" style entry -> Unit; records a problem when it does not read.
std::optional<Unit> read_power_unit(const Variant& v, const std::string& entry,
                                    std::vector<std::string>& problems) {
    const auto colon = entry.find(':');
    const PowerId power = v.find_power(trim(std::string_view(entry).substr(0, colon)));
    if (colon == std::string::npos || power == kNoPower) {
        problems.push_back("bad unit entry '" + entry + "'");
        return std::nullopt;
    }
    UnitText read = read_unit_text(v, trim(std::string_view(entry).substr(colon + 1)), power);
    if (!read.unit) problems.push_back("bad unit entry '" + entry + "': " + read.error);
    return read.unit;
}

Position initial_position(const Variant& v, const RulesCase& c,
                          std::vector<std::string>& problems) {
    if (!c.position_json.empty()) {
        const auto doc = nlohmann::json::parse(c.position_json, nullptr, false);
        if (doc.is_discarded()) {
            problems.push_back("position: not valid JSON");
            return {};
        }
        PositionLoad load = position_from_json(v, doc);
        for (const std::string& e : load.errors) problems.push_back("position: " + e);
        return load.position.value_or(Position{});
    }
    Position pos;
    auto phase = c.phase.empty() ? std::optional<Phase>(v.start_phase) : Phase::parse(c.phase);
    if (!phase) problems.push_back("bad phase " + c.phase);
    pos.phase = phase.value_or(Phase{});
    pos.owner.assign(v.province_count(), kNoPower);
    if (c.centers_given) {
        for (const std::string& entry : c.centers) {
            const auto colon = entry.find(':');
            const PowerId power = v.find_power(trim(std::string_view(entry).substr(0, colon)));
            const ProvinceId p = v.find_province(trim(std::string_view(entry).substr(colon + 1)));
            if (power == kNoPower || p == kNoProvince)
                problems.push_back("bad centre '" + entry + "'");
            else
                pos.owner[p] = power;
        }
    } else {
        for (std::size_t pw = 0; pw < v.powers.size(); ++pw)
            for (ProvinceId home : v.powers[pw].home_centers)
                pos.owner[home] = static_cast<PowerId>(pw);
    }
    for (const std::string& entry : c.units)
        if (auto unit = read_power_unit(v, entry, problems)) pos.units.push_back(*unit);
    for (const std::string& entry : c.dislodged_units) {
        // "Italy: A VIE from TRI"
        const auto from = entry.find(" from ");
        if (from == std::string::npos) {
            problems.push_back("dislodged-units entry needs 'from': " + entry);
            continue;
        }
        auto unit = read_power_unit(v, entry.substr(0, from), problems);
        const ProvinceId attacker = v.find_province(trim(std::string_view(entry).substr(from + 6)));
        if (unit) pos.dislodged.push_back(DislodgedUnit{*unit, attacker, {}});
    }
    pos.normalise();
    return pos;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

}  // namespace

std::vector<std::string> run_rules_case(const Variant& v, const RulesCase& c,
                                        std::vector<std::string>* reports) {
    std::vector<std::string> problems;
    Position position = initial_position(v, c, problems);
    if (!problems.empty()) return problems;

    for (std::size_t s = 0; s < c.stages.size(); ++s) {
        const Stage& stage = c.stages[s];
        const std::string where =
            c.stages.size() > 1 ? "stage " + std::to_string(s + 1) + ": " : "";
        const ParsedOrders parsed = parse_orders(v, position, stage.orders, kNoPower);
        Adjudicator adjudicator;
        const std::vector<int>& rolls = stage.dice_given ? stage.dice : c.dice;
        FixedDice fixed(rolls);
        KeyedDice keyed(c.seed, position.phase.code());
        Dice& dice = rolls.empty() ? static_cast<Dice&>(keyed) : static_cast<Dice&>(fixed);
        const Adjudication result = adjudicator.run(v, position, parsed.orders, dice);
        // ADJUTANT_EXPLAIN_PRINT=1 prints every result's sentence, for writing `explain:` lines
        // (tests/datc/README.md); the expected sentence is still the rules' own reason.
        if (std::getenv("ADJUTANT_EXPLAIN_PRINT") != nullptr)
            for (const OrderResult& r : result.results)
                if (auto explained = explained_order(v, r))
                    std::printf("%s %s%s: %s\n", c.id.c_str(), where.c_str(),
                                v.provinces[r.order.unit.province].abbr.c_str(),
                                explained->text.c_str());
        const nlohmann::json report = adjudication_to_json(v, parsed, result);
        if (reports != nullptr) reports->push_back(report.dump());
        std::size_t next_event = 0;
        for (const std::string& text : stage.events) {
            while (next_event < result.events.size() && result.events[next_event].text != text)
                ++next_event;
            if (next_event == result.events.size()) {
                std::string all;
                for (const Event& e : result.events) all += "\n      " + e.text;
                problems.push_back(where + "missing event (in this order): " + text + all);
                break;
            }
            ++next_event;
        }
        for (const std::string& line : stage.expect_json) {
            const auto eq = line.find(" = ");
            if (eq == std::string::npos) {
                problems.push_back(where + "expect-json needs 'POINTER = VALUE': " + line);
                continue;
            }
            const std::string pointer(trim(std::string_view(line).substr(0, eq)));
            const std::string value(trim(std::string_view(line).substr(eq + 3)));
            const nlohmann::json::json_pointer at(pointer);
            if (value == "absent") {  // the report leaves out empty and zero fields
                if (report.contains(at))
                    problems.push_back(where + pointer + ": expected absent, got " +
                                       report.at(at).dump());
                continue;
            }
            const auto want = nlohmann::json::parse(value, nullptr, false);
            if (!report.contains(at))
                problems.push_back(where + pointer + ": absent, expected " + want.dump());
            else if (report.at(at) != want)
                problems.push_back(where + pointer + ": expected " + want.dump() + ", got " +
                                   report.at(at).dump());
        }

        for (const auto& [province_text, expected] : stage.results) {
            const ProvinceId p = v.find_province(province_text);
            if (p == kNoProvince) {
                problems.push_back(where + "unknown province " + province_text);
                continue;
            }
            const bool in_force = std::any_of(parsed.orders.begin(), parsed.orders.end(),
                                              [&](const Order& o) { return o.unit.province == p; });
            // The unit's own result; an order that is no unit's (a train in its city, a
            // garrison in its fortress) only when the unit has none.
            const OrderResult* found = nullptr;
            for (const OrderResult& r : result.results)
                if (r.order.unit.province == p && !r.defaulted &&
                    (found == nullptr || orders_a_unit(r.order)))
                    found = &r;
            std::string actual;
            if (!in_force)
                actual = "illegal";
            else if (found == nullptr)
                actual = "no result";
            else
                actual = found->succeeded ? "succeeds" : "fails";
            if (actual != expected) {
                std::string detail;
                for (const OrderVerdict& verdict : parsed.verdicts)
                    if (!verdict.accepted())
                        detail += " [rejected: '" + verdict.input() + "': " + verdict.error + "]";
                if (found)
                    detail += std::string(" [") + found->order.text(v) + ": " +
                              std::string(reason_text(found->reason)) + "]";
                problems.push_back(where + province_text + ": expected " + expected + ", got " +
                                   actual + detail);
            }
        }

        for (const auto& [province_text, expected] : stage.explain) {
            const ProvinceId p = v.find_province(province_text);
            const OrderResult* found = nullptr;
            for (const OrderResult& r : result.results)
                if (p != kNoProvince && r.order.unit.province == p && orders_a_unit(r.order))
                    found = &r;
            const std::optional<ExplainedOrder> explained =
                found != nullptr ? explained_order(v, *found) : std::nullopt;
            const std::string actual = explained ? explained->text : "(no explanation)";
            if (actual != expected)
                problems.push_back(where + "explanation of " + province_text +
                                   ":\n  expected: " + expected + "\n  got:      " + actual);
        }

        if (stage.dislodged_given || !result.dislodged.empty()) {
            std::vector<std::string> actual;
            for (const DislodgedUnit& d : result.dislodged) {
                std::string entry = v.provinces[d.unit.location.province].abbr + " from " +
                                    v.provinces[d.attacker_from].abbr;
                actual.push_back(entry);
            }
            std::vector<std::string> expected;
            std::map<std::string, std::string> expected_retreats;
            for (const std::string& entry : stage.dislodged) {
                const auto r = entry.find(" retreats:");
                std::string head = uppercase(trim(entry.substr(0, r)));
                const auto from = head.find(" FROM ");
                if (from != std::string::npos)
                    head = head.substr(0, from) + " from " + head.substr(from + 6);
                expected.push_back(head);
                if (r != std::string::npos)
                    expected_retreats[head] = std::string(trim(entry.substr(r + 10)));
            }
            std::sort(actual.begin(), actual.end());
            std::sort(expected.begin(), expected.end());
            if (actual != expected)
                problems.push_back(where + "dislodged: expected [" + join(expected) + "], got [" +
                                   join(actual) + "]");
            for (const DislodgedUnit& d : result.dislodged) {
                const std::string key = v.provinces[d.unit.location.province].abbr + " from " +
                                        v.provinces[d.attacker_from].abbr;
                auto it = expected_retreats.find(key);
                if (it == expected_retreats.end()) continue;
                std::vector<std::string> want;
                for (const auto& item : split_list(it->second)) want.push_back(uppercase(item));
                std::vector<std::string> got;
                for (const Location& l : d.retreats) got.push_back(v.location_text(l));
                std::sort(want.begin(), want.end());
                std::sort(got.begin(), got.end());
                if (want != got)
                    problems.push_back(where + "retreats of " + key + ": expected [" + join(want) +
                                       "], got [" + join(got) + "]");
            }
        }

        if (stage.units_after_given) {
            std::vector<std::string> expected;
            for (const std::string& entry : stage.units_after)
                if (auto unit = read_power_unit(v, entry, problems))
                    expected.push_back(describe_unit(v, *unit));
            std::vector<std::string> actual;
            for (const Unit& u : result.next.units) actual.push_back(describe_unit(v, u));
            std::sort(expected.begin(), expected.end());
            std::sort(actual.begin(), actual.end());
            if (expected != actual)
                problems.push_back(where + "units after: expected [" + join(expected) + "], got [" +
                                   join(actual) + "]");
        }
        if (stage.centers_after_given) {
            std::vector<std::string> expected = stage.centers_after;
            std::vector<std::string> actual;
            for (std::size_t p = 0; p < result.next.owner.size(); ++p)
                if (result.next.owner[p] != kNoPower)
                    actual.push_back(v.powers[result.next.owner[p]].name + ": " +
                                     v.provinces[p].abbr);
            std::sort(expected.begin(), expected.end());
            std::sort(actual.begin(), actual.end());
            if (expected != actual)
                problems.push_back(where + "centres after: expected [" + join(expected) +
                                   "], got [" + join(actual) + "]");
        }
        if (!stage.phase_after.empty() && stage.phase_after != result.next.phase.code())
            problems.push_back(where + "phase after: expected " + stage.phase_after + ", got " +
                               result.next.phase.code());
        if (const std::string broken = position_is_ok(v, result.next); !broken.empty())
            problems.push_back(where + "the next position breaks an invariant: " + broken);
        // The next stage starts from the position as it is stored: written and read back, so a
        // position the adjudicator writes but the loader refuses (or reads differently) fails.
        const PositionLoad reloaded = position_from_json(v, report.at("next"));
        for (const std::string& e : reloaded.errors)
            problems.push_back(where + "the next position does not load: " + e);
        if (!reloaded.ok()) break;
        if (*reloaded.position != result.next)
            problems.push_back(where + "the next position reads back differently: " +
                               position_to_json(v, *reloaded.position).dump());
        position = *reloaded.position;
    }
    return problems;
}

}  // namespace adjutant::testing

namespace adjutant::testing {

std::span<const char* const> rules_case_suites() {
    static constexpr const char* kSuites[] = {"tests/datc",
                                              "tests/rules/colonial",
                                              "tests/rules/supply",
                                              "tests/rules/sieges",
                                              "tests/rules/rail",
                                              "tests/rules/rail-movement",
                                              "tests/rules/field_works",
                                              "tests/rules/army_strength",
                                              "tests/rules/tabletop_battles",
                                              "tests/rules/generals",
                                              "tests/rules/detachments",
                                              "tests/rules/experience",
                                              "tests/rules/reinforcements",
                                              "tests/rules/rivers",
                                              "tests/rules/build_any"};
    return kSuites;
}

std::vector<std::string> rules_case_files(const std::string& directory) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(ADJUTANT_SOURCE_DIR) / directory;
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".txt") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

SuiteResult run_rules_suite(const std::string& directory) {
    namespace fs = std::filesystem;
    const std::vector<std::string> files = rules_case_files(directory);
    REQUIRE_MESSAGE(!files.empty(), "no case files in " << directory);

    std::vector<std::string> file_errors;
    std::vector<RulesCase> cases;
    for (const auto& file : files) {
        auto parsed = parse_rules_cases(read_text_file(file), fs::path(file).filename().string(),
                                        file_errors);
        cases.insert(cases.end(), parsed.begin(), parsed.end());
    }
    for (const auto& error : file_errors) FAIL_CHECK(error);

    SuiteResult out;
    // A case may be split into several blocks sharing one number (DATC 6.J.9 has two
    // situations); it passes when every block does.
    std::map<std::string, bool> verdicts;
    for (const RulesCase& c : cases) {
        const auto problems = run_rules_case(variant_named(c.variant), c);
        auto [it, fresh] = verdicts.emplace(c.id, true);
        if (problems.empty()) continue;
        it->second = false;
        std::string text;
        for (const auto& p : problems) text += "\n    " + p;
        FAIL_CHECK(c.id << " " << c.title << " (" << c.file << ":" << c.line << ")" << text);
    }
    out.total = static_cast<int>(verdicts.size());
    for (const auto& [id, ok] : verdicts) out.passed += ok ? 1 : 0;
    return out;
}

}  // namespace adjutant::testing
