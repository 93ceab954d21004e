// SPDX-License-Identifier: Apache-2.0
// Movement-phase legality: hold, move, support, convoy (DATC 6.A, 6.B, 6.D.22-34, 6.F.1, 6.G.19).
#include <algorithm>
#include <bit>
#include <span>
#include <utility>

#include "module/rule_module.h"
#include "orders/convoy_route.h"
#include "orders/legality.h"
#include "position/position.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The order refused: what its kind wrote into it (the order, a note), if anything, is dropped.
void refuse(Checked& out, std::string message) {
    out.order.reset();
    out.note.clear();
    out.error = std::move(message);
}

// The order kept, and its note. The note is moved in only when there is one: moving even an
// empty string into a new one copies its buffer with a call to memcpy.
void keep(Checked& out, std::string&& note) {
    if (!note.empty()) out.note = std::move(note);
}

Terrain terrain(const Variant& v, ProvinceId p) {
    return v.provinces[p].terrain;
}

// Coasts as bits, one per Coast value: what Variant::reachable_coasts lists, without the vector
// it allocates for every fleet move to a split province.
using CoastBits = unsigned;

bool has(CoastBits bits, Coast c) {
    return (bits >> static_cast<unsigned>(c)) & 1U;
}

// The coasts of `to` a fleet on `from` can move to.
CoastBits reachable_coasts(const Variant& v, Location from, ProvinceId to) {
    CoastBits bits = 0;
    if (from.province >= v.fleet_adjacency.size()) return bits;
    for (const FleetEdge& e : v.fleet_adjacency[from.province])
        if (e.from == from.coast && e.to.province == to)
            bits |= CoastBits{1} << static_cast<unsigned>(e.to.coast);
    return bits;
}

// In coast order, as reachable_coasts lists them: "nc or sc".
std::string coast_list(CoastBits coasts) {
    std::string out;
    for (unsigned c = 0; c < 8 * sizeof(CoastBits); ++c) {
        if (!has(coasts, static_cast<Coast>(c))) continue;
        if (!out.empty()) out += " or ";
        for (char ch : coast_code(static_cast<Coast>(c))) out += static_cast<char>(ch - 'A' + 'a');
    }
    return out;
}

// A written coast that the province does not have is ignored (DATC 4.B.6).
std::optional<Coast> real_coast(const Variant& v, const PlaceRef& place) {
    const auto& coasts = v.provinces[place.province].coasts;
    if (place.coast && std::find(coasts.begin(), coasts.end(), *place.coast) != coasts.end())
        return place.coast;
    return std::nullopt;
}

// Where a fleet on `from` moves when ordered to `dest`; empty error on success.
// A canal (Suez) is open to orders while a unit stands in its province; whether that unit's
// power permits the passage is decided at adjudication (docs/colonial.md).
const Canal* open_canal(const Variant& v, const Position& pos, Location from, ProvinceId to) {
    const Canal* canal = v.canal_between(from.province, to);
    return canal != nullptr && pos.unit_at(canal->via) != nullptr ? canal : nullptr;
}

std::string closed_canal(const Variant& v, Location from, ProvinceId to) {
    const Canal* canal = v.canal_between(from.province, to);
    if (canal == nullptr) return {};
    return "the " + canal->name + " canal is closed: no unit in " + province_abbr(v, canal->via);
}

// Where a unit can go by itself this turn, canals with a unit in them included.
bool reaches(const Variant& v, const Position& pos, const Unit& unit, ProvinceId to) {
    return v.can_reach(unit.type, unit.location, to) ||
           (unit.type == UnitType::Fleet && open_canal(v, pos, unit.location, to) != nullptr);
}

std::string fleet_destination(const Variant& v, const Position& pos, const Unit& unit,
                              const PlaceRef& dest, Location& out) {
    const ProvinceId d = dest.province;
    // Built only on the error paths: accepted orders must not pay for their messages.
    auto who = [&] { return describe_unit(v, unit.type, unit.location); };
    if (terrain(v, d) == Terrain::Land || terrain(v, d) == Terrain::Impassable)
        return who() + " cannot move to " + province_abbr(v, d) + ": fleets cannot enter " +
               (terrain(v, d) == Terrain::Land ? "inland provinces" : "impassable provinces");
    if (v.provinces[d].coasts.empty()) {
        out = Location{d, Coast::None};
        // Every edge to a province without coasts ends on no coast: reaching it is moving there.
        if (v.fleet_can_reach(unit.location, d)) return {};
        if (open_canal(v, pos, unit.location, d)) return {};
        if (std::string closed = closed_canal(v, unit.location, d); !closed.empty()) return closed;
        return who() + " cannot reach " + province_abbr(v, d);
    }
    const CoastBits reach = reachable_coasts(v, unit.location, d);
    if (reach == 0) return who() + " cannot reach " + province_abbr(v, d);
    if (auto coast = real_coast(v, dest)) {  // a wrong coast is illegal (DATC 4.B.3, 6.B.3)
        out = Location{d, *coast};
        if (has(reach, *coast)) return {};
        return who() + " cannot reach " + v.location_text(out);
    }
    if (std::has_single_bit(reach)) {  // the only reachable coast (DATC 4.B.2, 6.B.2)
        out = Location{d, static_cast<Coast>(std::countr_zero(reach))};
        return {};
    }
    return province_abbr(v, d) + " needs a coast: " + coast_list(reach);  // DATC 4.B.1, 6.B.1
}

void move(const Variant& v, const Position& pos, const Unit& unit, const OrderSyntax& s,
          Checked& out) {
    Order& order = *out.order;
    const ProvinceId from = unit.location.province;
    const ProvinceId d = s.destination.province;
    auto who = [&] { return describe_unit(v, unit.type, unit.location); };
    order.type = OrderType::Move;
    if (d == from)
        return refuse(out, who() + " cannot move to its own province");  // DATC 6.A.4, 6.A.5
    if (unit.type == UnitType::Fleet) {
        if (s.via_convoy || !s.path.empty()) return refuse(out, "a fleet cannot be convoyed");
        std::string error = fleet_destination(v, pos, unit, s.destination, order.destination);
        if (!error.empty()) return refuse(out, error);
        return;
    }
    // Armies: a written coast is irrelevant and ignored (DATC 4.B.6, 6.B.12).
    order.destination = Location{d, Coast::None};
    if (terrain(v, d) == Terrain::Sea)
        return refuse(
            out, who() + " cannot move to " + province_abbr(v, d) + ": armies cannot enter sea");
    if (terrain(v, d) == Terrain::Impassable)
        return refuse(out, who() + " cannot move to " + province_abbr(v, d) + ": it is impassable");
    // The note written in the result at once (a refusal below clears it): no string of its own
    // made and dropped for every move without a path.
    if (!s.path.empty()) {  // convoy paths are ignored (DATC 4.A.6)
        for (ProvinceId p : s.path)
            if (terrain(v, p) != Terrain::Sea)
                return refuse(out, "a move has one destination; " + province_abbr(v, p) +
                                       " is not a sea on a convoy path");
        out.note = "convoy path ignored (DATC 4.A.6)";
    }
    // Whether both ends are coastal is asked only of a convoy: most moves are to a neighbour.
    const auto coastal_ends = [&] { return is_coastal(v, from) && is_coastal(v, d); };
    if (s.via_convoy) {
        if (!coastal_ends())
            return refuse(out, "armies are only convoyed between coastal provinces");
        if (!convoy_route_exists(v, pos, from, d))
            return refuse(out,
                          "no fleets at sea could convoy " + who() + " to " + province_abbr(v, d));
        order.via_convoy = true;
        return;
    }
    if (v.army_can_move(from, d)) return;
    // Not adjacent: legal as a convoy attempt only if fleets now at sea could carry it
    // (DATC 4.E.1, 6.D.32); whether they do is the resolver's question.
    const bool coastal = coastal_ends();
    if (coastal && convoy_route_exists(v, pos, from, d)) return;
    if (coastal)
        return refuse(out, province_abbr(v, d) + " is not adjacent to " + province_abbr(v, from) +
                               " and no fleets at sea could convoy " + who() + " there");
    return refuse(out, province_abbr(v, d) + " is not adjacent to " + province_abbr(v, from));
}

// Could the supported unit make this move by itself or by a convoy not using the supporter?
bool supported_move_possible(const Variant& v, const Position& pos, const Unit& target,
                             const PlaceRef& dest, ProvinceId supporter) {
    const ProvinceId d = dest.province;
    for (const RailLine& line : v.rail_lines) {  // a rail move may be supported (TSR 9.26)
        if (line.power != target.power || line.unit_type != target.type) continue;
        const auto on = [&](ProvinceId p) {
            return std::find(line.provinces.begin(), line.provinces.end(), p) !=
                   line.provinces.end();
        };
        if (on(target.location.province) && on(d)) return true;
    }
    if (target.type == UnitType::Fleet && open_canal(v, pos, target.location, d)) return true;
    if (target.type == UnitType::Fleet) {
        const CoastBits reach = reachable_coasts(v, target.location, d);
        if (reach == 0) return false;  // DATC 6.D.22
        auto coast = real_coast(v, dest);
        return !coast || has(reach, *coast);
    }
    if (terrain(v, d) != Terrain::Land && terrain(v, d) != Terrain::Coast) return false;
    if (v.army_can_move(target.location.province, d)) return true;
    return convoy_route_exists(v, pos, target.location.province, d, supporter);  // DATC 6.D.31
}

void support(const Variant& v, const Position& pos, const Unit& unit, const OrderSyntax& s,
             Checked& out) {
    Order& order = *out.order;
    const ProvinceId here = unit.location.province;
    const ProvinceId t = s.target.place.province;
    auto who = [&] { return describe_unit(v, unit.type, unit.location); };
    order.type = OrderType::Support;
    if (t == here)
        return refuse(out, s.target_destination ? "a unit cannot support its own move"
                                                : "a unit cannot support itself");  // DATC 6.A.8
    const Unit* target = pos.unit_at(t);
    // Supporting an empty province can never be valid, so it is illegal (DATC 4.E.1).
    if (!target) return refuse(out, "no unit at " + province_abbr(v, t) + " to support");
    order.target = t;
    order.target_type = target->type;  // the written letter is ignored (DATC 4.C.1, 4.C.2)
    std::string note = letter_note(v, s.target.type, *target);
    if (!s.target_destination) {
        if (!reaches(v, pos, unit, t))
            return refuse(
                out, who() + " cannot reach " + province_abbr(v, t) + ", so cannot support it");
        return keep(out, std::move(note));
    }
    const ProvinceId d = s.target_destination->province;
    auto move_text = [&] {
        return describe_unit(v, target->type, target->location) + " - " + province_abbr(v, d);
    };
    if (d == t) return refuse(out, "the supported unit cannot move to its own province");
    if (d == here)  // DATC 6.D.34
        return refuse(out, "a unit cannot support a move into its own province");
    // Coasts do not matter for the supporter (DATC 6.B.4), only the province (6.A.10, 6.B.5).
    if (!reaches(v, pos, unit, d))
        return refuse(out, who() + " cannot reach " + province_abbr(v, d) + ", so cannot support " +
                               move_text());
    if (!supported_move_possible(v, pos, *target, *s.target_destination, here))
        return refuse(out, "the supported move " + move_text() + " is impossible");
    order.target_destination = d;
    if (target->type == UnitType::Fleet && !v.provinces[d].coasts.empty())
        order.target_destination_coast = s.target_destination->coast.value_or(Coast::None);
    return keep(out, std::move(note));
}

void convoy(const Variant& v, const Position& pos, const Unit& unit, const OrderSyntax& s,
            Checked& out) {
    Order& order = *out.order;
    const ProvinceId here = unit.location.province;
    order.type = OrderType::Convoy;
    if (unit.type != UnitType::Fleet || terrain(v, here) != Terrain::Sea)
        return refuse(out, "only fleets at sea can convoy");  // DATC 6.F.1
    const ProvinceId t = s.target.place.province;
    const Unit* army = pos.unit_at(t);
    if (!army) return refuse(out, "no unit at " + province_abbr(v, t) + " to convoy");
    if (army->type == UnitType::Fleet)
        return refuse(out, "a fleet cannot be convoyed");  // DATC 6.A.7
    const ProvinceId d = s.target_destination->province;
    if (d == t)  // DATC 6.A.5
        return refuse(out, "the convoyed army cannot move to its own province");
    if (!is_coastal(v, t) || !is_coastal(v, d))
        return refuse(out, "armies are only convoyed between coastal provinces");
    if (!fleet_on_convoy_route(v, pos, t, d, here))  // DATC 6.G.19
        return refuse(out, describe_unit(v, unit.type, unit.location) +
                               " is not on any convoy route from " + province_abbr(v, t) + " to " +
                               province_abbr(v, d));
    order.target = t;
    order.target_type = UnitType::Army;
    order.target_destination = d;
    out.note = letter_note(v, s.target.type, *army);
}

// A MOS - TSR - IRK (Colonial rules 9.21-9.23; docs/colonial.md).
void rail_move(const Variant& v, const Position& pos, const Unit& unit, const OrderSyntax& s,
               Checked& out) {
    Order& order = *out.order;
    const RailLine& line = v.rail_lines[s.line];
    order.type = OrderType::RailMove;
    order.line = static_cast<std::uint8_t>(s.line);
    const auto on_line = [&](ProvinceId p) {
        return std::find(line.provinces.begin(), line.provinces.end(), p) != line.provinces.end();
    };
    if (unit.power != line.power)
        return refuse(out, "only " + v.power_name(line.power) + " may use the " + line.name);
    if (unit.type != line.unit_type)
        return refuse(out, std::string("only ") +
                               (line.unit_type == UnitType::Army ? "armies" : "fleets") +
                               " may use the " + line.name);
    const std::string who = describe_unit(v, unit.type, unit.location);
    if (!on_line(unit.location.province)) return refuse(out, who + " is not on the " + line.name);
    const ProvinceId d = s.destination.province;
    if (!on_line(d)) return refuse(out, province_abbr(v, d) + " is not on the " + line.name);
    if (d == unit.location.province)
        return refuse(out, who + " is already in " + province_abbr(v, d));
    if (pos.unit_at(d) != nullptr)  // rule 9.23
        return refuse(out, "the " + line.name + " only carries a unit to an unoccupied province; " +
                               province_abbr(v, d) + " is occupied");
    order.destination = Location{d, Coast::None};
}

// PERMIT SUEZ Britain: the power holding the canal's province lets another power's fleets pass.
void permit(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s,
            Checked& out) {
    const Canal& canal = v.canals[s.line];
    if (s.permitted == power)
        return refuse(out,
                      "your own fleets need no permission to use the " + canal.name + " canal");
    const Unit* keeper = pos.unit_at(canal.via);
    if (keeper == nullptr || keeper->power != power)
        return refuse(out, "only the power with a unit in " + province_abbr(v, canal.via) +
                               " can permit passage through the " + canal.name + " canal");
    Order& order = out.order.emplace();
    order.type = OrderType::Permit;
    order.power = power;
    order.line = static_cast<std::uint8_t>(s.line);
    order.permitted = s.permitted;
}

// A unit's own order judged by the core's rules, written into `out.order` (made by the
// caller, the unit's fields set): the kinds write the order where it is returned, once.
void unit_order(const Variant& v, const Position& pos, const Unit& unit, const OrderSyntax& s,
                Checked& out) {
    switch (s.kind) {
        case SyntaxKind::Move:
            return move(v, pos, unit, s, out);
        case SyntaxKind::Support:
            return support(v, pos, unit, s, out);
        case SyntaxKind::Convoy:
            return convoy(v, pos, unit, s, out);
        case SyntaxKind::RailMove:
            return rail_move(v, pos, unit, s, out);
        default:
            out.order->type = OrderType::Hold;
            return;
    }
}

// The order of `unit`, the power's own, made in the caller's result and written there by its
// kind. A result kept in a local and returned, or an order made apart and copied into it, cost
// a copy of each on every line.
void unit_check(const Variant& v, const Position& pos, PowerId power, const Unit& unit,
                const OrderSyntax& s, Checked& out) {
    Order& order = out.order.emplace();
    order.power = power;
    // The unit as it stands: a written coast of the ordered unit is ignored (DATC 4.B.5).
    order.unit_type = unit.type;
    order.unit = unit.location;
    unit_order(v, pos, unit, s, out);
    if (!s.unit.type || *s.unit.type == unit.type) return;
    // The letter, as written. A refusal of "F VLA-SOJ" for an army says there is no fleet in
    // VLA before why the army cannot go, and never calls it "A VLA": the player is not left
    // reading of an army the server seems to have made up (letter_refusal).
    if (out.order) {
        const std::string note = letter_note(v, s.unit.type, unit);
        out.note = out.note.empty() ? note : note + "; " + out.note;
    } else if (!out.error.empty()) {
        out.error = letter_refusal(v, *s.unit.type, unit, out.error);
    }
}

// The order judged by the core's rules and its module's own (ModuleOrderKind::check).
void check_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s,
                 Checked& out) {
    switch (s.kind) {
        case SyntaxKind::Retreat:
            return refuse(out, "retreats are only ordered in a retreat phase");
        case SyntaxKind::Disband:
            return refuse(out, "disbands are only ordered in retreat and adjustment phases");
        case SyntaxKind::Build:
        case SyntaxKind::Waive:
            return refuse(out, "builds and waives are only ordered in an adjustment phase");
        case SyntaxKind::Permit:
            return permit(v, pos, power, s, out);
        case SyntaxKind::Module:
            out = s.module_kind->check(v, pos, power, s);
            return;
        default:
            break;
    }
    const ProvinceId where = s.unit.place.province;
    const Unit* unit = pos.unit_at(where);
    if (unit == nullptr || unit->power != power)  // DATC 6.A.6
        return refuse(out, ownership_error(v, unit, where, power));
    unit_check(v, pos, power, *unit, s, out);
}

}  // namespace

void check_movement(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s,
                    std::span<const RuleModule* const> refusing, Checked& out) {
    check_order(v, pos, power, s, out);
    // A rule module may refuse an order the rules above allow (an army too weak to march out
    // of its city on campaign: docs/army-strength.md).
    for (const RuleModule* module : refusing) {
        if (!out.order) return;
        if (std::string why = module->refuse(v, pos, *out.order); !why.empty())
            return refuse(out, std::move(why));
    }
}

}  // namespace adjutant
