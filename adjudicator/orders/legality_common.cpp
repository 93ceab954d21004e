// SPDX-License-Identifier: Apache-2.0
#include "orders/legality.h"

#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

std::string describe_unit(const Variant& v, UnitType type, Location where) {
    return std::string(1, unit_letter(type)) + " " + v.location_text(where);
}

std::string province_abbr(const Variant& v, ProvinceId province) {
    return province < v.provinces.size() ? v.provinces[province].abbr : std::string("?");
}

std::string ownership_error(const Variant& v, const Unit* unit, ProvinceId where, PowerId power) {
    if (!unit) return "no unit at " + province_abbr(v, where);
    if (unit->power != power)
        return describe_unit(v, unit->type, unit->location) + " belongs to " +
               v.power_name(unit->power) + ", not " + v.power_name(power);
    return {};
}

std::string letter_note(const Variant& v, const std::optional<UnitType>& written,
                        const Unit& unit) {
    if (!written || *written == unit.type) return {};
    return std::string("written as ") + unit_letter(*written) + ", but the unit in " +
           province_abbr(v, unit.location.province) + " is " +
           (unit.type == UnitType::Army ? "an army" : "a fleet") + " (DATC 4.C.2)";
}

std::string letter_refusal(const Variant& v, UnitType written, const Unit& unit,
                           const std::string& why, bool dislodged) {
    const std::string kind = dislodged ? "dislodged " : "";
    std::string out = "there is no " + kind + (written == UnitType::Army ? "army" : "fleet") +
                      " in " + province_abbr(v, unit.location.province) + "; the " + kind +
                      "unit there is " + (unit.type == UnitType::Army ? "an army" : "a fleet") +
                      " (DATC 4.C.2)";
    if (why.empty()) return out;
    // "A VLA cannot move to SOJ" becomes "..., which cannot move to SOJ".
    const std::string named = describe_unit(v, unit.type, unit.location) + " ";
    if (why.starts_with(named)) return out + ", which " + why.substr(named.size());
    return out + "; " + why;
}

}  // namespace adjutant
