// SPDX-License-Identifier: Apache-2.0
#include "variant/variant.h"

#include <algorithm>
#include <cstring>

#include "core/text.h"

namespace adjutant {

void Variant::index_names() {
    province_by_name.clear();
    for (std::size_t i = 0; i < provinces.size(); ++i) {
        const auto id = static_cast<ProvinceId>(i);
        const Province& p = provinces[i];
        province_by_name.emplace(lowercase(p.abbr), id);
        province_by_name.emplace(lowercase(p.name), id);
        for (const std::string& alias : p.aliases) province_by_name.emplace(lowercase(alias), id);
    }
}

ProvinceId Variant::find_province(std::string_view name) const {
    auto it = province_by_name.find(lowercase(name));
    return it == province_by_name.end() ? kNoProvince : it->second;
}

namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        char y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

}  // namespace

// The powers compared in turn, name then adjective, ignoring case (the first to give a name
// keeps it, as the hash table this replaced was filled): a variant has a dozen powers at most,
// and the server asks once per seat, where lowering the name into a string and hashing it
// cost more.
PowerId Variant::find_power(std::string_view name) const {
    // The server asks with the name as stored, which is the power's own: found by plain
    // compares first, then the full search. The answers agree: the variant loader refuses a
    // name or adjective that two powers share in any case (variant_json.cpp).
    // Length and first letter before the bytes: the standard powers' names differ there, so
    // memcmp is called for the one that is asked only (it was, for every name of the length).
    for (std::size_t i = 0; i < powers.size(); ++i) {
        const std::string& own = powers[i].name;
        if (own.size() == name.size() &&
            (name.empty() ||
             (own[0] == name[0] && std::memcmp(own.data(), name.data(), name.size()) == 0)))
            return static_cast<PowerId>(i);
    }
    for (std::size_t i = 0; i < powers.size(); ++i)
        if (same_ignoring_case(powers[i].name, name) ||
            (!powers[i].adjective.empty() && same_ignoring_case(powers[i].adjective, name)))
            return static_cast<PowerId>(i);
    return kNoPower;
}

void Variant::index_adjacency() {
    army_moves_.reset(army_adjacency.size());
    for (std::size_t from = 0; from < army_adjacency.size(); ++from)
        for (const ProvinceId to : army_adjacency[from])
            if (to < army_adjacency.size()) army_moves_.set(static_cast<ProvinceId>(from), to);
    // A fleet stands on no coast exactly where its province has none: fleet_can_reach asks
    // these bits then, and searches the edges of a fleet on a split province's coast.
    fleet_moves_.reset(fleet_adjacency.size());
    for (std::size_t from = 0; from < fleet_adjacency.size(); ++from)
        for (const FleetEdge& e : fleet_adjacency[from])
            if (e.from == Coast::None && e.to.province < fleet_adjacency.size())
                fleet_moves_.set(static_cast<ProvinceId>(from), e.to.province);
}

bool Variant::fleet_can_move(Location from, Location to) const {
    if (from.province >= fleet_adjacency.size()) return false;
    for (const FleetEdge& e : fleet_adjacency[from.province])
        if (e.from == from.coast && e.to == to) return true;
    return false;
}

bool Variant::fleet_reaches_from_coast(Location from, ProvinceId to) const {
    if (from.province >= fleet_adjacency.size()) return false;
    for (const FleetEdge& e : fleet_adjacency[from.province])
        if (e.from == from.coast && e.to.province == to) return true;
    return false;
}

std::vector<Coast> Variant::reachable_coasts(Location from, ProvinceId to) const {
    std::vector<Coast> out;
    if (from.province >= fleet_adjacency.size()) return out;
    for (const FleetEdge& e : fleet_adjacency[from.province])
        if (e.from == from.coast && e.to.province == to) out.push_back(e.to.coast);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool Variant::can_stand(UnitType type, Location where) const {
    if (where.province >= provinces.size()) return false;
    const Province& p = provinces[where.province];
    if (type == UnitType::Army)
        return where.coast == Coast::None &&
               (p.terrain == Terrain::Land || p.terrain == Terrain::Coast);
    if (p.terrain != Terrain::Sea && p.terrain != Terrain::Coast) return false;
    if (p.coasts.empty()) return where.coast == Coast::None;
    return std::find(p.coasts.begin(), p.coasts.end(), where.coast) != p.coasts.end();
}

std::string Variant::coasts_text(ProvinceId province) const {
    std::string out;
    for (Coast c : provinces[province].coasts) {
        if (!out.empty()) out += ", ";
        out += location_text(Location{province, c});
    }
    return out;
}

bool Variant::build_site(PowerId power, ProvinceId province) const {
    if (power >= powers.size() || province >= provinces.size()) return false;
    if (build_any) return counts_as_center(province, power);
    const std::vector<ProvinceId>& homes = powers[power].home_centers;
    return std::find(homes.begin(), homes.end(), province) != homes.end();
}

const Canal* Variant::canal_between(ProvinceId a, ProvinceId b) const {
    for (const Canal& c : canals)
        if ((c.a == a && c.b == b) || (c.a == b && c.b == a)) return &c;
    return nullptr;
}

const RailLine* Variant::find_rail_line(std::string_view name) const {
    const std::string key = lowercase(name);
    for (const RailLine& line : rail_lines)
        if (lowercase(line.name) == key) return &line;
    return nullptr;
}

bool Variant::excepted(const Province& p, PowerId power) {
    return std::find(p.not_a_center_for.begin(), p.not_a_center_for.end(), power) !=
           p.not_a_center_for.end();
}

std::string Variant::power_name(PowerId power) const {
    return power < powers.size() ? powers[power].name : std::string("nobody");
}

std::string Variant::location_text(Location where) const {
    if (where.province >= provinces.size()) return "?";
    std::string out = provinces[where.province].abbr;
    if (where.coast != Coast::None) {
        out += '/';
        out += coast_code(where.coast);
    }
    return out;
}

}  // namespace adjutant
