// SPDX-License-Identifier: Apache-2.0
#include "position/position_check.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

std::string count_text(std::size_t n, const char* what) {
    return std::to_string(n) + " " + what;
}

std::string table_size_error(const char* name, std::size_t size, std::size_t want,
                             const char* entries, const char* of) {
    if (size == 0 || size == want) return "";
    return std::string(name) + " has " + count_text(size, entries) + " for " + count_text(want, of);
}

std::string normal_form_error(const char* name, bool same) {
    return same ? "" : std::string(name) + " not in normal form (sorted, no repeats)";
}

std::string one_per_province(const Variant& v, const std::vector<ProvinceId>& provinces,
                             const char* kind) {
    std::vector<std::uint8_t> seen(v.province_count(), 0);
    for (const ProvinceId p : provinces) {
        if (p >= seen.size())
            return std::string(kind) + " on unknown province " + std::to_string(p);
        if (seen[p]++ != 0) return std::string("two ") + kind + "s in " + v.provinces[p].abbr;
    }
    return "";
}

namespace {

// Empty when `unit` stands on a known province where its type may stand, for a known power.
std::string unit_error(const Variant& v, const Unit& unit, const char* kind) {
    if (unit.location.province >= v.province_count())
        return std::string(kind) + " on unknown province " + std::to_string(unit.location.province);
    const std::string where = v.location_text(unit.location);
    if (unit.power >= v.powers.size()) return std::string(kind) + " in " + where + " has no power";
    if (!v.can_stand(unit.type, unit.location))
        return std::string(kind) + " in " + where + " cannot stand there";
    return "";
}

template <typename Items, typename ProvinceOf>
std::vector<ProvinceId> provinces_of(const Items& items, ProvinceOf province) {
    std::vector<ProvinceId> out;
    out.reserve(items.size());
    for (const auto& item : items) out.push_back(province(item));
    return out;
}

std::string units_error(const Variant& v, const Position& pos) {
    for (const Unit& u : pos.units)
        if (std::string e = unit_error(v, u, "unit"); !e.empty()) return e;
    for (const DislodgedUnit& d : pos.dislodged)
        if (std::string e = unit_error(v, d.unit, "dislodged unit"); !e.empty()) return e;
    if (std::string e = one_per_province(
            v, provinces_of(pos.units, [](const Unit& u) { return u.location.province; }), "unit");
        !e.empty())
        return e;
    if (std::string e = one_per_province(
            v,
            provinces_of(pos.dislodged,
                         [](const DislodgedUnit& d) { return d.unit.location.province; }),
            "dislodged unit");
        !e.empty())
        return e;
    if (!pos.dislodged.empty() && pos.phase.kind != PhaseKind::Retreat)
        return "dislodged units in " + pos.phase.code() + ", which is no retreat phase";
    return "";
}

std::string owner_error(const Variant& v, const Position& pos) {
    if (pos.owner.size() != v.province_count())
        return "owner has " + count_text(pos.owner.size(), "entries") + " for " +
               count_text(v.province_count(), "provinces");
    for (std::size_t p = 0; p < pos.owner.size(); ++p) {
        if (pos.owner[p] == kNoPower) continue;
        if (pos.owner[p] >= v.powers.size())
            return v.provinces[p].abbr + " is owned by unknown power " +
                   std::to_string(pos.owner[p]);
        if (!v.provinces[p].supply_center)
            return v.provinces[p].abbr + " is owned but is no supply centre";
    }
    return "";
}

// Every core list as Position::normalise() leaves it: comparing with a normalised copy keeps
// one definition of each list's order. The modules check theirs.
std::string core_normal_form_error(const Position& pos) {
    Position normal = pos;
    normal.normalise();
    if (std::string e = normal_form_error("units", normal.units == pos.units); !e.empty()) return e;
    if (std::string e = normal_form_error("dislodged", normal.dislodged == pos.dislodged);
        !e.empty())
        return e;
    if (std::string e = normal_form_error("standoffs", normal.standoffs == pos.standoffs);
        !e.empty())
        return e;
    for (const DislodgedUnit& d : pos.dislodged)
        if (!std::is_sorted(d.retreats.begin(), d.retreats.end()) ||
            std::adjacent_find(d.retreats.begin(), d.retreats.end()) != d.retreats.end())
            return "retreats not sorted";
    return "";
}

}  // namespace

std::string position_is_ok(const Variant& variant, const Position& position) {
    // Sizes and ranges first: the later checks index the variant's arrays with them.
    for (auto check : {owner_error, units_error})
        if (std::string e = check(variant, position); !e.empty()) return e;
    for (const RuleModule* m : rule_modules())
        if (m->check_position != nullptr)
            if (std::string e = m->check_position(variant, position); !e.empty()) return e;
    return core_normal_form_error(position);
}

}  // namespace adjutant
