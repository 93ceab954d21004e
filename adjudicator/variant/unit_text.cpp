// SPDX-License-Identifier: Apache-2.0
#include "variant/unit_text.h"

#include <algorithm>

#include "core/json_check.h"
#include "core/text.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

const char* terrain_name(Terrain terrain) {
    switch (terrain) {
        case Terrain::Land:
            return "land";
        case Terrain::Coast:
            return "coast";
        case Terrain::Sea:
            return "sea";
        case Terrain::Impassable:
            return "impassable";
    }
    return "?";
}

std::string coast_list(const Variant& variant, ProvinceId id) {
    return variant.coasts_text(id);
}

}  // namespace

LocationText read_location_text(const Variant& variant, std::string_view text) {
    text = trim(text);
    std::string_view name = text;
    std::string_view coast_text;
    bool has_coast = false;
    if (!text.empty() && text.back() == ')') {
        const auto open = text.rfind('(');
        if (open == std::string_view::npos) return {std::nullopt, "unbalanced parenthesis"};
        name = text.substr(0, open);
        coast_text = text.substr(open + 1, text.size() - open - 2);
        has_coast = true;
    } else if (const auto slash = text.rfind('/'); slash != std::string_view::npos) {
        name = text.substr(0, slash);
        coast_text = text.substr(slash + 1);
        has_coast = true;
    }
    name = trim(name);
    if (name.empty()) return {std::nullopt, "missing province"};
    const ProvinceId id = variant.find_province(name);
    if (id == kNoProvince) return {std::nullopt, "unknown province " + quote_text(name)};
    Location where{id, Coast::None};
    if (has_coast) {
        const auto coast = coast_from_code(trim(coast_text));
        if (!coast) return {std::nullopt, "unknown coast " + quote_text(trim(coast_text))};
        where.coast = *coast;
    }
    return {where, ""};
}

std::optional<Location> parse_location_text(const Variant& variant, std::string_view text) {
    return read_location_text(variant, text).location;
}

UnitText read_unit_text(const Variant& variant, std::string_view text, PowerId power) {
    text = trim(text);
    std::size_t split = 0;
    while (split < text.size() && text[split] != ' ' && text[split] != '\t') ++split;
    const std::string type_word = lowercase(text.substr(0, split));
    std::optional<UnitType> type;
    if (type_word == "a" || type_word == "army") type = UnitType::Army;
    if (type_word == "f" || type_word == "fleet") type = UnitType::Fleet;
    if (!type)
        return {std::nullopt,
                "expected a unit such as \"A PAR\" or \"F STP/SC\", found " + quote_text(text)};
    LocationText where = read_location_text(variant, text.substr(split));
    if (!where.location) return {std::nullopt, where.error};
    return {Unit{*type, power, *where.location, {}}, ""};
}

std::optional<Unit> parse_unit_text(const Variant& variant, std::string_view text, PowerId power) {
    return read_unit_text(variant, text, power).unit;
}

std::string standing_error(const Variant& variant, const Unit& unit) {
    if (variant.can_stand(unit.type, unit.location)) return "";
    const ProvinceId id = unit.location.province;
    if (id >= variant.provinces.size()) return "no such province";
    const Province& p = variant.provinces[id];
    const std::string where = p.abbr + " (" + terrain_name(p.terrain) + ")";
    if (unit.type == UnitType::Army) {
        if (p.terrain == Terrain::Sea || p.terrain == Terrain::Impassable)
            return "an army cannot stand in " + where;
        return "an army stands in a province, not on a coast: write A " + p.abbr;
    }
    if (p.terrain != Terrain::Sea && p.terrain != Terrain::Coast)
        return "a fleet cannot stand in " + where;
    if (p.coasts.empty()) return p.abbr + " has no coasts: write F " + p.abbr;
    if (unit.location.coast == Coast::None)
        return "a fleet in " + p.abbr + " must name its coast (" + coast_list(variant, id) + ")";
    return p.abbr + " has no coast " + std::string(coast_code(unit.location.coast)) + " (" +
           coast_list(variant, id) + ")";
}

std::string unit_text(const Variant& variant, const Unit& unit) {
    std::string out(1, unit_letter(unit.type));
    out += ' ';
    out += variant.location_text(unit.location);
    return out;
}

}  // namespace adjutant
