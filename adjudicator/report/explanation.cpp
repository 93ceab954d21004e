// SPDX-License-Identifier: Apache-2.0
#include "report/explanation.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <initializer_list>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "variant/variant.h"

namespace adjutant {

namespace {

// The words of each value (report/explanation.h lists them), in the order the enumerators are
// declared (result/explanation.h); `words` has one per enumerator.
template <typename Enum, std::size_t N>
std::string_view word(Enum value, const std::array<std::string_view, N>& words) {
    return words.at(static_cast<std::size_t>(value));
}

constexpr std::array<std::string_view, 4> kStrengthWords{"attack", "hold", "defend", "prevent"};
constexpr std::array<std::string_view, 5> kCountWords{"counted", "cut", "dislodged",
                                                      "not against its own power", "canal closed"};
constexpr std::array<std::string_view, 5> kZeroWords{"", "no route", "own unit",
                                                     "lost head to head", "moved away"};
constexpr std::array<std::string_view, 8> kRuleWords{"",
                                                     "head to head",
                                                     "beleaguered garrison",
                                                     "own unit not dislodged",
                                                     "circular movement",
                                                     "convoy paradox",
                                                     "not cut from its target",
                                                     "not cut by its own power"};
constexpr std::array<std::string_view, 4> kVoidWords{"", "moved", "not that move",
                                                     "went over land"};
constexpr std::array<std::string_view, 4> kSeaWords{"", "via convoy", "own fleet", "foreign fleet"};
constexpr std::array<std::string_view, 5> kRouteWords{"", "by convoy", "no convoy route",
                                                      "no chain", "convoy disrupted"};

std::string_view kind_word(OrderType type) {
    switch (type) {
        case OrderType::Move:
            return "move";
        case OrderType::Support:
            return "support";
        case OrderType::Convoy:
            return "convoy";
        case OrderType::RailMove:
            return "rail move";
        case OrderType::Retreat:
            return "retreat";
        case OrderType::Disband:
            return "disband";
        default:
            return "hold";
    }
}

ExplainedUnit named(const Variant& variant, const NamedUnit& unit) {
    return ExplainedUnit{std::string(variant.power_name(unit.power)),
                         unit_text(variant, unit.type, unit.at)};
}

std::optional<ExplainedUnit> named(const Variant& variant, const std::optional<NamedUnit>& unit) {
    if (!unit) return std::nullopt;
    return named(variant, *unit);
}

// The sentence's pieces.

std::string unit_words(const ExplainedUnit& unit) {
    return unit.hidden() ? "a unit you cannot see" : unit.unit;
}

// "A PAR - BUR", or a hidden unit's words.
std::string move_words(const ExplainedUnit& unit, const std::string& to) {
    if (unit.hidden() || to.empty()) return unit_words(unit);
    return unit.unit + " - " + to;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        if (k > 0) out += separator;
        out += parts[k];
    }
    return out;
}

// What a strength was made of, in brackets: the unit's own strength and a module's aid when
// they are not the standard 1 and 0, the supports counted, and each support not counted with
// why. Empty when there is nothing to say.
// "600 = 500 points + 100 field works": a strength and the rule modules' shares of it.
std::string points_words(std::int64_t total, const std::vector<ExplainedPart>& shares,
                         bool attack_only) {
    std::string out = std::to_string(total);
    std::int64_t rest = total;
    std::string added;
    for (const ExplainedPart& part : shares) {
        if (part.attack_only != attack_only) continue;
        rest -= part.points;
        std::string name = part.module;
        std::replace(name.begin(), name.end(), '_', ' ');
        added +=
            (part.points < 0 ? " - " : " + ") + std::to_string(std::abs(part.points)) + " " + name;
    }
    if (added.empty()) return out;
    if (!attack_only) return out + " = " + std::to_string(rest) + " points" + added;
    // An aid is the modules' alone: "60 from sieges", or "60 = 40 sieges + 20 army strength".
    const std::string named = added.substr(3);
    if (rest == 0 && named.find(" + ") == std::string::npos &&
        named.find(" - ") == std::string::npos)
        return out + " from " + named.substr(named.find(' ') + 1);
    return out + " = " + named;
}

std::string strength_detail(const ExplainedStrength& s) {
    std::vector<std::string> parts;
    if (s.own != 1 || s.aid != 0) {
        std::string own = "own " + points_words(s.own, s.parts, false);
        if (s.aid != 0) own += ", aid " + points_words(s.aid, s.parts, true);
        parts.push_back(std::move(own));
    }
    std::vector<std::string> counted;
    for (const ExplainedSupport& support : s.supports)
        if (support.count == "counted") counted.push_back(unit_words(support.supporter));
    if (!counted.empty()) parts.push_back("supported by " + join(counted, ", "));
    for (const ExplainedSupport& support : s.supports) {
        if (support.count == "counted") continue;
        std::string part = unit_words(support.supporter) + "'s support ";
        if (support.count == "cut")
            part += support.by ? "cut by " + unit_words(*support.by) : "cut";
        else if (support.count == "dislodged")
            part +=
                support.by ? "lost: dislodged by " + unit_words(*support.by) : "lost: dislodged";
        else if (support.count == "not against its own power")
            part += "not counted against its own power's unit";
        else
            part += "not let through the canal";
        parts.push_back(std::move(part));
    }
    if (parts.empty()) return "";
    return " (" + join(parts, "; ") + ")";
}

// "prevent 2 from A PAR - BUR (supported by A MAR)".
std::string strength_words(const ExplainedStrength& s) {
    std::string out = s.strength + " " + std::to_string(s.value);
    if (s.strength == "attack" || s.strength == "prevent")
        out += " from " + move_words(s.unit, s.to);
    else if (s.strength == "defend")
        out += " of " + move_words(s.unit, s.to) + " head to head";
    else
        out += " of " + unit_words(s.unit);
    if (s.zero == "no route")
        out += " (it had no route)";
    else if (s.zero == "lost head to head")
        out += " (it lost its head-to-head battle)";
    else if (s.zero == "own unit")
        out += " (a unit is never dislodged by its own power)";
    else
        out += strength_detail(s);
    if (s.dislodged)
        out +=
            ", though dislodged: a unit not beaten head to head by the move it stands off "
            "keeps its prevent strength";
    return out;
}

// The units' words, "F NTH, F ENG".
std::string unit_list(const std::vector<ExplainedUnit>& fleets) {
    std::vector<std::string> words;
    for (const ExplainedUnit& fleet : fleets) words.push_back(unit_words(fleet));
    return join(words, ", ");
}

bool has_rule(const ExplainedOrder& e, std::string_view rule) {
    return std::find(e.rules.begin(), e.rules.end(), rule) != e.rules.end();
}

// "hold 1 (...) against attack 2 from A PAR - BUR (...), attack 2 from ...".
std::string held_words(const std::vector<ExplainedStrength>& held) {
    std::vector<std::string> attacks;
    for (std::size_t k = 1; k < held.size(); ++k) attacks.push_back(strength_words(held[k]));
    return "hold " + std::to_string(held.front().value) + strength_detail(held.front()) +
           " against " + join(attacks, ", ");
}

// The rules that kept a unit in place, after its hold.
std::string held_rules(const ExplainedOrder& e) {
    if (has_rule(e, "beleaguered garrison"))
        return "; the attacks that beat its hold stood each other off (beleaguered garrison)";
    return "";
}

// A unit that stayed where it was: dislodged or not, its hold against the attacks on it.
// Empty when nobody attacked it.
// "was dislodged by X: hold ..." or "<stayed>: hold ...".
std::string held_clause(const ExplainedOrder& e, std::string_view stayed) {
    if (e.held.empty()) return "";
    const std::string out =
        e.dislodged_by ? "was dislodged by " + unit_words(*e.dislodged_by) : std::string(stayed);
    return out + ": " + held_words(e.held) + held_rules(e);
}

std::string sea_clause(const ExplainedOrder& e, bool succeeded) {
    if (e.sea == "own fleet")
        return succeeded ? "; it went by sea, as a fleet of its own power was ordered to convoy it"
                         : "; it was to go by sea, as a fleet of its own power was ordered to "
                           "convoy it, with no fallback over land";
    if (e.sea == "via convoy" && !succeeded && e.route != "by convoy")
        return "; its order said via convoy, so there was no fallback over land";
    if (e.sea == "foreign fleet")
        return std::string(succeeded ? "; it went" : "; it tried") +
               " over land, as only another power's fleet was ordered to convoy it";
    return "";
}

std::string move_sentence(const ExplainedOrder& e, std::string_view order, bool succeeded) {
    std::string out(order);
    out += succeeded ? " succeeded" : " failed";
    if (e.strengths.empty()) return out + ".";
    out += ": ";
    if (e.route == "by convoy") out += "by convoy through " + unit_list(e.fleets) + ", ";
    const ExplainedStrength& attack = e.strengths.front();
    if (attack.zero == "no route") {
        if (e.route == "convoy disrupted")
            out += "no convoy route, as " + unit_list(e.disrupted) +
                   (has_rule(e, "convoy paradox")
                        ? " failed by the Szykman rule (a convoy paradox)"
                        : (e.disrupted.size() == 1 ? " was" : " were") + std::string(" dislodged"));
        else if (e.route == "no convoy route")
            out += "no fleet was ordered to convoy it";
        else if (e.route == "no chain")
            out += "its convoying fleets formed no chain to its destination";
        else
            out += "it had no route (a canal did not let it through)";
    } else {
        out += "attack " + std::to_string(attack.value) +
               (attack.zero == "own unit" ? " (a unit is never dislodged by its own power)"
                                          : strength_detail(attack));
        std::vector<std::string> against;
        bool dislodges = false;
        std::string head_to_head;
        std::string moved_out;
        for (std::size_t k = 1; k < e.strengths.size(); ++k) {
            const ExplainedStrength& s = e.strengths[k];
            if (s.strength == "hold" && s.zero == "moved away") {
                moved_out = unit_words(s.unit);
                continue;
            }
            if (s.strength == "hold" || s.strength == "defend") dislodges = succeeded;
            if (s.strength == "defend" && attack.value < s.value)
                head_to_head = "; it lost the head-to-head battle";
            else if (s.strength == "defend" && attack.value == s.value)
                head_to_head = "; neither won the head-to-head battle";
            against.push_back(strength_words(s));
        }
        out += against.empty() ? ", unopposed" : " against " + join(against, ", ");
        if (!moved_out.empty()) out += "; " + moved_out + " moved out";
        out += head_to_head;
        if (dislodges) out += "; it dislodged the unit there";
    }
    out += sea_clause(e, succeeded);
    if (has_rule(e, "circular movement")) out += "; a circle of moves, which all succeed";
    // Where it stayed: said when it was dislodged or an attack on it had any strength.
    const bool attacked = std::any_of(e.held.begin() + (e.held.empty() ? 0 : 1), e.held.end(),
                                      [](const ExplainedStrength& s) { return s.value > 0; });
    if (!succeeded && (attacked || e.dislodged_by)) {
        if (const std::string held = held_clause(e, "stayed"); !held.empty())
            out += "; it " + held;
        else
            out += "; it was dislodged by " + unit_words(*e.dislodged_by);
    }
    return out + ".";
}

// What became of a support or a convoy, before what became of its unit.
std::string fate_words(const ExplainedOrder& e, bool succeeded) {
    if (e.void_target) {
        std::string out = " was void: " + unit_words(*e.void_target);
        if (e.void_why == "moved") return out + " was ordered to move, not to hold";
        if (e.void_why == "went over land") return out + " went over land";
        return out + " was not ordered to that move";
    }
    if (e.kind == "support") {
        if (succeeded) {
            if (has_rule(e, "not cut from its target"))
                return " was given (an attack from the province it supports into does not cut it)";
            if (has_rule(e, "not cut by its own power"))
                return " was given (an attack by its own power does not cut it)";
            return " was given";
        }
        if (e.cut_by) return " was cut by " + unit_words(*e.cut_by);
        if (e.dislodged_by) return " was lost";
        return " was not given: the canal did not let it through";
    }
    if (has_rule(e, "convoy paradox")) return " failed by the Szykman rule (a convoy paradox)";
    if (e.dislodged_by) return " failed";
    return " convoyed";
}

std::string staying_sentence(const ExplainedOrder& e, std::string_view order, bool succeeded) {
    std::string out(order);
    const std::string held = held_clause(e, "held");
    if (e.kind == "support" || e.kind == "convoy") {
        out += fate_words(e, succeeded);
        if (!held.empty()) out += "; its unit " + held;
        return out + ".";
    }
    if (held.empty()) return out + " held; nothing attacked it.";
    return out + " " + held + ".";
}

nlohmann::json unit_to_json(const ExplainedUnit& unit) {
    return nlohmann::json{{"power", unit.power}, {"unit", unit.unit}};
}

}  // namespace

std::optional<ExplainedOrder> explained_order(const Variant& variant, const OrderResult& result) {
    const Explanation& e = result.explanation;
    if (!e.made) return std::nullopt;
    auto strengths = [&](const std::vector<StrengthTally>& tallies) {
        std::vector<ExplainedStrength> out;
        for (const StrengthTally& tally : tallies) {
            ExplainedStrength s;
            s.strength = word(tally.kind, kStrengthWords);
            s.unit = named(variant, tally.unit);
            if (tally.destination.valid()) s.to = variant.location_text(tally.destination);
            s.value = tally.value;
            s.own = tally.own;
            s.aid = tally.aid;
            s.zero = word(tally.zero, kZeroWords);
            s.dislodged = tally.dislodged;
            for (const StrengthPart& part : tally.parts)
                s.parts.push_back(
                    ExplainedPart{std::string(part.module), part.points, part.attack_only});
            for (const SupportTally& support : tally.supports)
                s.supports.push_back(ExplainedSupport{named(variant, support.supporter),
                                                      std::string(word(support.count, kCountWords)),
                                                      named(variant, support.by)});
            out.push_back(std::move(s));
        }
        return out;
    };
    ExplainedOrder out;
    out.kind = kind_word(result.order.type);
    out.strengths = strengths(e.strengths);
    out.held = strengths(e.held);
    for (const DecidingRule rule : e.rules) out.rules.emplace_back(word(rule, kRuleWords));
    out.cut_by = named(variant, e.cut_by);
    out.dislodged_by = named(variant, e.dislodged_by);
    out.void_target = named(variant, e.void_target);
    out.void_why = word(e.void_why, kVoidWords);
    out.sea = word(e.sea, kSeaWords);
    out.route = word(e.route_why, kRouteWords);
    for (const NamedUnit& unit : e.clashed) out.clashed.push_back(named(variant, unit));
    for (const NamedUnit& fleet : e.route) out.fleets.push_back(named(variant, fleet));
    for (const NamedUnit& fleet : e.disrupted) out.disrupted.push_back(named(variant, fleet));
    out.text = explanation_text(out, result.order.text(variant), result.succeeded);
    return out;
}

std::string explanation_text(const ExplainedOrder& explained, std::string_view order,
                             bool succeeded) {
    if (explained.kind == "move") return move_sentence(explained, order, succeeded);
    if (explained.kind == "rail move")
        return std::string(order) + (succeeded ? " succeeded." : " failed.");
    if (explained.kind == "retreat") {
        if (succeeded) return std::string(order) + " succeeded: no other unit retreated there.";
        if (explained.clashed.empty()) return std::string(order) + " failed.";
        return std::string(order) + " failed: " + unit_list(explained.clashed) +
               " retreated there too, and units that retreat to one place are all disbanded.";
    }
    if (explained.kind == "disband") return std::string(order) + ": the unit is disbanded.";
    return staying_sentence(explained, order, succeeded);
}

namespace {

nlohmann::json strengths_json(const std::vector<ExplainedStrength>& strengths) {
    nlohmann::json list = nlohmann::json::array();
    for (const ExplainedStrength& s : strengths) {
        nlohmann::json entry = unit_to_json(s.unit);
        entry["strength"] = s.strength;
        if (!s.to.empty()) entry["to"] = s.to;
        entry["value"] = s.value;
        entry["own"] = s.own;
        if (s.aid != 0) entry["aid"] = s.aid;
        if (!s.zero.empty()) entry["zero"] = s.zero;
        if (s.dislodged) entry["dislodged"] = true;
        if (!s.parts.empty()) {
            nlohmann::json parts = nlohmann::json::array();
            for (const ExplainedPart& part : s.parts) {
                nlohmann::json item = {{"module", part.module}, {"points", part.points}};
                if (part.attack_only) item["attack"] = true;
                parts.push_back(std::move(item));
            }
            entry["parts"] = std::move(parts);
        }
        if (!s.supports.empty()) {
            nlohmann::json supports = nlohmann::json::array();
            for (const ExplainedSupport& support : s.supports) {
                nlohmann::json item = unit_to_json(support.supporter);
                item["count"] = support.count;
                if (support.by) item["by"] = unit_to_json(*support.by);
                supports.push_back(std::move(item));
            }
            entry["supports"] = std::move(supports);
        }
        list.push_back(std::move(entry));
    }
    return list;
}

nlohmann::json units_json(const std::vector<ExplainedUnit>& units) {
    nlohmann::json list = nlohmann::json::array();
    for (const ExplainedUnit& unit : units) list.push_back(unit_to_json(unit));
    return list;
}

// Reads an explanation only in the form to_json() writes: a key it does not write, a value of
// another type, or an empty value where it writes none makes the whole explanation unread (the
// caller keeps it as its text, so it renders back the same).
class ExplanationReader {
  public:
    bool ok = true;

    void only(const nlohmann::json& object, std::initializer_list<const char*> keys) {
        if (!object.is_object()) {
            ok = false;
            return;
        }
        std::size_t known = 0;
        for (const char* key : keys) known += object.contains(key) ? 1 : 0;
        ok = ok && known == object.size();
    }
    // A string or a number, written only when not empty or 0 (or always, when `required`).
    template <typename T>
    void value(const nlohmann::json& object, const char* key, T& out, bool required) {
        const auto it = object.find(key);
        if (it == object.end()) {
            ok = ok && !required;
            return;
        }
        const bool of_type =
            std::is_same_v<T, std::string> ? it->is_string() : it->is_number_integer();
        if (!of_type) {
            ok = false;
            return;
        }
        out = it->get<T>();
        ok = ok && (out != T{} || required);
    }
    // {"power", "unit"} as unit_to_json() writes it, or those keys of a larger object.
    ExplainedUnit unit(const nlohmann::json& object) {
        ExplainedUnit unit;
        value(object, "power", unit.power, true);
        value(object, "unit", unit.unit, true);
        return unit;
    }
    void unit(const nlohmann::json& object, const char* key, std::optional<ExplainedUnit>& out) {
        const auto it = object.find(key);
        if (it == object.end()) return;
        only(*it, {"power", "unit"});
        if (ok) out = unit(*it);
    }
    void units(const nlohmann::json& object, const char* key, std::vector<ExplainedUnit>& out) {
        const auto it = object.find(key);
        if (it == object.end()) return;
        if (!it->is_array() || it->empty()) {
            ok = false;
            return;
        }
        for (const nlohmann::json& item : *it) {
            only(item, {"power", "unit"});
            if (!ok) return;
            out.push_back(unit(item));
        }
    }
    void strengths(const nlohmann::json& object, const char* key,
                   std::vector<ExplainedStrength>& out) {
        const auto it = object.find(key);
        if (it == object.end()) return;
        if (!it->is_array() || it->empty()) {
            ok = false;
            return;
        }
        for (const nlohmann::json& item : *it) {
            only(item, {"power", "unit", "strength", "to", "value", "own", "aid", "zero",
                        "dislodged", "parts", "supports"});
            if (!ok) return;
            ExplainedStrength s;
            s.unit = unit(item);
            value(item, "strength", s.strength, true);
            value(item, "to", s.to, false);
            value(item, "value", s.value, true);
            value(item, "own", s.own, true);
            value(item, "aid", s.aid, false);
            value(item, "zero", s.zero, false);
            if (const auto d = item.find("dislodged"); d != item.end()) {
                ok = ok && d->is_boolean() && d->get<bool>();
                s.dislodged = true;
            }
            if (const auto list = item.find("parts"); list != item.end()) {
                if (!list->is_array() || list->empty()) {
                    ok = false;
                    return;
                }
                for (const nlohmann::json& entry : *list) {
                    only(entry, {"module", "points", "attack"});
                    if (!ok) return;
                    ExplainedPart part;
                    value(entry, "module", part.module, true);
                    value(entry, "points", part.points, true);
                    ok = ok && !part.module.empty() && part.points != 0;
                    if (const auto a = entry.find("attack"); a != entry.end()) {
                        ok = ok && a->is_boolean() && a->get<bool>();
                        part.attack_only = true;
                    }
                    s.parts.push_back(std::move(part));
                }
            }
            if (const auto list = item.find("supports"); list != item.end()) {
                if (!list->is_array() || list->empty()) {
                    ok = false;
                    return;
                }
                for (const nlohmann::json& entry : *list) {
                    only(entry, {"power", "unit", "count", "by"});
                    if (!ok) return;
                    ExplainedSupport support;
                    support.supporter = unit(entry);
                    value(entry, "count", support.count, true);
                    unit(entry, "by", support.by);
                    s.supports.push_back(std::move(support));
                }
            }
            out.push_back(std::move(s));
        }
    }
};

}  // namespace

void to_json(nlohmann::json& json, const ExplainedOrder& e) {
    json = nlohmann::json::object();
    json["kind"] = e.kind;
    json["text"] = e.text;
    if (!e.strengths.empty()) json["strengths"] = strengths_json(e.strengths);
    if (!e.held.empty()) json["held"] = strengths_json(e.held);
    if (!e.rules.empty()) json["rules"] = e.rules;
    if (e.cut_by) json["cut_by"] = unit_to_json(*e.cut_by);
    if (e.dislodged_by) json["dislodged_by"] = unit_to_json(*e.dislodged_by);
    if (e.void_target) json["void_target"] = unit_to_json(*e.void_target);
    if (!e.void_why.empty()) json["void"] = e.void_why;
    if (!e.sea.empty()) json["sea"] = e.sea;
    if (!e.route.empty()) json["route"] = e.route;
    if (!e.clashed.empty()) json["clashed"] = units_json(e.clashed);
    if (!e.fleets.empty()) json["fleets"] = units_json(e.fleets);
    if (!e.disrupted.empty()) json["disrupted"] = units_json(e.disrupted);
}

std::optional<ExplainedOrder> explained_order_from_json(const nlohmann::json& json) {
    ExplanationReader read;
    read.only(json, {"kind", "text", "strengths", "held", "rules", "cut_by", "dislodged_by",
                     "void_target", "void", "sea", "route", "clashed", "fleets", "disrupted"});
    if (!read.ok) return std::nullopt;
    ExplainedOrder e;
    read.value(json, "kind", e.kind, true);
    read.ok = read.ok && !e.kind.empty();
    read.value(json, "text", e.text, true);
    read.strengths(json, "strengths", e.strengths);
    read.strengths(json, "held", e.held);
    if (const auto rules = json.find("rules"); rules != json.end()) {
        read.ok = read.ok && rules->is_array() && !rules->empty();
        if (read.ok)
            for (const nlohmann::json& rule : *rules) {
                read.ok = read.ok && rule.is_string() && !rule.get<std::string>().empty();
                if (read.ok) e.rules.push_back(rule.get<std::string>());
            }
    }
    read.unit(json, "cut_by", e.cut_by);
    read.unit(json, "dislodged_by", e.dislodged_by);
    read.unit(json, "void_target", e.void_target);
    read.value(json, "void", e.void_why, false);
    read.value(json, "sea", e.sea, false);
    read.value(json, "route", e.route, false);
    read.units(json, "clashed", e.clashed);
    read.units(json, "fleets", e.fleets);
    read.units(json, "disrupted", e.disrupted);
    if (!read.ok) return std::nullopt;
    return e;
}

}  // namespace adjutant
