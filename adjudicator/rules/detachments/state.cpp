// SPDX-License-Identifier: Apache-2.0
#include "rules/detachments/state.h"

#include <algorithm>

#include "position/position.h"

namespace adjutant::detachments {

std::size_t DetachmentsState::count_in(ProvinceId province) const {
    return static_cast<std::size_t>(
        std::count_if(detachments.begin(), detachments.end(),
                      [&](const Detachment& d) { return d.province == province; }));
}

std::size_t DetachmentsState::count_of(PowerId power) const {
    return static_cast<std::size_t>(
        std::count_if(detachments.begin(), detachments.end(),
                      [&](const Detachment& d) { return d.power == power; }));
}

std::size_t DetachmentsState::index_of(PowerId power, ProvinceId province) const {
    const auto it = std::find(detachments.begin(), detachments.end(), Detachment{power, province});
    return static_cast<std::size_t>(it - detachments.begin());
}

bool DetachmentsState::scouted_by(PowerId power, ProvinceId province) const {
    return std::find(scouted.begin(), scouted.end(), Scouted{power, province}) != scouted.end();
}

void DetachmentsState::normalise() {
    std::sort(detachments.begin(), detachments.end(), [](const Detachment& a, const Detachment& b) {
        return a.province != b.province ? a.province < b.province : a.power < b.power;
    });
    std::sort(scouted.begin(), scouted.end(), [](const Scouted& a, const Scouted& b) {
        return a.power != b.power ? a.power < b.power : a.province < b.province;
    });
    scouted.erase(std::unique(scouted.begin(), scouted.end()), scouted.end());
}

const DetachmentsState& state(const Position& position) {
    return position.modules.get_or_empty<DetachmentsState>();
}

DetachmentsState& state(Position& position) {
    return position.modules.get<DetachmentsState>();
}

}  // namespace adjutant::detachments
