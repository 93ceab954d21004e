// SPDX-License-Identifier: Apache-2.0
#include "position/position.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

namespace adjutant {

const Unit* Position::scan(ProvinceId province) const {
    for (const Unit& u : units)
        if (u.location.province == province) return &u;
    return nullptr;
}

const Unit* Position::unit_at_unindexed(ProvinceId province) const {
    if (!indexed()) return scan(province);
    const std::uint32_t slot = province < index_.slots_.size() ? index_.slots_[province] : 0;
    const Unit* found = nullptr;
    if (slot != 0) {
        found = &units[slot - 1];
        // A unit moved in place since: the scan knows where it went.
        if (found->location.province != province) return scan(province);
    }
    assert(found == scan(province));
    return found;
}

Unit* Position::unit_at(ProvinceId province) {
    const Unit* found = std::as_const(*this).unit_at(province);
    index_.built_ = false;  // the caller may move the unit it is given
    return const_cast<Unit*>(found);
}

Unit& Position::add_unit(Unit unit) {
    const bool keep = indexed();
    units.push_back(std::move(unit));
    if (keep) {
        const ProvinceId p = units.back().location.province;
        if (p >= index_.slots_.size()) index_.slots_.resize(p + std::size_t{1}, 0);
        if (index_.slots_[p] == 0) index_.slots_[p] = static_cast<std::uint32_t>(units.size());
        index_.count_ = units.size();
    }
    return units.back();
}

void Position::remove_unit(std::size_t slot) {
    const ProvinceId gone = units[slot].location.province;
    const bool keep = indexed();
    units.erase(units.begin() + static_cast<std::ptrdiff_t>(slot));
    if (!keep) {
        index_.built_ = false;
        return;
    }
    if (gone < index_.slots_.size() && index_.slots_[gone] == slot + 1) index_.slots_[gone] = 0;
    // The units after it each moved down one place.
    for (std::size_t k = slot; k < units.size(); ++k) {
        const ProvinceId p = units[k].location.province;
        if (index_.slots_[p] == k + 2) index_.slots_[p] = static_cast<std::uint32_t>(k + 1);
    }
    index_.count_ = units.size();
}

void Position::move_unit(std::size_t slot, Location to) {
    const ProvinceId from = units[slot].location.province;
    units[slot].location = to;
    if (!indexed()) {
        index_.built_ = false;
        return;
    }
    if (from < index_.slots_.size() && index_.slots_[from] == slot + 1) index_.slots_[from] = 0;
    if (to.province >= index_.slots_.size()) index_.slots_.resize(to.province + std::size_t{1}, 0);
    if (index_.slots_[to.province] == 0)
        index_.slots_[to.province] = static_cast<std::uint32_t>(slot + 1);
}

UnitLookup Position::unit_lookup(std::size_t provinces) const {
    UnitLookup lookup;
    lookup.position_ = this;
    // Without an index reaching every province asked, each look is unit_at's.
    if (indexed() && index_.slots_.size() >= provinces) {
        lookup.slots_ = index_.slots_.data();
        lookup.units_ = units.data();
    }
    return lookup;
}

const Unit* UnitLookup::at_unindexed(ProvinceId province) const {
    return position_->unit_at(province);
}

void Position::suspend_index() {
    index_.suspended_ = true;
    index_.built_ = false;
}

void Position::resume_index() {
    index_.suspended_ = false;
}

bool Position::indexed() const {
    return index_.built_ && index_.count_ == units.size();
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
    const auto in_order = [](const Unit& a, const Unit& b) { return a.location < b.location; };
    // Most positions come sorted (the movement phase builds its next units in order).
    if (std::is_sorted(units.begin(), units.end(), in_order)) return;
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
    // keys[k].index is the unit that belongs at k; follow each cycle once, marking each place
    // filled by pointing its key at itself.
    for (std::size_t start = 0; start < n; ++start) {
        if (keys[start].index == start) continue;
        Unit held = std::move(units[start]);
        std::size_t at = start;
        while (keys[at].index != start) {
            const std::size_t from = keys[at].index;
            units[at] = std::move(units[from]);
            keys[at].index = static_cast<std::uint32_t>(at);
            at = from;
        }
        units[at] = std::move(held);
        keys[at].index = static_cast<std::uint32_t>(at);
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

void Position::index_units() {
    index_.built_ = false;
    if (index_.suspended_) return;
    std::size_t provinces = owner.size();
    for (const Unit& u : units)
        provinces = std::max<std::size_t>(provinces, u.location.province + 1);
    index_.slots_.assign(provinces, 0);
    for (std::size_t k = 0; k < units.size(); ++k) {
        std::uint32_t& slot = index_.slots_[units[k].location.province];
        if (slot == 0) slot = static_cast<std::uint32_t>(k + 1);  // the first, as a scan finds
    }
    index_.count_ = units.size();
    index_.built_ = true;
}

namespace {
void normalise_others(Position& position);

// The index's slots emptied for every province a unit or an owner names, the units being in
// location order (so the widest province is the last unit's); returns how many there are.
std::size_t clear_slots_in_order(const std::vector<Unit>& units, std::size_t owners,
                                 std::vector<std::uint32_t>& slots) {
    const std::size_t provinces =
        units.empty() ? owners : std::max<std::size_t>(owners, units.back().location.province + 1);
    slots.assign(provinces, 0);
    return provinces;
}
}  // namespace

void Position::normalise() {
    // Most positions come sorted (the movement phase writes its next units in order): one pass
    // checks their order and indexes them, where the sort's check and index_units() made two
    // (three with its search for the widest province, the last unit's when they are in order).
    // Units out of order, or an index suspended, take the sort and index_units().
    const auto index_in_order = [&] {
        if (index_.suspended_) return false;
        index_.built_ = false;
        const std::size_t n = units.size();
        const std::size_t provinces = clear_slots_in_order(units, owner.size(), index_.slots_);
        // Each location as one number in location order (province, then coast), the one
        // before kept in a register: comparing the two locations field by field loaded the
        // unit ahead again. Through pointers held here: a slot's store may alias the units.
        const Unit* const in = units.data();
        std::uint32_t* const slots = index_.slots_.data();
        std::uint32_t previous = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const Location at = in[k].location;
            const std::uint32_t key =
                (std::uint32_t{at.province} << 8) | static_cast<std::uint32_t>(at.coast);
            // Past the last unit's province, or before the unit ahead: out of order.
            if (at.province >= provinces || key < previous) return false;
            previous = key;
            std::uint32_t& slot = slots[at.province];
            if (slot == 0) slot = static_cast<std::uint32_t>(k + 1);  // the first, as a scan finds
        }
        index_.count_ = n;
        index_.built_ = true;
        return true;
    };
    if (!index_in_order()) {
        sort_by_location(units);
        index_units();
    }
    normalise_others(*this);
}

void Position::normalise_in_order() {
    assert(std::is_sorted(units.begin(), units.end(),
                          [](const Unit& a, const Unit& b) { return a.location < b.location; }));
    index_.built_ = false;
    if (!index_.suspended_) {
        // In order, the widest province is the last unit's. Each province's slot names its
        // first unit: the units are written last first, so the first is written last (no
        // test of the slot for each unit).
        const std::size_t n = units.size();
        clear_slots_in_order(units, owner.size(), index_.slots_);
        const Unit* const in = units.data();
        std::uint32_t* const slots = index_.slots_.data();
        for (std::size_t k = n; k-- > 0;)
            slots[in[k].location.province] = static_cast<std::uint32_t>(k + 1);
        index_.count_ = n;
        index_.built_ = true;
    }
    normalise_others(*this);
}

namespace {

// What normalise() restores besides the units: the dislodged and the standoffs sorted, the
// modules' parts.
void normalise_others(Position& position) {
    auto& dislodged = position.dislodged;
    auto& standoffs = position.standoffs;
    std::sort(dislodged.begin(), dislodged.end(),
              [](const DislodgedUnit& a, const DislodgedUnit& b) {
                  return a.unit.location < b.unit.location;
              });
    std::sort(standoffs.begin(), standoffs.end());
    standoffs.erase(std::unique(standoffs.begin(), standoffs.end()), standoffs.end());
    position.modules.normalise();
}

}  // namespace

}  // namespace adjutant
