// SPDX-License-Identifier: Apache-2.0
// Retreat-phase legality: only dislodged units, only to their listed retreats (DATC 6.H).
#include <algorithm>

#include "orders/legality.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

const DislodgedUnit* dislodged_at(const Position& pos, ProvinceId p) {
    for (const DislodgedUnit& d : pos.dislodged)
        if (d.unit.location.province == p) return &d;
    return nullptr;
}

// Why `d` is not among the unit's retreats, most specific reason first.
std::string no_retreat_reason(const Variant& v, const Position& pos, const DislodgedUnit& du,
                              ProvinceId d) {
    const std::string who = describe_unit(v, du.unit.type, du.unit.location);
    const std::string there = province_abbr(v, d);
    if (d == du.unit.location.province) return who + " cannot retreat to its own province";
    if (d == du.attacker_from)  // DATC 6.H.5
        return who + " cannot retreat to " + there + ": the attacker came from there";
    if (std::binary_search(pos.standoffs.begin(), pos.standoffs.end(), d))  // DATC 6.H.6
        return who + " cannot retreat to " + there + ": it was left empty by a standoff";
    if (pos.unit_at(d)) return who + " cannot retreat to " + there + ": it is occupied";
    return who + " cannot retreat to " + there;
}

}  // namespace

Checked check_retreat(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    switch (s.kind) {
        case SyntaxKind::Move:
        case SyntaxKind::Retreat:
        case SyntaxKind::Disband:
            break;
        default:  // DATC 6.H.1 to 6.H.3
            return Checked::refused("only retreats and disbands are ordered in a retreat phase");
    }
    const ProvinceId where = s.unit.place.province;
    const DislodgedUnit* du = dislodged_at(pos, where);
    if (!du) {
        if (const Unit* u = pos.unit_at(where))
            return Checked::refused(describe_unit(v, u->type, u->location) +
                                    " was not dislodged; only dislodged units retreat");
        return Checked::refused("no dislodged unit at " + province_abbr(v, where));
    }
    std::string error = ownership_error(v, &du->unit, where, power);
    if (!error.empty()) return Checked::refused(error);
    Order order;
    order.power = power;
    order.unit_type = du->unit.type;
    order.unit = du->unit.location;
    const std::string note = letter_note(v, s.unit.type, du->unit);
    // A refusal of "A TRI - VEN" for a dislodged fleet says there is no dislodged army in TRI
    // before why the fleet cannot go, and never calls it "F TRI": the player is not left reading
    // of a fleet the server seems to have made up (letter_refusal).
    auto refused = [&](const std::string& why) {
        return Checked::refused(
            note.empty() ? why : letter_refusal(v, *s.unit.type, du->unit, why, true));
    };
    if (s.kind == SyntaxKind::Disband) {
        order.type = OrderType::Disband;
        return Checked{order, {}, note};
    }
    if (s.via_convoy || !s.path.empty())  // DATC 6.H.13
        return refused("a retreat cannot be convoyed");
    const ProvinceId d = s.destination.province;
    std::vector<Coast> coasts;
    for (const Location& l : du->retreats)
        if (l.province == d) coasts.push_back(l.coast);
    if (coasts.empty()) return refused(no_retreat_reason(v, pos, *du, d));
    order.type = OrderType::Retreat;
    const auto& own = v.provinces[d].coasts;
    const bool split = du->unit.type == UnitType::Fleet && !own.empty();
    const bool named =
        s.destination.coast && std::find(own.begin(), own.end(), *s.destination.coast) != own.end();
    if (!split || coasts.size() == 1) {
        order.destination = Location{d, split ? coasts.front() : Coast::None};
        if (split && named && *s.destination.coast != coasts.front())  // DATC 4.B.3
            return refused(describe_unit(v, du->unit.type, du->unit.location) +
                           " cannot retreat to " +
                           v.location_text(Location{d, *s.destination.coast}));
        return Checked{order, {}, note};
    }
    if (!named) {
        std::string list;
        for (Coast c : coasts) {
            if (!list.empty()) list += " or ";
            for (char ch : coast_code(c)) list += static_cast<char>(ch - 'A' + 'a');
        }
        return refused(province_abbr(v, d) + " needs a coast: " + list);
    }
    order.destination = Location{d, *s.destination.coast};
    if (std::find(coasts.begin(), coasts.end(), *s.destination.coast) == coasts.end())
        return refused(describe_unit(v, du->unit.type, du->unit.location) + " cannot retreat to " +
                       v.location_text(order.destination));
    return Checked{order, {}, note};
}

}  // namespace adjutant
