// SPDX-License-Identifier: Apache-2.0
#include "orders/order.h"

#include <string_view>

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The canonical text is written a piece at a time into a sink: first a buffer on the stack, made
// a string once; built from temporaries ("A PAR" + " - " + "BUR") it cost a string per piece,
// for every accepted line. A text the buffer cannot hold (long names) is written again into a
// string.
struct BufferSink {
    char text[64];
    std::size_t length = 0;
    bool overflow = false;
    void put(std::string_view piece) {
        if (length + piece.size() > sizeof text) {
            overflow = true;
            return;
        }
        for (char c : piece) text[length++] = c;
    }
    void put(char c) { put(std::string_view(&c, 1)); }
};

struct StringSink {
    std::string text;
    void put(std::string_view piece) { text += piece; }
    void put(char c) { text += c; }
};

template <class Sink>
void write_location(Sink& out, const Variant& v, Location where) {
    if (where.province >= v.provinces.size()) return out.put('?');
    out.put(v.provinces[where.province].abbr);
    if (where.coast != Coast::None) {
        out.put('/');
        out.put(coast_code(where.coast));
    }
}

template <class Sink>
void write_unit(Sink& out, const Variant& v, UnitType type, Location where) {
    out.put(unit_letter(type));
    out.put(' ');
    write_location(out, v, where);
}

// The text of the core's own orders (not a module's, not a permit's).
template <class Sink>
void write_order(Sink& out, const Variant& v, const Order& o) {
    switch (o.type) {
        case OrderType::Hold:
            write_unit(out, v, o.unit_type, o.unit);
            return out.put(" H");
        case OrderType::Move:
            write_unit(out, v, o.unit_type, o.unit);
            out.put(" - ");
            write_location(out, v, o.destination);
            if (o.via_convoy) out.put(" VIA CONVOY");
            return;
        case OrderType::Support:
        case OrderType::Convoy:
            write_unit(out, v, o.unit_type, o.unit);
            out.put(o.type == OrderType::Support ? " S " : " C ");
            write_unit(out, v, o.target_type, Location{o.target, Coast::None});
            if (o.target_destination != kNoProvince) {
                out.put(" - ");
                write_location(out, v, Location{o.target_destination, o.target_destination_coast});
            }
            return;
        case OrderType::Retreat:
            write_unit(out, v, o.unit_type, o.unit);
            out.put(" R ");
            return write_location(out, v, o.destination);
        case OrderType::Disband:
            write_unit(out, v, o.unit_type, o.unit);
            return out.put(" D");
        case OrderType::Build:
            out.put("BUILD ");
            return write_unit(out, v, o.unit_type, o.unit);
        case OrderType::Waive:
            return out.put("WAIVE");
        case OrderType::RailMove:  // along a named line
            write_unit(out, v, o.unit_type, o.unit);
            out.put(" - ");
            out.put(o.line < v.rail_lines.size() ? std::string_view(v.rail_lines[o.line].name)
                                                 : "?");
            out.put(" - ");
            return write_location(out, v, o.destination);
        default:
            return out.put('?');
    }
}

template <class Write>
std::string written(Write write) {
    BufferSink buffer;
    write(buffer);
    if (!buffer.overflow) return std::string(buffer.text, buffer.length);
    StringSink string;
    write(string);
    return std::move(string.text);
}

}  // namespace

std::string unit_text(const Variant& v, UnitType type, Location where) {
    return written([&](auto& out) { write_unit(out, v, type, where); });
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
        case OrderType::Move:
            // A module's order settled into a move (RuleModule::settle_orders: a RETIRE from
            // field works) keeps the text the player wrote, so the line's verdict is found
            // under the order it was acknowledged as.
            if (kind != nullptr && kind->text != nullptr) return kind->text(v, *this);
            break;
        case OrderType::RailMove:
            if (kind != nullptr)
                return kind->text != nullptr ? kind->text(v, *this) : std::string("?");
            break;
        case OrderType::Module:
            return kind != nullptr && kind->text != nullptr ? kind->text(v, *this)
                                                            : std::string("?");
        case OrderType::Permit:
            return "PERMIT " + (line < v.canals.size() ? v.canals[line].name : std::string("?")) +
                   " " +
                   (permitted < v.powers.size() ? v.powers[permitted].name : std::string("?"));
        default:
            break;
    }
    return written([&](auto& out) { write_order(out, v, *this); });
}

}  // namespace adjutant
