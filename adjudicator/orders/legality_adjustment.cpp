// SPDX-License-Identifier: Apache-2.0
// Adjustment-phase legality: builds, disbands and waives against the allowance
// (DATC 4.B.7, 4.C.3, 4.C.4, 4.D.4-4.D.7, 6.I, 6.J.1-2).
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

std::string units_word(int n) {
    return std::to_string(n) + (n == 1 ? " unit" : " units");
}

}  // namespace

AdjustmentLedger::AdjustmentLedger(const Variant& variant, const Position& position)
    : variant_(variant),
      position_(position),
      build_line_(variant.provinces.size(), 0),
      disbanded_(variant.provinces.size(), false),
      builds_used_(variant.powers.size(), 0),
      removals_used_(variant.powers.size(), 0) {}

int AdjustmentLedger::allowance(PowerId power) const {
    const auto units = std::count_if(position_.units.begin(), position_.units.end(),
                                     [&](const Unit& u) { return u.power == power; });
    return position_.center_count(power) - static_cast<int>(units);
}

Checked AdjustmentLedger::check(PowerId power, const OrderSyntax& s, int line) {
    switch (s.kind) {
        case SyntaxKind::Build:
            return build(power, s, line);
        case SyntaxKind::Disband:
            return disband(power, s);
        case SyntaxKind::Waive: {
            const int left = allowance(power) - builds_used_[power];
            if (left <= 0)
                return Checked::refused(variant_.power_name(power) +
                                        " has no builds left to waive");
            ++builds_used_[power];  // a waive uses one build (DATC 4.D.7)
            Order order;
            order.type = OrderType::Waive;
            order.power = power;
            return Checked{order, {}, {}};
        }
        default:
            return Checked::refused(
                "only builds, disbands and waives are ordered in an adjustment phase");
    }
}

Checked AdjustmentLedger::build(PowerId power, const OrderSyntax& s, int line) {
    const Variant& v = variant_;
    const ProvinceId p = s.unit.place.province;
    const Province& prov = v.provinces[p];
    const std::string name = prov.abbr;
    if (!prov.supply_center) return Checked::refused(name + " is not a supply centre");
    if (!v.build_site(power, p))  // DATC 6.I.6; with build_any, a centre not counting for it
        return Checked::refused(
            name + (v.build_any ? " is not a supply centre for " : " is not a home centre of ") +
            v.power_name(power));
    if (p >= position_.owner.size() || position_.owner[p] != power)  // DATC 6.I.5
        return Checked::refused(name + " is not owned by " + v.power_name(power));
    if (position_.unit_at(p)) return Checked::refused(name + " is occupied");  // DATC 6.I.3, 6.I.4
    const bool coastal = prov.terrain == Terrain::Coast;
    const bool coast_named =
        s.unit.place.coast &&
        std::find(prov.coasts.begin(), prov.coasts.end(), *s.unit.place.coast) != prov.coasts.end();
    Order order;
    order.type = OrderType::Build;
    order.power = power;
    order.unit = Location{p, Coast::None};
    if (!s.unit.type) {  // DATC 4.C.3: army inland, fleet on a named coast, else ambiguous
        if (coastal && !coast_named)
            return Checked::refused(name + " is coastal: write BUILD A " + name + " or BUILD F " +
                                    name);
        order.unit_type = coastal ? UnitType::Fleet : UnitType::Army;
    } else {
        order.unit_type = *s.unit.type;
    }
    if (order.unit_type == UnitType::Fleet) {
        if (!coastal)  // DATC 4.C.4, 6.I.2
            return Checked::refused("a fleet cannot be built in " + name + ": it is inland");
        if (!prov.coasts.empty()) {
            if (!coast_named) {  // DATC 4.B.7, 6.B.14
                std::string list;
                for (Coast c : prov.coasts) {
                    if (!list.empty()) list += " or ";
                    for (char ch : coast_code(c)) list += static_cast<char>(ch - 'A' + 'a');
                }
                return Checked::refused(name + " needs a coast: " + list);
            }
            order.unit.coast = *s.unit.place.coast;
        }
    }
    if (build_line_[p] != 0)  // DATC 4.D.5, 6.I.7: the first build in a province stands
        return Checked::refused("a build in " + name + " is already ordered on line " +
                                std::to_string(build_line_[p]));
    const int allowed = allowance(power);
    if (allowed <= 0)
        return Checked::refused(v.power_name(power) + " has no builds (" +
                                std::to_string(position_.center_count(power)) + " centres, " +
                                units_word(position_.center_count(power) - allowed) + ")");
    if (builds_used_[power] >= allowed)  // DATC 4.D.4, 6.I.1: the first builds stand
        return Checked::refused(v.power_name(power) + " may build only " + units_word(allowed));
    ++builds_used_[power];
    build_line_[p] = line;
    return Checked{order, {}, {}};
}

Checked AdjustmentLedger::disband(PowerId power, const OrderSyntax& s) {
    const Variant& v = variant_;
    const ProvinceId p = s.unit.place.province;
    const Unit* unit = position_.unit_at(p);
    std::string error = ownership_error(v, unit, p, power);
    if (!error.empty()) return Checked::refused(error);  // DATC 6.J.1
    Order order;
    order.type = OrderType::Disband;
    order.power = power;
    order.unit_type = unit->type;
    order.unit = unit->location;
    const std::string note = letter_note(v, s.unit.type, *unit);
    const int excess = -allowance(power);
    if (excess <= 0)
        return Checked::refused(v.power_name(power) + " has no units to remove (" +
                                std::to_string(position_.center_count(power)) + " centres, " +
                                units_word(position_.center_count(power) + excess) + ")");
    if (disbanded_[p]) return Checked{order, {}, note};  // the same unit again (DATC 6.J.2)
    if (removals_used_[power] >= excess)                 // DATC 4.D.6: the first disbands stand
        return Checked::refused(v.power_name(power) + " must remove only " + units_word(excess));
    ++removals_used_[power];
    disbanded_[p] = true;
    return Checked{order, {}, note};
}

}  // namespace adjutant
