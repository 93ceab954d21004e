// SPDX-License-Identifier: Apache-2.0
#include "service/week_summary.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <vector>

#include "rules/rail/parameters.h"
#include "variant/campaign.h"

namespace adjutant::service {

namespace {

using json = nlohmann::json;

const json& section(const json& document, const char* key) {
    static const json empty = json::object();
    return document.is_object() && document.contains(key) && document[key].is_object()
               ? document[key]
               : empty;
}

const json& list_of(const json& object, const std::string& key) {
    static const json empty = json::array();
    return object.contains(key) && object[key].is_array() ? object[key] : empty;
}

std::string province_of(const std::string& unit) {
    const auto space = unit.find(' ');
    const std::string location = space == std::string::npos ? unit : unit.substr(space + 1);
    return location.substr(0, location.find('/'));
}

// The week's events of one power in one province, in the order they ran.
std::vector<const json*> events_at(const json& events, const std::string& power,
                                   const std::string& province) {
    std::vector<const json*> out;
    for (const auto& e : events)
        if (e.value("power", "") == power && e.value("province", "") == province) out.push_back(&e);
    return out;
}

const json* first_of_kind(const std::vector<const json*>& events, std::string_view kind) {
    for (const json* e : events)
        if (e->value("kind", "").rfind(kind, 0) == 0) return e;
    return nullptr;
}

// The number just before `marker` in `text` ("for 113 of" -> 113), or -1.
long long number_before(const std::string& text, const std::string& marker) {
    const auto at = text.find(marker);
    if (at == std::string::npos || at == 0) return -1;
    auto start = at;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(text[start - 1]))) --start;
    return start == at ? -1 : std::atoll(text.substr(start, at - start).c_str());
}

// Why an army that starved this week had nothing: its line, its trains, its LOC.
std::string starving_reason(const json* unit, const std::vector<const json*>& here,
                            const json& trains) {
    if (first_of_kind(here, "supply.cut"))
        return "its supply line is cut: no road to a friendly base";
    if (!unit || list_of(*unit, "supply_line").empty()) return "no supply line to a friendly base";
    const auto line = list_of(*unit, "supply_line");
    const std::string base = line.back().get<std::string>();
    const auto id = unit->value("id", 0);
    for (const auto& t : trains)
        if (t.value("target", 0) == id && id != 0)
            return "a train from " + t.value("base", base) + " is on its way (now at " +
                   t.value("at", "?") + ")";
    // Whether the base had a train to send tells the GM whose move it was: the player's (a
    // train stood idle) or the treasury's (none left to send).
    int idle = 0;
    for (const auto& t : trains)
        if (t.value("at", "") == base && t.value("target", 0) == 0 && !t.value("returning", false))
            idle += t.value("count", 1);
    const std::string in_base =
        idle == 0 ? "no train in " + base + " to send"
                  : "no train was sent (" + std::to_string(idle) + " idle in " + base + ")";
    const std::string roads =
        std::to_string(line.size() - 1) + (line.size() == 2 ? " road" : " roads");
    if (line.size() == 1) return in_base + "; it stands in its base";
    if (unit->value("supply_extended", false))
        return in_base + "; its line to " + base + " (" + roads + ") is Extended";
    return in_base + "; its line runs to " + base + " (" + roads + ")";
}

std::string siege_stage(const json& siege) {
    static const char* const kLines[] = {"outer defences", "inner defences", "citadel"};
    const int weeks = siege.value("weeks", 0);
    if (weeks < 2) return "laying siege, week " + std::to_string(weeks) + " of 2";
    const int line = std::clamp(siege.value("line", 0), 0, 2);
    std::string stage;
    if (siege.value("breached", false))
        stage = std::string("the ") + kLines[line] + " breached";
    else if (siege.value("breach_weeks", 0) > 0)
        stage = std::string("breaching the ") + kLines[line] + ", " +
                std::to_string(siege.value("breach_weeks", 0)) + " of " +
                std::to_string(siege.value("breach_needed", 0)) + " weeks";
    else
        stage = std::string("laid, before the ") + kLines[line];
    if (const int assaults = siege.value("assaults", 0); assaults > 0)
        stage += ", " + std::to_string(assaults) + (assaults == 1 ? " assault" : " assaults");
    if (siege.value("abandoning", false)) stage += ", being abandoned";
    if (siege.value("sick", false)) stage += ", disease in the camp";
    return stage;
}

std::string garrison_power(const json& next, const std::string& province) {
    for (const auto& [power, garrisons] : section(next, "garrisons").items())
        for (const auto& g : garrisons)
            if (g.value("province", "") == province) return power;
    return {};
}

// The power's group: supply, Extended, sieges it lays, rail.
// The power's armies and their supply: how many are supplied, which starve or have none left
// and why, which draw Extended supply.
void add_supply(json& group, const std::string& power, const json& next, const json& events) {
    const json units = section(next, "units").value(power, json::array());
    const json trains = section(next, "trains").value(power, json::array());
    int armies = 0, supplied = 0;
    std::map<std::string, const json*> by_province;
    json extended = json::array(), empty_now = json::array();
    for (const auto& u : units) {
        if (!u.is_object()) continue;
        const std::string name = u.value("unit", "");
        by_province[province_of(name)] = &u;
        if (name.rfind("A ", 0) != 0) continue;
        ++armies;
        if (u.value("supply", 0) > 0) ++supplied;
        const auto here = events_at(events, power, province_of(name));
        if (u.value("supply_extended", false)) {
            const json* why = first_of_kind(here, "loc.");
            extended.push_back({{"unit", name}, {"why", why ? why->value("text", "") : ""}});
        }
        if (u.value("supply", 0) == 0 && !first_of_kind(here, "supply.attrition"))
            empty_now.push_back({{"unit", name}, {"why", starving_reason(&u, here, trains)}});
    }
    json starving = json::array();
    for (const auto& e : events) {
        if (e.value("power", "") != power || e.value("kind", "") != "supply.attrition") continue;
        const std::string province = e.value("province", "");
        const auto found = by_province.find(province);
        const json* unit = found == by_province.end() ? nullptr : found->second;
        // A unit that melted away is no longer in the position: its name opens the event.
        const std::string text = e.value("text", "");
        const std::string gone = text.substr(0, text.find(' ', text.find(' ') + 1));
        starving.push_back(
            {{"unit", unit ? unit->value("unit", "") : gone},
             {"loss", e.value("text", "")},
             {"why", starving_reason(unit, events_at(events, power, province), trains)}});
    }
    group["armies"] = armies;
    group["supplied"] = supplied;
    group["out_of_supply"] = std::move(starving);
    group["no_supply_left"] = std::move(empty_now);
    group["extended"] = std::move(extended);
}

// The power's sieges, those still laid and those that ended this week.
json sieges_of(const std::string& power, const json& next, const json& events) {
    json sieges = json::array();
    for (const auto& siege : section(next, "sieges").value(power, json::array())) {
        const std::string fortress = siege.value("province", "");
        sieges.push_back({{"fortress", fortress},
                          {"besieger", power},
                          {"garrison", garrison_power(next, fortress)},
                          {"stage", siege_stage(siege)}});
    }
    // Sieges that ended this week leave the position; their events say how.
    for (const auto& e : events)
        if (e.value("power", "") == power &&
            (e.value("kind", "") == "siege.fell" || e.value("kind", "") == "siege.lifted" ||
             e.value("kind", "") == "siege.raised"))
            sieges.push_back({{"fortress", e.value("province", "")},
                              {"besieger", power},
                              {"stage", e.value("text", "")}});
    return sieges;
}

// The power's rail capacity and what its rides used of it.
json rail_use(const Variant& v, PowerId p, const json& events) {
    const std::string& power = v.powers[p].name;
    long long used = 0;
    int rides = 0, refused = 0;
    for (const auto& e : events) {
        if (e.value("power", "") != power) continue;
        if (e.value("kind", "") == "rail.ride") {
            ++rides;
            used += std::max(0LL, number_before(e.value("text", ""), " of " + power + "'s rail"));
        } else if (e.value("kind", "") == "rail.over_capacity") {
            ++refused;
        }
    }
    const auto& capacity = rail::parameters(v).rail_capacity;
    return {{"capacity", p < capacity.size() ? capacity[p] : 0},
            {"used", used},
            {"rides", rides},
            {"refused", refused}};
}

json power_group(const Variant& v, PowerId p, const json& results) {
    const std::string& power = v.powers[p].name;
    const json& next = results["next"];
    const json& events = list_of(results, "events");
    json group = {{"power", power}};
    add_supply(group, power, next, events);
    group["sieges"] = sieges_of(power, next, events);
    if (v.campaign && v.campaign->modules.enabled("rail_network"))
        group["rail"] = rail_use(v, p, events);
    return group;
}

}  // namespace

json week_summary(const Variant& variant, const json& results, std::string_view power) {
    json out = {{"phase", results.value("phase", "")}, {"powers", json::array()}};
    if (!variant.campaign || !results.is_object() || !results.contains("next")) return out;
    for (std::size_t p = 0; p < variant.powers.size(); ++p) {
        const std::string& name = variant.powers[p].name;
        if (!power.empty() && name != power) continue;
        out["powers"].push_back(power_group(variant, static_cast<PowerId>(p), results));
    }
    if (power.empty()) return out;
    // A player also sees the sieges laid to its own fortresses: its garrisons are in them.
    json against = json::array();
    for (const auto& [besieger, sieges] : section(results["next"], "sieges").items())
        for (const auto& siege : sieges)
            if (besieger != power &&
                garrison_power(results["next"], siege.value("province", "")) == power)
                against.push_back({{"fortress", siege.value("province", "")},
                                   {"besieger", besieger},
                                   {"garrison", std::string(power)},
                                   {"stage", siege_stage(siege)}});
    if (!out["powers"].empty()) out["powers"][0]["besieged"] = std::move(against);
    return out;
}

std::string week_summary_text(const json& summary) {
    std::string text;
    for (const auto& g : list_of(summary, "powers")) {
        text += g.value("power", "") + ": " + std::to_string(g.value("supplied", 0)) + " of " +
                std::to_string(g.value("armies", 0)) + " armies supplied";
        if (g.contains("rail"))
            text += "; rail " + std::to_string(g["rail"].value("used", 0LL)) + " of " +
                    std::to_string(g["rail"].value("capacity", 0LL)) + " used (" +
                    std::to_string(g["rail"].value("rides", 0)) + " rides" +
                    (g["rail"].value("refused", 0) > 0
                         ? ", " + std::to_string(g["rail"].value("refused", 0)) + " refused"
                         : std::string()) +
                    ")";
        text += "\n";
        for (const auto& s : list_of(g, "out_of_supply"))
            text += "  out of supply: " + s.value("unit", "") + ": " + s.value("why", "") + " (" +
                    s.value("loss", "") + ")\n";
        for (const auto& s : list_of(g, "no_supply_left"))
            text += "  no supply left: " + s.value("unit", "") + ": " + s.value("why", "") + "\n";
        for (const auto& s : list_of(g, "extended"))
            text += "  Extended: " + s.value("unit", "") + ": " + s.value("why", "") + "\n";
        for (const auto& s : list_of(g, "sieges"))
            text += "  siege of " + s.value("fortress", "") +
                    (s.value("garrison", "").empty() ? "" : " (" + s.value("garrison", "") + ")") +
                    ": " + s.value("stage", "") + "\n";
        for (const auto& s : list_of(g, "besieged"))
            text += "  besieged by " + s.value("besieger", "") + ": " + s.value("fortress", "") +
                    ": " + s.value("stage", "") + "\n";
    }
    return text;
}

}  // namespace adjutant::service
