// SPDX-License-Identifier: Apache-2.0
#include "orders/order.h"

#include <cstring>
#include <string_view>

#include "module/rule_module.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The canonical text, written a piece at a time into a buffer on the stack and made a string
// once: built from temporaries ("A PAR" + " - " + "BUR") it cost a string per piece, and
// appended to a string a capacity check per piece, for every accepted line. A text longer than
// the buffer (long names) goes on in a string.
class TextWriter {
  public:
    TextWriter& operator<<(std::string_view piece) {
        if (!spilled_ && length_ + piece.size() <= sizeof buffer_) {
            std::memcpy(buffer_ + length_, piece.data(), piece.size());
            length_ += piece.size();
            return *this;
        }
        if (!spilled_) {
            spill_.assign(buffer_, length_);
            spilled_ = true;
        }
        spill_ += piece;
        return *this;
    }
    TextWriter& operator<<(char c) { return *this << std::string_view(&c, 1); }
    std::string text() { return spilled_ ? std::move(spill_) : std::string(buffer_, length_); }

  private:
    char buffer_[64];
    std::size_t length_ = 0;
    bool spilled_ = false;
    std::string spill_;
};

void write_location(TextWriter& out, const Variant& v, Location where) {
    if (where.province >= v.provinces.size()) {
        out << '?';
        return;
    }
    out << v.provinces[where.province].abbr;
    if (where.coast != Coast::None) out << '/' << coast_code(where.coast);
}

void write_unit(TextWriter& out, const Variant& v, UnitType type, Location where) {
    out << unit_letter(type) << ' ';
    write_location(out, v, where);
}

}  // namespace

std::string unit_text(const Variant& v, UnitType type, Location where) {
    TextWriter out;
    write_unit(out, v, type, where);
    return out.text();
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
    TextWriter out;
    switch (type) {
        case OrderType::Hold:
            write_unit(out, v, unit_type, unit);
            out << " H";
            return out.text();
        case OrderType::Move:
            // A module's order settled into a move (RuleModule::settle_orders: a RETIRE from
            // field works) keeps the text the player wrote, so the line's verdict is found
            // under the order it was acknowledged as.
            if (kind != nullptr && kind->text != nullptr) return kind->text(v, *this);
            write_unit(out, v, unit_type, unit);
            out << " - ";
            write_location(out, v, destination);
            if (via_convoy) out << " VIA CONVOY";
            return out.text();
        case OrderType::Support:
        case OrderType::Convoy:
            write_unit(out, v, unit_type, unit);
            out << (type == OrderType::Support ? " S " : " C ");
            write_unit(out, v, target_type, Location{target, Coast::None});
            if (target_destination != kNoProvince) {
                out << " - ";
                write_location(out, v, Location{target_destination, target_destination_coast});
            }
            return out.text();
        case OrderType::Retreat:
            write_unit(out, v, unit_type, unit);
            out << " R ";
            write_location(out, v, destination);
            return out.text();
        case OrderType::Disband:
            write_unit(out, v, unit_type, unit);
            out << " D";
            return out.text();
        case OrderType::Build:
            return "BUILD " + unit_text(v, unit_type, unit);
        case OrderType::Waive:
            return "WAIVE";
        case OrderType::RailMove: {
            if (kind != nullptr)
                return kind->text != nullptr ? kind->text(v, *this) : std::string("?");
            write_unit(out, v, unit_type, unit);
            out << " - "
                << (line < v.rail_lines.size() ? std::string_view(v.rail_lines[line].name) : "?")
                << " - ";
            write_location(out, v, destination);
            return out.text();
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
