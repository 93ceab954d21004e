// SPDX-License-Identifier: Apache-2.0
#include "rules/field_works/state.h"

#include <algorithm>

#include "position/position.h"

namespace adjutant::field_works {

bool Works::dug_by(const Unit& unit) const {
    return unit.location.province == province && unit.type == UnitType::Army &&
           unit.power == power && unit.stats.id == army;
}

const Works* FieldWorksState::in(ProvinceId province) const {
    for (const Works& w : works)
        if (w.province == province) return &w;
    return nullptr;
}

const Works* FieldWorksState::of(const Unit& unit) const {
    const Works* w = in(unit.location.province);
    return w != nullptr && w->dug_by(unit) ? w : nullptr;
}

void FieldWorksState::normalise() {
    std::sort(works.begin(), works.end(),
              [](const Works& a, const Works& b) { return a.province < b.province; });
}

const FieldWorksState& state(const Position& position) {
    return position.modules.get_or_empty<FieldWorksState>();
}

FieldWorksState& state(Position& position) {
    return position.modules.get<FieldWorksState>();
}

}  // namespace adjutant::field_works
