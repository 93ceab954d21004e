// SPDX-License-Identifier: Apache-2.0
// 4g "Each must be named and the initial die roll for type recorded": every general of a pool
// whose type roll is not yet recorded has it rolled as the week ends, so a starting pool (dealt
// without dice) is rolled as the first week ends, and a replacement as he joins. The die is the
// one the sieges roll for a general whose roll they need (d10 `general-type`, subject his name),
// so a roll the sieges made earlier in the same week reads the same.
#include <charconv>
#include <string_view>

#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

std::int32_t roll_type(TurnContext& ctx, const std::string& name, PowerId power, std::string kind,
                       std::string text) {
    const int value = ctx.dice.d10("general-type", name, 0);
    const char face = static_cast<char>('0' + value % 10);
    text += face;
    Event& e = record(ctx, std::move(kind), power, std::move(text));
    std::string table = "type roll ";
    table += face;
    e.roll = Roll{"general-type", name, value, std::move(table), ""};
    return value;
}

namespace {

// "G3 von Kluck's type roll is recorded: ", with room for the face roll_type adds: the text
// general_text() + "..." made in one string sized first. A starting pool's first week records
// some ninety of these, and the chain of `+` took two or three allocations for each.
std::string roll_text(const PoolGeneral& g, int rank) {
    static constexpr std::string_view kRecorded = "'s type roll is recorded: ";
    char digits[16];
    const auto written = std::to_chars(digits, digits + sizeof digits, rank);
    const auto rank_digits = static_cast<std::size_t>(written.ptr - digits);
    std::string text;
    text.reserve(1 + rank_digits + 1 + g.name.size() + kRecorded.size() + 1);
    text += 'G';
    text.append(digits, rank_digits);
    text += ' ';
    text += g.name;
    text += kRecorded;
    return text;
}

}  // namespace

void record_type_rolls(TurnContext& ctx) {
    Position& next = ctx.result.next;
    for (Pool& pool : state(next).pools) {
        for (std::size_t i = 0; i < pool.ranks.size(); ++i) {
            PoolGeneral& g = pool.ranks[i];
            if (g.roll != 0) continue;
            const auto command = command_of(next, pool.power, g.name);
            g.roll = roll_type(ctx, g.name, pool.power, "general.type_roll",
                               roll_text(g, static_cast<int>(i) + 1));
            // His command's roll carries his career from now on; one the sieges already
            // recorded (and may have added to) stays.
            if (command && *command->roll == 0) *command->roll = g.roll;
        }
    }
}

}  // namespace adjutant::generals
