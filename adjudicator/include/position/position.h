// SPDX-License-Identifier: Apache-2.0
// A position: everything the adjudicator needs besides the variant and the orders.
//
// Units are kept sorted by province so two equal positions compare and serialise identically.
// `owner` has one entry per province (kNoPower for unowned or non-centre provinces).
// Campaign positions add what the campaign rules track (docs/campaign.md): unit attributes
// (core/unit.h, shared by every module) and each rule module's own part. Classic positions
// leave all of it empty and keep their plain form.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "core/ids.h"
#include "core/phase.h"
#include "core/unit.h"
#include "position/module_state.h"

namespace adjutant {

// A unit dislodged in the preceding movement phase, waiting for its retreat order.
struct DislodgedUnit {
    Unit unit;
    ProvinceId attacker_from = kNoProvince;  // where the dislodging unit came from
    std::vector<Location> retreats;          // legal retreat destinations, sorted

    friend bool operator==(const DislodgedUnit&, const DislodgedUnit&) = default;
};

// Which unit stands in each province, so Position::unit_at finds it without scanning the units.
// A cache derived from Position::units, which Position keeps: it never takes part in comparing
// positions.
class UnitIndex {
  public:
    friend bool operator==(const UnitIndex&, const UnitIndex&) { return true; }

  private:
    friend struct Position;
    // Per province: the unit's place in `units` plus one; 0 for an empty province. Provinces
    // past the end are empty.
    std::vector<std::uint32_t> slots_;
    std::size_t count_ = 0;  // units.size() when indexed: another size means edited directly
    bool built_ = false;
    bool suspended_ = false;  // Position::suspend_index
};

struct Position;

// The index's slots taken once (Position::unit_lookup), for a caller that looks many times while
// the position is not edited: the parser, once a parse. Each look is unit_at's without its tests
// that the index is built, for these units, and reaches the province: ≈ 30 instructions a look
// where the look is a few. Its answers are unit_at's (debug builds check each).
class UnitLookup {
  public:
    const Unit* at(ProvinceId province) const;

  private:
    friend struct Position;
    // What the slots cannot answer, out of line so that a look stays small enough to inline.
    const Unit* at_unindexed(ProvinceId province) const;
    const Position* position_ = nullptr;
    const std::uint32_t* slots_ = nullptr;  // null where the index could not be taken
    const Unit* units_ = nullptr;
};

struct Position {
    Phase phase;
    std::vector<Unit> units;               // sorted by location
    std::vector<DislodgedUnit> dislodged;  // sorted by location; only in retreat phases
    std::vector<ProvinceId> standoffs;     // provinces left empty by a bounce, sorted
    std::vector<PowerId> owner;            // per province
    std::uint32_t next_unit_id = 0;        // campaign: the id the next new unit gets
    // The rule modules' own parts, each in its module's type (module_state.h), which the core
    // copies, compares and normalises without knowing it.
    ModuleStates modules;

    // The unit standing in `province`, or nullptr. One look in the index by province when the
    // position is indexed (normalise() indexes it), else a scan of the units.
    //
    // The index follows normalise(), add_unit(), remove_unit() and move_unit(). Code that edits
    // `units` directly calls normalise() before it asks unit_at again (the rule modules' turn
    // steps need not: the index is suspended while they run); a change of size is noticed and
    // read by a scan, and debug builds check every answer against the scan. The non-const
    // overload hands out a unit that may then be moved, so it leaves the index off until the
    // next normalise().
    //
    // Inline: the parser asks it for nearly every line it reads (the unit ordered, the unit
    // supported), and out of line the call and its checks cost some 30 instructions where the
    // look is a few. What the look cannot answer (no index, a province past it, a unit moved in
    // place since) is answered out of line as before.
    const Unit* unit_at(ProvinceId province) const {
        if (index_.built_ && index_.count_ == units.size() && province < index_.slots_.size()) {
            const std::uint32_t slot = index_.slots_[province];
            const Unit* found = slot == 0 ? nullptr : units.data() + (slot - 1);
            if (found == nullptr || found->location.province == province) {
                // Code that edited `units` directly without normalise() would be answered
                // wrongly here.
                assert(found == scan(province));
                return found;
            }
        }
        return unit_at_unindexed(province);
    }
    Unit* unit_at(ProvinceId province);
    // unit_at for provinces below `provinces`, valid until the position is next edited.
    UnitLookup unit_lookup(std::size_t provinces) const;
    // Edits of the units that keep the index: a unit added at the end, the unit at `slot`
    // removed, a unit moved to `to`. Each leaves `units` out of order until normalise().
    Unit& add_unit(Unit unit);
    void remove_unit(std::size_t slot);
    void move_unit(std::size_t slot, Location to);
    // Leaves the index off, through normalise() too, until resume_index() (after which the next
    // normalise() or index_units() indexes): for a position that code outside the core edits
    // directly (the rule modules' turn steps and hiding hooks).
    void suspend_index();
    void resume_index();
    // Indexes the units as they stand, in any order (normalise() does it too).
    void index_units();
    // Number of supply centres `power` owns.
    int center_count(PowerId power) const;
    // Takes the number for a new campaign unit (a split's detachment, a raised army): past every
    // number in use, so a position written without `next_unit_id` (a GM's edit) still gives a
    // number nobody has; `next_unit_id` becomes it.
    std::uint32_t new_unit_id();
    // Restores the sorted invariants after edits, and indexes the units.
    void normalise();
    // As normalise(), for units their writer put in location order (the movement phase's next
    // units): their order is not checked again (debug builds check it).
    void normalise_in_order();

    friend bool operator==(const Position&, const Position&) = default;

  private:
    bool indexed() const;  // the index is built for `units` as they are
    // unit_at's answers beyond its look in the index: by a scan, or none past the index.
    const Unit* unit_at_unindexed(ProvinceId province) const;
    const Unit* scan(ProvinceId province) const;  // the first unit in `province`, by a scan

    UnitIndex index_;
};

inline const Unit* UnitLookup::at(ProvinceId province) const {
    if (slots_ != nullptr) {
        const std::uint32_t slot = slots_[province];
        const Unit* found = slot == 0 ? nullptr : units_ + (slot - 1);
        // A unit moved in place since is found as unit_at finds it.
        if (found == nullptr || found->location.province == province) {
            assert(found == position_->unit_at(province));
            return found;
        }
    }
    return at_unindexed(province);
}

}  // namespace adjutant
