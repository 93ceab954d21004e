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

}  // namespace adjutant
