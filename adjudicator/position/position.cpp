// SPDX-License-Identifier: Apache-2.0
#include "position/position.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

namespace adjutant {

const Unit* Position::unit_at(ProvinceId province) const {
    for (const Unit& u : units)
        if (u.location.province == province) return &u;
    return nullptr;
}

Unit* Position::unit_at(ProvinceId province) {
    for (Unit& u : units)
        if (u.location.province == province) return &u;
    return nullptr;
}

int Position::center_count(PowerId power) const {
    return static_cast<int>(std::count(owner.begin(), owner.end(), power));
}

namespace {

// Units in location order, each moved once along its cycle of the permutation: a Unit is large
// (its campaign stats hold a string and a vector), and a sort that moves whole units, as
// insertion sort does on a few dozen, cost more than the movement phase's resolution.
// Equal locations (never in a checked position) keep their order.
void sort_by_location(std::vector<Unit>& units) {
    const std::size_t n = units.size();
    if (n < 2) return;
    struct Key {
        Location location;
        std::uint32_t index;
    };
    std::vector<Key> keys(n);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = {units[i].location, static_cast<std::uint32_t>(i)};
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        return std::tie(a.location, a.index) < std::tie(b.location, b.index);
    });
    // keys[k].index is the unit that belongs at k; follow each cycle once.
    std::vector<std::uint8_t> placed(n, 0);
    for (std::size_t start = 0; start < n; ++start) {
        if (placed[start] || keys[start].index == start) continue;
        Unit held = std::move(units[start]);
        std::size_t at = start;
        while (keys[at].index != start) {
            const std::size_t from = keys[at].index;
            units[at] = std::move(units[from]);
            placed[at] = 1;
            at = from;
        }
        units[at] = std::move(held);
        placed[at] = 1;
    }
}

}  // namespace

std::uint32_t Position::new_unit_id() {
    std::uint32_t id = next_unit_id;
    for (const Unit& u : units) id = std::max(id, u.stats.id);
    for (const DislodgedUnit& d : dislodged) id = std::max(id, d.unit.stats.id);
    next_unit_id = id + 1;
    return next_unit_id;
}

void Position::normalise() {
    sort_by_location(units);
    std::sort(dislodged.begin(), dislodged.end(),
              [](const DislodgedUnit& a, const DislodgedUnit& b) {
                  return a.unit.location < b.unit.location;
              });
    std::sort(standoffs.begin(), standoffs.end());
    standoffs.erase(std::unique(standoffs.begin(), standoffs.end()), standoffs.end());
    modules.normalise();
}

}  // namespace adjutant
