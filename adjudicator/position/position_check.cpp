// SPDX-License-Identifier: Apache-2.0
#include "position/position_check.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "variant/variant.h"

namespace adjutant {

namespace {

std::string count_text(std::size_t n, const char* what) {
    return std::to_string(n) + " " + what;
}

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

// Empty when every item's province is known and no two share one; `kind` names the item.
template <typename Items, typename ProvinceOf>
std::string one_per_province(const Variant& v, const Items& items, ProvinceOf province,
                             const char* kind) {
    std::vector<std::uint8_t> seen(v.province_count(), 0);
    for (const auto& item : items) {
        const ProvinceId p = province(item);
        if (p >= seen.size())
            return std::string(kind) + " on unknown province " + std::to_string(p);
        if (seen[p]++ != 0) return std::string("two ") + kind + "s in " + v.provinces[p].abbr;
    }
    return "";
}

std::string units_error(const Variant& v, const Position& pos) {
    for (const Unit& u : pos.units)
        if (std::string e = unit_error(v, u, "unit"); !e.empty()) return e;
    for (const DislodgedUnit& d : pos.dislodged)
        if (std::string e = unit_error(v, d.unit, "dislodged unit"); !e.empty()) return e;
    if (std::string e = one_per_province(
            v, pos.units, [](const Unit& u) { return u.location.province; }, "unit");
        !e.empty())
        return e;
    if (std::string e = one_per_province(
            v, pos.dislodged, [](const DislodgedUnit& d) { return d.unit.location.province; },
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

// The campaign tables: empty, or one entry per power (per province for `control`, per power and
// province for `rail`).
std::string table_sizes_error(const Variant& v, const Position& pos) {
    const std::size_t powers = v.powers.size();
    const auto sized = [](std::size_t size, std::size_t want) { return size == 0 || size == want; };
    if (!sized(pos.treasury.size(), powers))
        return "treasury has " + count_text(pos.treasury.size(), "entries") + " for " +
               count_text(powers, "powers");
    if (!sized(pos.destroy_trains.size(), powers))
        return "destroy_trains has " + count_text(pos.destroy_trains.size(), "entries") + " for " +
               count_text(powers, "powers");
    if (!sized(pos.control.size(), v.province_count()))
        return "control has " + count_text(pos.control.size(), "entries") + " for " +
               count_text(v.province_count(), "provinces");
    if (!sized(pos.rail.size(), powers))
        return "rail has " + count_text(pos.rail.size(), "rows") + " for " +
               count_text(powers, "powers");
    for (const std::vector<RailState>& row : pos.rail)
        if (row.size() != v.province_count())
            return "a rail row has " + count_text(row.size(), "entries") + " for " +
                   count_text(v.province_count(), "provinces");
    return "";
}

std::string pieces_error(const Variant& v, const Position& pos) {
    if (std::string e = one_per_province(
            v, pos.garrisons, [](const Garrison& g) { return g.province; }, "garrison");
        !e.empty())
        return e;
    if (std::string e = one_per_province(
            v, pos.sieges, [](const Siege& s) { return s.province; }, "siege");
        !e.empty())
        return e;
    for (const SupplyTrain& t : pos.trains)
        if (t.at >= v.province_count() || t.base >= v.province_count())
            return "a supply train on or from an unknown province";
    return "";
}

// Every list as Position::normalise() leaves it: comparing with a normalised copy keeps one
// definition of each list's order.
std::string normal_form_error(const Position& pos) {
    Position normal = pos;
    normal.normalise();
    const std::pair<const char*, bool> lists[] = {
        {"units", normal.units == pos.units},
        {"dislodged", normal.dislodged == pos.dislodged},
        {"standoffs", normal.standoffs == pos.standoffs},
        {"garrisons", normal.garrisons == pos.garrisons},
        {"trains", normal.trains == pos.trains},
        {"sieges", normal.sieges == pos.sieges},
        {"breaches", normal.breaches == pos.breaches},
        {"destroy_trains", normal.destroy_trains == pos.destroy_trains},
        {"standing_supply", normal.standing_supply == pos.standing_supply},
        {"interdicted", normal.interdicted == pos.interdicted},
        {"demolished", normal.demolished == pos.demolished},
    };
    for (const auto& [name, same] : lists)
        if (!same) return std::string(name) + " not in normal form (sorted, no repeats)";
    for (const DislodgedUnit& d : pos.dislodged)
        if (!std::is_sorted(d.retreats.begin(), d.retreats.end()) ||
            std::adjacent_find(d.retreats.begin(), d.retreats.end()) != d.retreats.end())
            return "retreats not sorted";
    return "";
}

}  // namespace

std::string position_is_ok(const Variant& variant, const Position& position) {
    // Sizes and ranges first: the later checks index the variant's arrays with them.
    for (auto check : {owner_error, units_error, pieces_error, table_sizes_error})
        if (std::string e = check(variant, position); !e.empty()) return e;
    return normal_form_error(position);
}

}  // namespace adjutant
