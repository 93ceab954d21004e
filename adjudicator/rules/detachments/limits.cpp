// SPDX-License-Identifier: Apache-2.0
// 4f "only two detachments may be deployed per city controlled": a city is a province with a
// city class (1st, 2nd or 3rd) that the power owns, whoever's it was at the start.
#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/parameters.h"
#include "variant/variant.h"

namespace adjutant::detachments {

int cities_controlled(const Variant& v, const Position& pos, PowerId power) {
    int cities = 0;
    const auto& classes = v.campaign->city_class;
    for (std::size_t p = 0; p < classes.size() && p < pos.owner.size(); ++p)
        if (classes[p] != 0 && pos.owner[p] == power) ++cities;
    return cities;
}

std::size_t allowed(const Variant& v, const Position& pos, PowerId power) {
    return static_cast<std::size_t>(detachments::parameters(v).per_city) *
           static_cast<std::size_t>(cities_controlled(v, pos, power));
}

std::string abbr(const Variant& v, ProvinceId province) {
    return province < v.provinces.size() ? v.provinces[province].abbr : "?";
}

std::string named(const Variant& v, PowerId power, ProvinceId province) {
    return "the " + v.powers[power].adjective + " detachment in " + abbr(v, province);
}

}  // namespace adjutant::detachments
