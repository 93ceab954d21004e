// SPDX-License-Identifier: Apache-2.0
#include "random_orders.h"

#include <vector>

#include "resolve/phase_flow.h"
#include "variant/unit_text.h"

namespace adjutant::bench {

namespace {

// Places unit `u` can move to by itself.
std::vector<Location> destinations(const Variant& v, const Unit& u) {
    std::vector<Location> out;
    if (u.type == UnitType::Army) {
        for (ProvinceId p : v.army_adjacency[u.location.province])
            out.push_back(Location{p, Coast::None});
    } else {
        for (const FleetEdge& e : v.fleet_adjacency[u.location.province])
            if (e.from == u.location.coast) out.push_back(e.to);
    }
    return out;
}

// The movement orders, with `pick(i)` choosing the unit that unit i tries to support (i
// itself: none).
template <typename Pick>
std::string movement_orders(const Variant& v, const Position& pos, Random& random, Pick pick) {
    struct Plan {
        bool moves = false;
        Location to;
    };
    std::vector<Plan> plans(pos.units.size());
    for (std::size_t i = 0; i < pos.units.size(); ++i) {
        const auto options = destinations(v, pos.units[i]);
        if (!options.empty() && random.below(100) < 55) {
            plans[i].moves = true;
            plans[i].to = options[random.below(options.size())];
        }
    }
    std::string text;
    for (std::size_t i = 0; i < pos.units.size(); ++i) {
        const Unit& u = pos.units[i];
        text += v.powers[u.power].name + ": " + unit_text(v, u);
        if (plans[i].moves) {
            text += " - " + v.location_text(plans[i].to) + "\n";
            continue;
        }
        // Try to support a neighbour: its move if we can reach the destination, else its hold.
        bool written = false;
        if (random.below(100) < 60) {
            for (std::size_t tries = 0; tries < 4 && !written; ++tries) {
                const std::size_t j = pick(i);
                if (j == i) continue;
                const Unit& other = pos.units[j];
                if (plans[j].moves && plans[j].to.province != u.location.province &&
                    v.can_reach(u.type, u.location, plans[j].to.province)) {
                    text += " S " + unit_text(v, other) + " - " +
                            v.provinces[plans[j].to.province].abbr;
                    written = true;
                } else if (!plans[j].moves &&
                           v.can_reach(u.type, u.location, other.location.province)) {
                    text += " S " + unit_text(v, other);
                    written = true;
                }
            }
        }
        if (!written) text += " H";
        text += "\n";
    }
    return text;
}

}  // namespace

std::string random_movement_orders(const Variant& v, const Position& pos, Random& random) {
    return movement_orders(v, pos, random,
                           [&](std::size_t) { return random.below(pos.units.size()); });
}

std::string random_local_movement_orders(const Variant& v, const Position& pos, Random& random) {
    std::vector<std::size_t> near;
    return movement_orders(v, pos, random, [&](std::size_t i) {
        near.clear();
        for (const Location& to : destinations(v, pos.units[i]))
            if (const Unit* other = pos.unit_at(to.province))
                near.push_back(static_cast<std::size_t>(other - pos.units.data()));
        return near.empty() ? i : near[random.below(near.size())];
    });
}

std::string random_retreat_orders(const Variant& v, const Position& pos, Random& random) {
    std::string text;
    for (const DislodgedUnit& d : pos.dislodged) {
        text += v.powers[d.unit.power].name + ": " + unit_text(v, d.unit);
        if (d.retreats.empty() || random.below(10) == 0)
            text += " D\n";
        else
            text += " R " + v.location_text(d.retreats[random.below(d.retreats.size())]) + "\n";
    }
    return text;
}

std::string random_adjustment_orders(const Variant& v, const Position& pos, Random& random) {
    std::string text;
    for (std::size_t pw = 0; pw < v.powers.size(); ++pw) {
        const auto power = static_cast<PowerId>(pw);
        int allowance = adjustment_allowance(v, pos, power);
        const std::string& name = v.powers[pw].name;
        // Where it may build: its home centres, or with build_any every centre, in id order.
        std::vector<ProvinceId> sites = v.powers[pw].home_centers;
        if (v.build_any) {
            sites.clear();
            for (std::size_t p = 0; p < v.province_count(); ++p)
                if (v.build_site(power, static_cast<ProvinceId>(p)))
                    sites.push_back(static_cast<ProvinceId>(p));
        }
        for (ProvinceId home : sites) {
            if (allowance <= 0) break;
            if (pos.owner[home] != power || pos.unit_at(home) != nullptr) continue;
            const bool coastal = v.provinces[home].terrain == Terrain::Coast;
            std::string where = v.provinces[home].abbr;
            if (!v.provinces[home].coasts.empty()) {
                where += '/';
                where += coast_code(
                    v.provinces[home].coasts[random.below(v.provinces[home].coasts.size())]);
            }
            const bool fleet = coastal && random.below(2) == 0;
            text += name + ": BUILD " + (fleet ? "F " : "A ") +
                    (fleet ? where : v.provinces[home].abbr) + "\n";
            --allowance;
        }
        for (const Unit& u : pos.units) {
            if (allowance >= 0) break;
            if (u.power != power) continue;
            text += name + ": " + unit_text(v, u) + " D\n";
            ++allowance;
        }
    }
    return text;
}

std::string random_phase_orders(const Variant& v, const Position& pos, Random& random) {
    if (pos.phase.kind == PhaseKind::Movement) return random_movement_orders(v, pos, random);
    if (pos.phase.kind == PhaseKind::Retreat) return random_retreat_orders(v, pos, random);
    return random_adjustment_orders(v, pos, random);
}

}  // namespace adjutant::bench
