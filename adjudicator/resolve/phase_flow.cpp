// SPDX-License-Identifier: Apache-2.0
#include "resolve/phase_flow.h"

#include <algorithm>

#include "resolve/phases.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// A centre occupied when Fall ends passes to the occupier's power. A centre that does not count
// for the occupier (Colonial's Hong Kong for China) is taken from its owner but credited to
// nobody (docs/colonial.md).
void take_centres(const Variant& variant, Position& position) {
    for (const Unit& unit : position.units) {
        const ProvinceId p = unit.location.province;
        if (!variant.provinces[p].supply_center) continue;
        position.owner[p] = variant.counts_as_center(p, unit.power) ? unit.power : kNoPower;
    }
}

// Whether some power builds or disbands this Winter.
bool any_adjustment(const Variant& variant, const Position& position) {
    for (std::size_t power = 0; power < variant.powers.size(); ++power)
        if (adjustment_allowance(variant, position, static_cast<PowerId>(power)) != 0) return true;
    return false;
}

}  // namespace

void start_from_units(const Position& position, Adjudication& out) {
    out.phase = position.phase;
    out.results.clear();
    out.dislodged.clear();
    out.events.clear();
    Position& next = out.next;
    // Its index is of the units it held: dropped, as a new position has none.
    next.suspend_index();
    next.resume_index();
    next.units = position.units;
    next.dislodged.clear();
    next.standoffs.clear();
    carry_over(position, next);
}

void carry_over(const Position& from, Position& to) {
    to.owner = from.owner;
    // The rule modules' own parts, less what lasts one phase only (a GM's marks for the turn).
    to.modules = from.modules.carried_over();
    to.next_unit_id = from.next_unit_id;
}

int adjustment_allowance(const Variant& variant, const Position& position, PowerId power) {
    const int centres = position.center_count(power);
    const int units =
        static_cast<int>(std::count_if(position.units.begin(), position.units.end(),
                                       [&](const Unit& u) { return u.power == power; }));
    if (centres <= units) return centres - units;
    int free_sites = 0;
    if (variant.build_any) {  // any owned centre may take a build (docs/variants.md, "Rules")
        for (std::size_t p = 0; p < variant.province_count(); ++p) {
            const auto site = static_cast<ProvinceId>(p);
            if (position.owner[site] == power && variant.build_site(power, site) &&
                position.unit_at(site) == nullptr)
                ++free_sites;
        }
    } else {
        for (ProvinceId home : variant.powers[power].home_centers)
            if (position.owner[home] == power && position.unit_at(home) == nullptr) ++free_sites;
    }
    return std::min(centres - units, free_sites);
}

void advance_phase(const Variant& variant, Phase done, Position& next, bool units_in_order) {
    Phase phase = done.next();
    for (;;) {
        if (phase.kind == PhaseKind::Retreat && next.dislodged.empty()) {
            phase = phase.next();
            continue;
        }
        if (phase.kind == PhaseKind::Adjustment && done.kind != PhaseKind::Adjustment) {
            take_centres(variant, next);
            if (!any_adjustment(variant, next)) {
                phase = phase.next();
                continue;
            }
        }
        break;
    }
    if (phase.kind != PhaseKind::Retreat) {
        next.standoffs.clear();
        next.dislodged.clear();
    }
    next.phase = phase;
    if (units_in_order)
        next.normalise_in_order();
    else
        next.normalise();
}

}  // namespace adjutant
