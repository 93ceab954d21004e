// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: arbitrary bytes as order text, for the standard starting position in each
// phase kind. The parser must never crash or hang, and every message must be printable text (clean
// UTF-8). The seats read by one reader and one by one must agree.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "orders/lexer.h"
#include "orders/parser.h"
#include "position/position.h"
#include "starting_position.h"
#include "variant/variant_json.h"

#ifndef ADJUTANT_SOURCE_DIR
#define ADJUTANT_SOURCE_DIR "."
#endif

namespace {

using namespace adjutant;

struct World {
    Variant variant;
    Position movement, retreat, adjustment;
};

const World& world() {
    static const World w = [] {
        std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/standard.json",
                         std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        VariantLoad load = load_variant(text.str());
        if (!load.ok()) std::abort();  // the fuzzer is useless without its variant
        World out{std::move(*load.variant), {}, {}, {}};
        out.movement = starting_position(out.variant);
        out.retreat = out.movement;
        out.retreat.phase.kind = PhaseKind::Retreat;
        // One dislodged unit per power, each with its province's neighbours as retreats.
        for (const Unit& u : out.movement.units) {
            DislodgedUnit d{u, kNoProvince, {}};
            for (const FleetEdge& e : out.variant.fleet_adjacency[u.location.province])
                if (u.type == UnitType::Fleet && e.from == u.location.coast)
                    d.retreats.push_back(e.to);
            for (ProvinceId p : out.variant.army_adjacency[u.location.province])
                if (u.type == UnitType::Army) d.retreats.push_back(Location{p, Coast::None});
            out.retreat.dislodged.push_back(d);
        }
        out.retreat.normalise();
        out.adjustment = out.movement;
        out.adjustment.phase = Phase{Season::Winter, 1901, PhaseKind::Adjustment};
        out.adjustment.units.resize(out.adjustment.units.size() / 2);  // builds for some
        return out;
    }();
    return w;
}

// Messages are text a player reads: printable characters only (clean UTF-8, no controls).
void check_printable(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = printable_char(text, i);
        if (len == 0) std::abort();
        i += len;
    }
}

bool same_verdicts(const ParsedOrders& a, const ParsedOrders& b) {
    if (a.orders != b.orders || a.verdicts.size() != b.verdicts.size()) return false;
    for (std::size_t i = 0; i < a.verdicts.size(); ++i) {
        const OrderVerdict& x = a.verdicts[i];
        const OrderVerdict& y = b.verdicts[i];
        if (x.line != y.line || x.power != y.power || x.order != y.order || x.error != y.error ||
            x.note != y.note || x.input() != y.input())
            return false;
    }
    return true;
}

// The text cut into seats at its form feeds, each seat a power in turn from `as`: the server's
// parse of every seat by one reader (parse_seats) must read them as parse_onto reads each in
// turn, with the texts in one shared buffer (`shared`) or copied by the parse.
void same_as_each_seat(const Position& pos, std::string_view text, PowerId as, bool shared) {
    const World& w = world();
    static const OrderParser parser(w.variant);
    std::shared_ptr<char[]> buffer(new char[text.size() + 1]);
    std::memcpy(buffer.get(), text.data(), text.size());
    const std::string_view copy(buffer.get(), text.size());
    std::vector<SeatSubmission> seats;
    ParsedOrders onto;
    std::size_t power = as;
    for (std::size_t at = 0;;) {
        const std::size_t end = std::min(copy.find('\f', at), copy.size());
        SeatSubmission& seat = seats.emplace_back();
        seat.text = copy.substr(at, end - at);
        seat.power = power < w.variant.powers.size() ? static_cast<PowerId>(power) : kNoPower;
        power = (power + 1) % (w.variant.powers.size() + 1);
        parser.parse_onto(onto, pos, seat.text, seat.power);
        if (end == copy.size()) break;
        at = end + 1;
    }
    ParsedOrders all;
    parser.parse_seats(all, pos, seats, shared ? buffer : nullptr);
    if (!same_verdicts(all, onto)) std::abort();
    if (seats.back().verdicts_end != onto.verdicts.size() ||
        seats.back().orders_end != onto.orders.size())
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const World& w = world();
    if (size == 0) return 0;
    // The first byte picks the submitting power (or none); the rest is the order text.
    const PowerId as = data[0] < w.variant.powers.size() ? data[0] : kNoPower;
    // One parser for the whole run: indexing the names per input would dominate the time.
    static const OrderParser parser(w.variant);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    bool shared = data[0] % 2 == 0;
    for (const Position* pos : {&w.movement, &w.retreat, &w.adjustment}) {
        same_as_each_seat(*pos, text, as, shared);
        shared = !shared;
        const ParsedOrders parsed = parser.parse(*pos, text, as);
        std::size_t accepted = 0;
        for (const OrderVerdict& v : parsed.verdicts) {
            check_printable(v.error);
            check_printable(v.note);
            // The echo is safe to store and send: no control byte but a tab.
            for (const char c : v.input())
                if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F) std::abort();
            if (v.accepted()) {
                ++accepted;
                if (v.canonical(w.variant).empty()) std::abort();
            } else if (v.error.empty()) {
                std::abort();  // every verdict is accepted or says why not
            }
        }
        if (parsed.orders.size() > accepted) std::abort();
    }
    return 0;
}
