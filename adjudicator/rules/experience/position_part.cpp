// SPDX-License-Identifier: Apache-2.0
// The experience module's part of the position document (docs/positions.md): by power, each
// army that is not trained throughout, by its id, with its points of each other class. The
// army's trained points are the rest of its points.
//
//   "experience": {"Germany": [{"army": 3, "elite": 250}],
//                  "Britain": [{"army": 9, "veteran": 200, "raw": 40}]}
#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/experience/experience.h"
#include "rules/experience/parameters.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::experience {

namespace {

using nlohmann::json;

constexpr std::string_view kRecordedKeys[] = {"elite", "veteran", "raw"};

void read_army(PositionReader& r, PowerId power, const json& item, const std::string& at) {
    JsonChecker& check = r.check();
    if (!check.expect(item, at, JsonKind::Object)) return;
    check.only_fields(item, at, {"army", "elite", "veteran", "raw"});
    ArmyClasses a;
    a.power = power;
    a.army = r.integer<std::uint32_t>(item, at, "army");
    if (a.army == 0) check.error(json_child(at, "army"), "names an army by its id");
    for (std::string_view key : kRecordedKeys)
        *a.slot(*class_named(key)) = r.integer<std::int64_t>(item, at, key);
    if (a.army == 0) return;
    ExperienceState& s = state(r.position());
    if (s.of(power, a.army) != nullptr)
        check.error(at, "two records for " + r.variant().powers[power].name + "'s army " +
                            std::to_string(a.army));
    s.armies.push_back(a);
}

}  // namespace

const std::string_view kPositionKeys[1] = {"experience"};

void read_position(PositionReader& r, const json& doc) {
    r.for_each_power(doc, "experience", [&](PowerId p, const json& item, const std::string& at) {
        read_army(r, p, item, at);
    });
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    if (state(position).empty()) return;
    json out = json::object();
    for (const ArmyClasses& a : state(position).armies) {
        json entry = {{"army", a.army}};
        for (std::string_view key : kRecordedKeys)
            if (const std::int64_t points = a.of(*class_named(key)); points != 0)
                entry[std::string(key)] = points;
        out[variant.powers[a.power].name].push_back(std::move(entry));
    }
    doc["experience"] = std::move(out);
}

// Every record is an army's, no more than its points; no power has more elite points than it
// started with (4d).
std::string check_position(const Variant& variant, const Position& position) {
    const ExperienceState& s = state(position);
    for (const ArmyClasses& a : s.armies) {
        if (a.power >= variant.powers.size()) return "a record of experience names no power";
        const std::string whose =
            variant.powers[a.power].name + "'s army " + std::to_string(a.army);
        // An army disbanded in a retreat phase, which runs no module's step, keeps its record
        // until the week's end drops it (week.cpp): a record may name an army gone.
        const Unit* u = find_army(position, a.power, a.army);
        if (u == nullptr) continue;
        if (u->type != UnitType::Army)
            return "experience is recorded for " + whose + ", which is not an army";
        if (a.recorded() > u->stats.points)
            return whose + " (" + unit_text(variant, *u) + ") has " + std::to_string(a.recorded()) +
                   " points of elite, veteran and raw troops and " +
                   std::to_string(u->stats.points) + " points in all";
    }
    if (variant.campaign && variant.campaign->modules.enabled("experience"))
        for (std::size_t i = 0; i < variant.powers.size(); ++i) {
            const auto p = static_cast<PowerId>(i);
            if (s.elite_of(p) > experience::parameters(variant).starting_elite(p))
                return variant.powers[p].name + " has " + std::to_string(s.elite_of(p)) +
                       " points of guards, more than the " +
                       std::to_string(experience::parameters(variant).starting_elite(p)) +
                       " it started with";
        }
    Position normal = position;
    normal.normalise();
    return normal_form_error("experience", state(normal) == s);
}

}  // namespace adjutant::experience
