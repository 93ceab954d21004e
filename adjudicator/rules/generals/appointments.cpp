// SPDX-License-Identifier: Apache-2.0
// 4g "When a general is required to command a field army or garrison he must be taken from his
// pool from the top ranking general down": as the week ends, every army and garrison of a power
// with a pool that has no general takes the highest-ranked general not yet given a command. A
// field army is commanded before a garrison, and a greater fortress before a lesser, so a pool
// that runs short leaves the least commands without one; they roll the plain generalship rating
// until a general comes free. An army of equipment alone takes none.
#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>

#include "position/position.h"
#include "rules/army_strength/army_strength.h"
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

// Armies first (in the position's order), then garrisons of 1st-, 2nd- and 3rd-class fortresses,
// then those of cities that are no fortress.
int precedence(const Variant& v, const Command& c) {
    if (!c.garrison) return 0;
    const int fortress = v.campaign->fortress_class[c.province];
    return fortress == 0 ? 4 : fortress;
}

// An army of equipment alone (4c, docs/army-strength.md: A KOL SEND 2 SIEGE GUNS - AAC) is an
// army for order purposes only: it is no field army, and no general is taken from the pool for it.
bool equipment_alone(const Position& next, const Command& c) {
    if (c.garrison || c.dislodged) return false;
    const Unit* u = next.unit_at(c.province);
    return u != nullptr && army_strength::equipment_only(*u);
}

// "G3 von Kluck takes command of A LIE (type roll 6)", in one string given its room first: a
// starting pool's first week appoints a general to every command without one, and a chain of
// `+` made three or four strings for each.
std::string appointment_text(const Variant& v, const Pool& pool, int rank, const Command& c) {
    static constexpr std::string_view kTakes = " takes command of ";
    static constexpr std::string_view kRoll = " (type roll ";
    char digits[16];
    const auto written = std::to_chars(digits, digits + sizeof digits, rank);
    const auto rank_digits = static_cast<std::size_t>(written.ptr - digits);
    const std::string& name = pool.ranks[static_cast<std::size_t>(rank - 1)].name;
    const std::string& where = v.provinces[c.province].abbr;
    char roll[16];
    const auto roll_end = std::to_chars(roll, roll + sizeof roll,
                                        pool.ranks[static_cast<std::size_t>(rank - 1)].roll % 10);
    const auto roll_digits = static_cast<std::size_t>(roll_end.ptr - roll);
    std::string text;
    text.reserve(1 + rank_digits + 1 + name.size() + kTakes.size() + 2 + where.size() +
                 kRoll.size() + roll_digits + 1);
    text += 'G';
    text.append(digits, rank_digits);
    text += ' ';
    text += name;
    text += kTakes;
    text += c.garrison ? "G " : "A ";
    text += where;
    text += kRoll;
    text.append(roll, roll_digits);
    text += ')';
    return text;
}

}  // namespace

void appoint_generals(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    std::vector<Command> vacant;  // one list for every pool, cleared for each
    for (Pool& pool : state(next).pools) {
        vacant.clear();
        for_each_command(next, pool.power, [&](const Command& c) {
            if (c.general->empty() && !equipment_alone(next, c)) vacant.push_back(c);
        });
        std::stable_sort(vacant.begin(), vacant.end(), [&](const Command& a, const Command& b) {
            return precedence(v, a) < precedence(v, b);
        });
        for (const Command& c : vacant) {
            const auto free = std::find_if(pool.ranks.begin(), pool.ranks.end(),
                                           [](const PoolGeneral& g) { return !g.active; });
            if (free == pool.ranks.end()) break;
            free->active = true;
            *c.general = free->name;
            *c.roll = free->roll;
            const int rank = static_cast<int>(free - pool.ranks.begin()) + 1;
            record(ctx, "general.appointed", pool.power, appointment_text(v, pool, rank, c));
        }
    }
}

}  // namespace adjutant::generals
