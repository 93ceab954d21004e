// SPDX-License-Identifier: Apache-2.0
#include "orders/order.h"

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The canonical text is written into one string, a piece at a time: built from temporaries
// ("A PAR" + " - " + "BUR") it cost a string per piece, for every accepted line.
void append_location(std::string& out, const Variant& v, Location where) {
    if (where.province >= v.provinces.size()) {
        out += '?';
        return;
    }
    out += v.provinces[where.province].abbr;
    if (where.coast != Coast::None) {
        out += '/';
        out += coast_code(where.coast);
    }
}

void append_unit(std::string& out, const Variant& v, UnitType type, Location where) {
    out += unit_letter(type);
    out += ' ';
    append_location(out, v, where);
}

}  // namespace

std::string unit_text(const Variant& v, UnitType type, Location where) {
    std::string out;
    append_unit(out, v, type, where);
    return out;
}

bool orders_a_unit(const Order& order) {
    switch (order.type) {
        case OrderType::Build:
        case OrderType::Waive:
        case OrderType::Permit:
            return false;
        case OrderType::Module:
            return order.kind != nullptr && order.kind->orders_a_unit;
        default:
            return true;
    }
}

std::string Order::text(const Variant& v) const {
    std::string out;
    switch (type) {
        case OrderType::Hold:
            append_unit(out, v, unit_type, unit);
            out += " H";
            return out;
        case OrderType::Move:
            // A module's order settled into a move (RuleModule::settle_orders: a RETIRE from
            // field works) keeps the text the player wrote, so the line's verdict is found
            // under the order it was acknowledged as.
            if (kind != nullptr && kind->text != nullptr) return kind->text(v, *this);
            append_unit(out, v, unit_type, unit);
            out += " - ";
            append_location(out, v, destination);
            if (via_convoy) out += " VIA CONVOY";
            return out;
        case OrderType::Support:
        case OrderType::Convoy: {
            append_unit(out, v, unit_type, unit);
            out += type == OrderType::Support ? " S " : " C ";
            append_unit(out, v, target_type, Location{target, Coast::None});
            if (target_destination != kNoProvince) {
                out += " - ";
                append_location(out, v, Location{target_destination, target_destination_coast});
            }
            return out;
        }
        case OrderType::Retreat:
            append_unit(out, v, unit_type, unit);
            out += " R ";
            append_location(out, v, destination);
            return out;
        case OrderType::Disband:
            append_unit(out, v, unit_type, unit);
            out += " D";
            return out;
        case OrderType::Build:
            return "BUILD " + unit_text(v, unit_type, unit);
        case OrderType::Waive:
            return "WAIVE";
        case OrderType::RailMove: {
            if (kind != nullptr)
                return kind->text != nullptr ? kind->text(v, *this) : std::string("?");
            append_unit(out, v, unit_type, unit);
            out += " - ";
            out += line < v.rail_lines.size() ? std::string_view(v.rail_lines[line].name) : "?";
            out += " - ";
            append_location(out, v, destination);
            return out;
        }
        case OrderType::Module:
            return kind != nullptr && kind->text != nullptr ? kind->text(v, *this)
                                                            : std::string("?");
        case OrderType::Permit:
            return "PERMIT " + (line < v.canals.size() ? v.canals[line].name : std::string("?")) +
                   " " +
                   (permitted < v.powers.size() ? v.powers[permitted].name : std::string("?"));
    }
    return "?";
}

}  // namespace adjutant
