#include "orders/order.h"

#include "variant/variant.h"

namespace adjutant {

namespace {
std::string unit_text(const Variant& v, UnitType type, Location where) {
    std::string out(1, unit_letter(type));
    out += ' ';
    out += v.location_text(where);
    return out;
}
}  // namespace

std::string Order::text(const Variant& v) const {
    switch (type) {
        case OrderType::Hold:
            return unit_text(v, unit_type, unit) + " H";
        case OrderType::Move:
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
            std::string out = unit_text(v, unit_type, unit);
            out += " - ";
            out += line == kNetworkRail         ? std::string("RAIL")
                   : line < v.rail_lines.size() ? v.rail_lines[line].name
                                                : std::string("?");
            out += " - ";
            out += v.location_text(destination);
            return out;
        }
        case OrderType::Dispatch:
            return "T " + v.location_text(unit) + " SUPPLY A " +
                   v.location_text(Location{target, Coast::None}) +
                   (count > 0   ? " EVERY WEEK"
                    : count < 0 ? " STOP"
                                : "");
        case OrderType::Purchase:
            return "BUY " + std::to_string(count) + " T " + v.location_text(unit);
        case OrderType::TrainPolicy:
            return count != 0 ? "DESTROY TRAINS" : "CAPTURE TRAINS";
        case OrderType::Besiege:
            return unit_text(v, unit_type, unit) + " BESIEGE";
        case OrderType::LiftSiege:
            return unit_text(v, unit_type, unit) + " LIFT";
        case OrderType::Assault:
            return unit_text(v, unit_type, unit) + " ASSAULT";
        case OrderType::Breach:
            return unit_text(v, unit_type, unit) + " BREACH";
        case OrderType::Sortie:
            return "G " + v.location_text(unit) + " SORTIE";
        case OrderType::HalfRations:
            return "G " + v.location_text(unit) + " HALF RATIONS";
        case OrderType::Stand:
            return "G " + v.location_text(unit) + " STAND";
        case OrderType::GarrisonSupport:
            return "G " + v.location_text(unit) + " S " +
                   unit_text(v, target_type, Location{target, Coast::None}) + " - " +
                   v.location_text(Location{target_destination, Coast::None});
        case OrderType::Demolish:
        case OrderType::Repair:
            return unit_text(v, unit_type, unit) +
                   (type == OrderType::Demolish ? " DEMOLISH " : " REPAIR ") +
                   v.location_text(Location{target, Coast::None});
        case OrderType::Permit:
            return "PERMIT " + (line < v.canals.size() ? v.canals[line].name : std::string("?")) +
                   " " +
                   (permitted < v.powers.size() ? v.powers[permitted].name : std::string("?"));
    }
    return "?";
}

}  // namespace adjutant
