// SPDX-License-Identifier: Apache-2.0
#include "orders/order.h"

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

std::string unit_text(const Variant& v, UnitType type, Location where) {
    std::string out(1, unit_letter(type));
    out += ' ';
    out += v.location_text(where);
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
    switch (type) {
        case OrderType::Hold:
            return unit_text(v, unit_type, unit) + " H";
        case OrderType::Move:
            // A module's order settled into a move (RuleModule::settle_orders: a RETIRE from
            // field works) keeps the text the player wrote, so the line's verdict is found
            // under the order it was acknowledged as.
            if (kind != nullptr && kind->text != nullptr) return kind->text(v, *this);
            return unit_text(v, unit_type, unit) + " - " + v.location_text(destination) +
                   (via_convoy ? " VIA CONVOY" : "");
        case OrderType::Support:
        case OrderType::Convoy: {
            std::string out = unit_text(v, unit_type, unit);
            out += type == OrderType::Support ? " S " : " C ";
            out += unit_text(v, target_type, Location{target, Coast::None});
            if (target_destination != kNoProvince)
                out +=
                    " - " + v.location_text(Location{target_destination, target_destination_coast});
            return out;
        }
        case OrderType::Retreat:
            return unit_text(v, unit_type, unit) + " R " + v.location_text(destination);
        case OrderType::Disband:
            return unit_text(v, unit_type, unit) + " D";
        case OrderType::Build:
            return "BUILD " + unit_text(v, unit_type, unit);
        case OrderType::Waive:
            return "WAIVE";
        case OrderType::RailMove: {
            if (kind != nullptr)
                return kind->text != nullptr ? kind->text(v, *this) : std::string("?");
            std::string out = unit_text(v, unit_type, unit);
            out += " - ";
            out += line < v.rail_lines.size() ? v.rail_lines[line].name : std::string("?");
            out += " - ";
            out += v.location_text(destination);
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
